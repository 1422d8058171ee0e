import { useState } from "react";
import { call, type DeskMail, type DeskOrder, type OpenedMail } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";
import { Notice } from "../Notice";

/**
 * An order's e-mails: each one delivered opens (as the customer's mail
 * program showed it, in a sandboxed frame, or as plain text) and can be
 * sent again word for word; the ones still in the outbox say so.
 */
export function Mails({ t, locale, o, onChanged }: { t: Translate; locale: string; o: DeskOrder; onChanged: (o: DeskOrder) => void }) {
  const [open, setOpen] = useState<OpenedMail | null>(null);
  const [plain, setPlain] = useState(false);
  const [note, setNote] = useState("");
  const [error, setError] = useState("");

  const show = async (m: DeskMail) => {
    if (open?.id === m.id) {
      setOpen(null);
      return;
    }
    const res = await call<OpenedMail>("GET", `orders/${o.id}/mails/${m.id}`);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setError("");
    setPlain(!res.data.html_url);
    setOpen(res.data);
  };

  const resend = async (m: DeskMail) => {
    if (!confirm(t("mail.resend_confirm", { to: m.to }))) return;
    setNote("");
    const res = await call<DeskOrder>("POST", `orders/${o.id}/mails/${m.id}/resend`, {});
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setError("");
    onChanged(res.data);
    setNote(t("mail.resent"));
  };

  return (
    <div className="card card--pad">
      <h2 className="desk-h2">{t("order.mails")}</h2>
      <Notice error={error} />
      {o.mails.length === 0 ? (
        <p>{t("order.none")}</p>
      ) : (
        <ul className="desk-mails">
          {o.mails.map((m) => (
            <li key={m.id} className="desk-mail">
              <span className="desk-mail__what">
                <strong>{m.subject || m.kind}</strong>
                {m.about && <span className="desk-mail__about">{m.kind === "stage_reached" ? t("mail.about_stage", { name: m.about }) : m.about}</span>}
                <span className="desk-mail__meta">
                  {m.queued ? t("mail.queued") : m.sent ? formatInstant(locale, m.sent) : ""} → {m.to}
                </span>
              </span>
              {m.kept && !m.queued && (
                <span className="desk-mail__buttons">
                  <button className="btn btn--ghost btn--sm" type="button" aria-expanded={open?.id === m.id} onClick={() => void show(m)}>
                    {open?.id === m.id ? t("mail.close") : t("mail.open")}
                  </button>
                  <button className="btn btn--ghost btn--sm" type="button" onClick={() => void resend(m)}>
                    {t("mail.resend")}
                  </button>
                </span>
              )}
              {open?.id === m.id && (
                <div className="desk-mail__view">
                  {open.html_url && (
                    <p className="desk-mail__switch">
                      <button className="btn btn--ghost btn--sm" type="button" aria-pressed={!plain} onClick={() => setPlain(false)}>
                        {t("mail.html")}
                      </button>
                      <button className="btn btn--ghost btn--sm" type="button" aria-pressed={plain} onClick={() => setPlain(true)}>
                        {t("mail.text")}
                      </button>
                    </p>
                  )}
                  {plain || !open.html_url ? (
                    <pre className="desk-mail__text">{open.text}</pre>
                  ) : (
                    // sandbox="": no script, no forms, no top navigation; the
                    // answer's own CSP says the same (order_mail_html.go).
                    <iframe className="desk-mail__frame" sandbox="" src={open.html_url} title={t("mail.frame_title", { subject: open.subject })} />
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {note && (
        <p className="desk-saved" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
