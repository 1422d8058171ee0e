// A safety text's own page (/safety/cs, /pl/safety/cs, ...): the site's
// interface in its locale around the text in its language, the
// manufacturer above it and the other languages below
// (docs/legal.md#product-safety).
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { useI18n } from "../components/i18n";
import { dataOf } from "../components/page";
import { SafetyFacts, SafetyLanguages, SafetyText } from "../components/SafetyInfo";

export default function Safety(req: RenderRequest) {
  const { safety } = dataOf(req, "safety");
  const { t } = useI18n();
  return (
    <Layout req={req}>
      <article className="page safety-page">
        {/* PageHeader's markup, the language's own name marked as such. */}
        <header className="page-header">
          <div className="container">
            <h1 className="page-header__title">
              {/* A no-break space: the dash never starts a line. */}
              {t("safety.title")}
              {"\u00a0– "}
              <span lang={safety.lang}>{safety.name}</span>
            </h1>
            <p className="page-header__lead">{t("safety.page_lead", { manufacturer: safety.manufacturer.name })}</p>
          </div>
        </header>
        <div className="container container--text section">
          <SafetyFacts safety={safety} />
          <h2 className="safety-page__title" lang={safety.lang}>
            {safety.title}
          </h2>
          <SafetyText safety={safety} />
          <SafetyLanguages safety={safety} id="safety-languages" />
        </div>
      </article>
    </Layout>
  );
}
