import { useId, useState, type FormEvent } from "react";
import { call, type Erasure } from "../api";
import type { Translate } from "../i18n";
import { formatDate } from "../../components/dates";
import { localDay } from "../../components/status/OrderView";
import { Notice } from "../Notice";

/**
 * A person's request about their data (GDPR art. 15, 17, 20): download
 * everything held about one address as JSON, or erase what may go now
 * (the sign-up, the messages); orders stay for the tax period and the
 * answer says until when.
 */
export function PersonalData({ t, locale }: { t: Translate; locale: string }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [done, setDone] = useState<Erasure | null>(null);
  const valid = /^[^\s@]+@[^\s@]+$/.test(email.trim());

  const erase = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!valid || !confirm(t("privacy.erase_confirm", { email: email.trim() }))) return;
    const res = await call<Erasure>("POST", "privacy/erase", { email: email.trim() });
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setError("");
    setDone(res.data);
  };

  return (
    <form className="card card--pad desk-privacy" aria-labelledby={`${id}-title`} onSubmit={(e) => void erase(e)}>
      <h2 id={`${id}-title`} className="desk-h2">
        {t("privacy.title")}
      </h2>
      <p>{t("privacy.lead")}</p>
      <Notice error={error} />
      <label className="form-field__label" htmlFor={`${id}-email`}>
        {t("privacy.email")}
      </label>
      <input
        id={`${id}-email`}
        className="input"
        name="email"
        type="email"
        required
        autoComplete="off"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setDone(null);
        }}
      />
      <div className="desk-row">
        {valid ? (
          <a className="btn btn--ghost" href={`/admin/api/privacy/export?email=${encodeURIComponent(email.trim())}`} download>
            {t("privacy.export")}
          </a>
        ) : (
          <button className="btn btn--ghost" type="button" disabled>
            {t("privacy.export")}
          </button>
        )}
        <button className="btn btn--ghost" type="submit" disabled={!valid}>
          {t("privacy.erase")}
        </button>
      </div>
      {done && (
        <div role="status" className="desk-saved">
          <p>
            {t(done.subscription ? "privacy.erased_subscription" : "privacy.no_subscription")}{" "}
            {t("privacy.erased_messages", { count: done.messages })}
          </p>
          {done.orders.length === 0 ? (
            <p>{t("privacy.no_orders")}</p>
          ) : (
            <ul className="desk-plain">
              {done.orders.map((o) => (
                <li key={o.id}>
                  {t("privacy.kept", { id: o.id, date: formatDate(locale, localDay(o.anonymised_on)) })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
