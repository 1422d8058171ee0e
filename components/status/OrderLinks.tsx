// "Resend my order links" (POST /v1/orders/links): a shopper who lost the
// order e-mail types the address they ordered with and gets the status
// links there. The answer is the same whether or not the address has
// orders, so the confirmation says "if".
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useIslandId } from "../islandId";
import type { Translate } from "../i18n";
import { postOrderLinks } from "./api";

export interface OrderLinksProps {
  t: Translate;
  locale: string;
}

export function OrderLinks({ t, locale }: OrderLinksProps) {
  const id = useIslandId();
  // Controlled: what was typed stays after an error.
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ text: string; field: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!value || !input.current?.checkValidity()) {
      setError({ text: t("order_links.invalid_email"), field: true });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const a = await postOrderLinks(value, locale);
    setBusy(false);
    if (a.ok) {
      setDone(true);
      return;
    }
    if (a.fields.email) setError({ text: a.fields.email, field: true });
    else setError({ text: a.status === 0 ? t("order_links.error") : a.message || t("order_links.error"), field: false });
    input.current?.focus();
  }

  const titleId = `${id}-title`;
  const errorId = `${id}-error`;
  return (
    <section className="card card--pad order-links" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-section__heading">
        {t("order_links.title")}
      </h2>
      {done ? (
        <div ref={doneRef} className="form-done" tabIndex={-1} role="status">
          <p className="form-done__title">
            <span className="form-done__icon" aria-hidden="true" />
            {t("order_links.done_title")}
          </p>
          <p className="form-done__text">{t("order_links.done", { email: email.trim() })}</p>
        </div>
      ) : (
        <form className="order-links__form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
          <p className="order-links__text">{t("order_links.text")}</p>
          <label className="form-field__label" htmlFor={`${id}-email`}>
            {t("order_links.email_label")}
          </label>
          <div className="order-links__row">
            <input
              id={`${id}-email`}
              ref={input}
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t("order_links.placeholder")}
              value={email}
              readOnly={busy}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              aria-invalid={error?.field ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <button className="btn btn--primary" type="submit" disabled={busy}>
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? t("order_links.sending") : t("order_links.submit")}
            </button>
          </div>
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error.text}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
