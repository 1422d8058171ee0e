import type { Me } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";

/** The first page after signing in (the orders' overview comes next). */
export function Today({ t, locale, me }: { t: Translate; locale: string; me: Me }) {
  return (
    <section className="desk-page" aria-labelledby="today-title">
      <h1 id="today-title" className="desk-page__title">
        {t("today.title")}
      </h1>
      <p className="desk-page__lead">{t("today.hello", { name: me.name })}</p>
      <div className="card card--pad">
        <p>{t("today.coming")}</p>
        <p className="desk-muted">{t("today.session", { time: formatInstant(locale, me.expires) })}</p>
      </div>
    </section>
  );
}
