// Contact: the page text, then the company's details and hours.
import type { RenderRequest } from "../components/generated/pagedata";
import { Layout } from "../components/Layout";
import { Island } from "../components/Island";
import { PageHeader, Prose } from "../components/blocks";
import { useT } from "../components/i18n";
import { dataOf } from "../components/page";

export default function Contact(req: RenderRequest) {
  dataOf(req, "contact");
  const { page, site } = req;
  const t = useT();
  const c = site.company;
  const h = site.hours;
  // The config writes days in English ("Mon-Fri"); the bundles translate the
  // known spans (contact.days.mon_fri) and anything else is shown as written.
  const daysKey = `contact.days.${h.days.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
  const days = t(daysKey) === daysKey ? h.days : t(daysKey);
  return (
    <Layout req={req}>
      <PageHeader page={page} />
      <div className="container section contact">
        <div className="contact__text">
          <Prose page={page} />
          <section className="contact__message card card--pad" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">
              {t("contact.form_title")} <span className="soon-badge">{t("contact_form.coming_soon")}</span>
            </h2>
            <p className="contact-form__note">{t("contact_form.note")}</p>
            <Island
              name="ContactForm"
              hydrate="idle"
              props={{
                action: "/v1/contact",
                locale: site.locale,
                emailLabel: t("contact_form.email_label"),
                emailPlaceholder: t("contact_form.email_placeholder"),
                messageLabel: t("contact_form.message_label"),
                submit: t("contact_form.submit"),
                sending: t("forms.sending"),
                done: t("contact_form.done"),
                doneText: t("contact_form.done_text"),
                error: t("contact_form.error"),
                invalidEmail: t("contact_form.invalid_email"),
                invalidMessage: t("contact_form.invalid_message"),
              }}
            />
            <p className="contact-form__alt">
              <a className="btn btn--ghost" href={`mailto:${c.email}`}>
                {t("contact.write_email")}
              </a>
            </p>
          </section>
        </div>
        <aside className="contact__aside" aria-labelledby="company-title">
          <div className="card card--pad">
            <h2 id="company-title" className="contact__heading">
              {t("contact.company_title")}
            </h2>
            <address className="contact__address">
              <strong>{c.name}</strong>
              <br />
              {c.street}
              <br />
              {c.zip} {c.city}
              <br />
              {c.country}
            </address>
            <dl className="facts">
              <div>
                <dt>{t("contact.owner")}</dt>
                <dd>{c.owner}</dd>
              </div>
              <div>
                <dt>{t("contact.tax_id")}</dt>
                <dd>{c.tax_id}</dd>
              </div>
              <div>
                <dt>{t("contact.email")}</dt>
                <dd>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </dd>
              </div>
              <div>
                <dt>{t("contact.phone")}</dt>
                <dd>
                  <a href={`tel:${c.phone.replace(/[^+\d]/g, "")}`}>{c.phone}</a>
                </dd>
              </div>
              <div>
                <dt>{t("contact.hours")}</dt>
                <dd>{t("contact.hours_value", { days, open: h.open, close: h.close })}</dd>
              </div>
            </dl>
          </div>
        </aside>
      </div>
    </Layout>
  );
}
