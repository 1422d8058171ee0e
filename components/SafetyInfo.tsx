// Product safety information (General Product Safety Regulation (EU)
// 2023/988, art. 19; docs/legal.md#product-safety): the section of a
// product's and the creator's page, and the body of a safety text's own
// page (templates/Safety.tsx). Static markup only: no island, no script.
import type { Party } from "./generated/catalog";
import type { SafetyInfo } from "./generated/pagedata";
import { useI18n } from "./i18n";

/** A party's name, postal address and e-mail (and web) address. */
function PartyLines({ party }: { party: Party }) {
  return (
    <>
      {party.name}
      <br />
      {party.street}
      <br />
      {party.zip} {party.city}, {party.country}
      <br />
      <a href={`mailto:${party.email}`}>{party.email}</a>
      {party.web && (
        <>
          <br />
          <a href={party.web}>{party.web.replace(/^https?:\/\//, "")}</a>
        </>
      )}
    </>
  );
}

/** Who makes the product (and answers for it in the EU), its type and model. */
export function SafetyFacts({ safety }: { safety: SafetyInfo }) {
  const { t } = useI18n();
  return (
    <dl className="specs__list safety__facts">
      <div className="specs__row">
        <dt>{t("safety.manufacturer")}</dt>
        <dd>
          <PartyLines party={safety.manufacturer} />
        </dd>
      </div>
      {safety.eu_responsible && (
        <div className="specs__row">
          <dt>{t("safety.eu_responsible")}</dt>
          <dd>
            <PartyLines party={safety.eu_responsible} />
          </dd>
        </div>
      )}
      {safety.type && (
        <div className="specs__row">
          <dt>{t("safety.type")}</dt>
          <dd>{safety.type}</dd>
        </div>
      )}
      {safety.model && (
        <>
          <div className="specs__row">
            <dt>{t("safety.model")}</dt>
            <dd>{safety.model}</dd>
          </div>
          <div className="specs__row">
            <dt>{t("safety.batch")}</dt>
            <dd>{t("safety.batch_text")}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The safety text in its language, its headings under the page's h2. */
export function SafetyText({ safety }: { safety: SafetyInfo }) {
  return <div className="prose safety__text" lang={safety.lang} dangerouslySetInnerHTML={{ __html: safety.html }} />;
}

/** Links to the text in the other languages of the delivery countries, by their own names. */
export function SafetyLanguages({ safety, id }: { safety: SafetyInfo; id: string }) {
  const { t } = useI18n();
  if (safety.others.length === 0) return null;
  return (
    <nav className="safety__languages" aria-labelledby={id}>
      <p id={id} className="safety__languages-title">
        {t("safety.other_languages")}
      </p>
      <ul className="safety__language-list" role="list">
        {safety.others.map((o) => (
          <li key={o.lang}>
            <a href={o.href} lang={o.lang} hrefLang={o.lang}>
              {o.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The section of a product's or the creator's page: id "safety", its h2, the facts, the text, the other languages. */
export function SafetySection({ safety }: { safety: SafetyInfo }) {
  const { t } = useI18n();
  return (
    <section id="safety" className="safety" aria-labelledby="safety-title">
      <h2 id="safety-title" className="specs__title">
        {t("safety.title")}
      </h2>
      <SafetyFacts safety={safety} />
      <SafetyText safety={safety} />
      <SafetyLanguages safety={safety} id="safety-languages" />
    </section>
  );
}
