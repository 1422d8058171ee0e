import { useCallback, useEffect, useState } from "react";
import { call, type AuditAnswer, type AuditEntry } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";
import { Notice } from "../Notice";

/** The audit log: who did what, when, from where; newest first. */
export function Activity({ t, locale }: { t: Translate; locale: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [before, setBefore] = useState(0);
  const [error, setError] = useState("");

  const load = useCallback(async (from: number) => {
    const res = await call<AuditAnswer>("GET", from ? `audit?before=${from}` : "audit");
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setEntries((old) => (from && old ? [...old, ...res.data.entries] : res.data.entries));
    setBefore(res.data.before);
  }, [t]);

  useEffect(() => {
    void load(0);
  }, [load]);

  // An action the texts do not name yet shows as its code.
  const label = (what: string) => {
    const key = `activity.codes.${what}`;
    const text = t(key);
    return text === key ? <code>{what}</code> : text;
  };

  return (
    <section className="desk-page" aria-labelledby="activity-title">
      <h1 id="activity-title" className="desk-page__title">
        {t("activity.title")}
      </h1>
      <p className="desk-page__lead">{t("activity.lead")}</p>
      <Notice error={error} />
      {entries && entries.length === 0 && <p>{t("activity.empty")}</p>}
      {entries && entries.length > 0 && (
        <ol className="desk-log">
          {entries.map((e) => (
            <li key={e.id} className="desk-log__entry card">
              <span className="desk-log__what">
                {label(e.what)} {e.target && <strong>{e.target}</strong>}
              </span>
              <span className="desk-log__meta">
                <time dateTime={e.at}>{formatInstant(locale, e.at)}</time>
                {" · "}
                {e.owner === "terminal" ? t("activity.terminal") : e.owner || "?"}
                {e.ip && ` · ${e.ip}`}
              </span>
              {e.detail && <span className="desk-log__detail">{e.detail}</span>}
            </li>
          ))}
        </ol>
      )}
      {before > 0 && (
        <button className="btn btn--ghost" type="button" onClick={() => void load(before)}>
          {t("activity.more")}
        </button>
      )}
    </section>
  );
}
