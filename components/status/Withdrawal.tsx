// The withdrawal function (docs/legal.md#withdrawal; Directive (EU)
// 2023/2673, art. 11a of Directive 2011/83/EU): on an eligible order a
// clearly labelled button opens a form that asks only what the law allows
// (the name and where the confirmation goes; the order is known, no reason),
// and "Confirm withdrawal" sends it. Once received, the section says when and
// where the confirmation went; on an order that does not offer it, why not.
import { useRef, useState, type FormEvent } from "react";
import { useIslandId } from "../islandId";
import type { Translate } from "../i18n";
import { formatInstant } from "../dates";
import { showToast } from "../toast";
import { postWithdrawal, type Order } from "./api";

export interface WithdrawalProps {
  t: Translate;
  locale: string;
  order: Order;
  onOrder: (order: Order) => void;
}

/** The page on the right of withdrawal, in this version of the site: a legal page keeps its slug in every locale. */
function withdrawalPage(): string {
  if (typeof window === "undefined") return "/legal-withdrawal";
  return window.location.pathname.replace(/status\/[^/]*\/?$/, "legal-withdrawal");
}

export function Withdrawal({ t, locale, order, onOrder }: WithdrawalProps) {
  const id = useIslandId();
  const w = order.withdrawal;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(`${order.customer.first_name} ${order.customer.last_name}`.trim());
  const [email, setEmail] = useState(order.customer.email);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setErrors({});
    const a = await postWithdrawal(order.hash, { name, email, locale });
    setBusy(false);
    if (a.ok) {
      setOpen(false);
      showToast(a.data.message, "success");
      onOrder(a.data.order);
      return;
    }
    setErrors(a.fields);
    setError(Object.keys(a.fields).length ? null : a.message || t("order_status.withdrawal.error"));
    if (a.status === 409) onOrder({ ...order, withdrawal: { ...w, offered: false, reason: a.code.replace(/^withdrawal_/, "") } });
    first.current?.focus();
  }

  let body;
  if (w.received) {
    body = (
      <p className="order-withdrawal__received" role="status">
        {t("order_status.withdrawal.received", { date: formatInstant(locale, w.received.at), email: w.received.email })}
      </p>
    );
  } else if (!w.offered) {
    body = (
      <p className="order-withdrawal__reason">
        {t(`order_status.withdrawal.reason.${w.reason ?? "not_returnable"}`, { date: w.deadline ? formatInstant(locale, w.deadline) : "" })}
      </p>
    );
  } else {
    const field = (key: "name" | "email", label: string, value: string, set: (v: string) => void, autoComplete: string) => (
      <div className={`form-field form-field--${key}`}>
        <label className="form-field__label" htmlFor={`${id}-${key}`}>
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          ref={key === "name" ? first : undefined}
          className="input"
          type={key === "email" ? "email" : "text"}
          name={key}
          autoComplete={autoComplete}
          required
          maxLength={key === "email" ? 254 : 100}
          value={value}
          readOnly={busy}
          onChange={(e) => set(e.target.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        />
        {errors[key] && (
          <p id={`${id}-${key}-error`} className="field-error" role="alert">
            {errors[key]}
          </p>
        )}
      </div>
    );
    body = (
      <>
        <p>{t("order_status.withdrawal.intro")}</p>
        {w.deadline && <p>{t("order_status.withdrawal.until", { date: formatInstant(locale, w.deadline) })}</p>}
        {w.excluded && <p className="order-line__note">{t("order_status.withdrawal.excluded")}</p>}
        {open ? (
          <form className="order-withdrawal__form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
            <p id={`${id}-hint`}>{t("order_status.withdrawal.form_intro", { number: order.id })}</p>
            {field("name", t("order_status.withdrawal.name"), name, setName, "name")}
            {field("email", t("order_status.withdrawal.email"), email, setEmail, "email")}
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="order-withdrawal__actions">
              <button className="btn btn--primary" type="submit" disabled={busy}>
                {busy && <span className="spinner" aria-hidden="true" />}
                {t("order_status.withdrawal.confirm")}
              </button>
              <button
                className="btn btn--ghost"
                type="button"
                disabled={busy}
                onClick={() => {
                  setOpen(false);
                  requestAnimationFrame(() => opener.current?.focus());
                }}
              >
                {t("order_status.withdrawal.cancel")}
              </button>
            </div>
          </form>
        ) : (
          <button
            ref={opener}
            className="btn btn--ghost order-withdrawal__open"
            type="button"
            onClick={() => {
              setOpen(true);
              requestAnimationFrame(() => first.current?.focus());
            }}
          >
            {t("order_status.withdrawal.open")}
          </button>
        )}
      </>
    );
  }
  return (
    <section className="card card--pad order-withdrawal" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="order-section__heading">
        {t("order_status.withdrawal.title")}
      </h2>
      {body}
      <p className="order-withdrawal__more">
        <a href={withdrawalPage()}>{t("order_status.withdrawal.more")}</a>
      </p>
      {order.terms_version && <p className="order-withdrawal__more">{t("order_status.withdrawal.terms", { version: order.terms_version })}</p>}
    </section>
  );
}
