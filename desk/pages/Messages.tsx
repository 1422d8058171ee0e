import { useCallback, useEffect, useState } from "react";
import { call, type ContactMessage, type MessagesAnswer } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";
import { Notice } from "../Notice";
import { mailtoHref } from "../mailto";

/** What shoppers wrote with the contact form, newest first; each one came by e-mail too. */
export function Messages({ t, locale }: { t: Translate; locale: string }) {
  const [list, setList] = useState<ContactMessage[] | null>(null);
  const [before, setBefore] = useState(0);
  const [error, setError] = useState("");

  const load = useCallback(
    async (from: number) => {
      const res = await call<MessagesAnswer>("GET", from ? `messages?before=${from}` : "messages");
      if (!res.ok) {
        setError(res.message || t("offline"));
        return;
      }
      setError("");
      setList((old) => (from && old ? [...old, ...res.data.messages] : res.data.messages));
      setBefore(res.data.before);
    },
    [t],
  );

  useEffect(() => {
    void load(0);
  }, [load]);

  return (
    <section className="desk-page" aria-labelledby="messages-title">
      <h1 id="messages-title" className="desk-page__title">
        {t("messages.title")}
      </h1>
      <p className="desk-page__lead">{t("messages.lead")}</p>
      <Notice error={error} />
      {list && list.length === 0 && <p>{t("messages.empty")}</p>}
      {list && list.length > 0 && (
        <ol className="desk-messages">
          {list.map((m) => {
            const reply = mailtoHref(m.email);
            return (
            <li key={m.id} className="card card--pad desk-message">
              <p className="desk-message__head">
                <strong>{m.name}</strong>
                <span className="desk-muted">
                  <time dateTime={m.created}>{formatInstant(locale, m.created)}</time> · {m.locale.toUpperCase()}
                </span>
              </p>
              <p className="desk-message__text">{m.message}</p>
              {reply ? (
                <a className="btn btn--ghost btn--sm" href={reply}>
                  {t("messages.reply", { email: m.email })}
                </a>
              ) : (
                <p className="desk-muted">{m.email}</p>
              )}
            </li>
            );
          })}
        </ol>
      )}
      {before > 0 && (
        <button className="btn btn--ghost" type="button" onClick={() => void load(before)}>
          {t("messages.more")}
        </button>
      )}
    </section>
  );
}
