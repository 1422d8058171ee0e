import { useEffect, useId, useState, type FormEvent } from "react";
import { call, type SaleAnnounced, type SalePreview, type SubscribersAnswer } from "../api";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";
import { Notice } from "../Notice";
import { PersonalData } from "./PersonalData";

const LOCALES = ["pl", "en", "de"];

/** The notify-me list: export, remove one on request, announce the sale. */
export function Subscribers({ t, locale }: { t: Translate; locale: string }) {
  const id = useId();
  const { data: d, set: setD, error, setError, reload: load } = useResource<SubscribersAnswer>("subscribers", t);
  const [note, setNote] = useState("");
  const [preview, setPreview] = useState<{ locale: string; subject: string; text: string } | null>(null);

  // While an announcement goes out, its progress is read again now and then.
  useEffect(() => {
    if (!d?.announcing) return;
    const timer = setTimeout(() => void load(), 3000);
    return () => clearTimeout(timer);
  }, [d, load]);

  const remove = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const res = await call<SubscribersAnswer>("POST", "subscribers/remove", { email: new FormData(form).get("email") });
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setError("");
    setD(res.data);
    setNote(t("subscribers.removed"));
    form.reset();
  };

  const show = async (locale: string) => {
    const res = await call<SalePreview>("GET", `sale-start/preview?locale=${locale}`);
    if (res.ok) setPreview(res.data);
  };

  const announce = async () => {
    if (!d || !confirm(t("subscribers.announce_confirm", { count: d.confirmed }))) return;
    const res = await call<SaleAnnounced>("POST", "sale-start");
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setNote(
      t("subscribers.announced", { count: res.data.queued }) +
        (res.data.skipped > 0 ? " " + t("subscribers.skipped", { count: res.data.skipped }) : ""),
    );
    void load();
  };

  return (
    <section className="desk-page" aria-labelledby="subs-title">
      <h1 id="subs-title" className="desk-page__title">
        {t("subscribers.title")}
      </h1>
      <p className="desk-page__lead">{t("subscribers.lead")}</p>
      <Notice error={error} />
      {note && (
        <p className="desk-saved" role="status">
          {note}
        </p>
      )}
      {d && (
        <>
          <div className="card card--pad desk-announce">
            <h2 className="desk-h2">{t("subscribers.announce_title")}</h2>
            <p>
              {t("subscribers.confirmed", { count: d.confirmed })}
              {d.announcing > 0 && ` · ${t("subscribers.announcing", { count: d.announcing })}`}
            </p>
            <div className="desk-row">
              {LOCALES.map((l) => (
                <button key={l} className="btn btn--ghost btn--sm" type="button" onClick={() => void show(l)} aria-pressed={preview?.locale === l}>
                  {t("subscribers.preview")} {l.toUpperCase()}
                </button>
              ))}
            </div>
            {preview && (
              <div className="desk-preview" lang={preview.locale}>
                <p>
                  <strong>{preview.subject}</strong>
                </p>
                <pre>{preview.text}</pre>
              </div>
            )}
            <button className="btn btn--primary" type="button" disabled={d.confirmed === 0} onClick={() => void announce()}>
              {t("subscribers.announce", { count: d.confirmed })}
            </button>
          </div>
          <div className="desk-row">
            <a className="btn btn--ghost" href="/admin/api/subscribers.csv" download>
              {t("subscribers.export")}
            </a>
          </div>
          <form className="card card--pad desk-remove" onSubmit={(e) => void remove(e)}>
            <label className="form-field__label" htmlFor={`${id}-email`}>
              {t("subscribers.remove_label")}
            </label>
            <div className="desk-row">
              <input id={`${id}-email`} className="input" name="email" type="email" required autoComplete="off" />
              <button className="btn btn--ghost" type="submit">
                {t("subscribers.remove")}
              </button>
            </div>
          </form>
          <PersonalData t={t} locale={locale} />
          {d.subscribers.length === 0 ? (
            <p>{t("subscribers.empty")}</p>
          ) : (
            <ul className="desk-plain desk-subs">
              {d.subscribers.map((s) => (
                <li key={s.email}>
                  {s.email} · {s.locale.toUpperCase()}
                  {!s.confirmed && ` · ${t("subscribers.pending")}`}
                  {s.unsubscribed && ` · ${t("subscribers.unsubscribed")}`}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
