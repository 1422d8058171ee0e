// Paying for an unpaid order (docs/payments.md): the methods the daemon
// offers (GET /v1/shop), the card form, or a redirect to the provider's
// page for a bank transfer / BLIK or PayPal.
import { useState } from "react";
import { useIslandId } from "../islandId";
import type { Translate } from "../i18n";
import { formatMoney } from "../money";
import { postPayment, type Answer, type Order, type PaymentAnswer, type PaymentMethod, type Shop } from "./api";
import { CardForm } from "./CardForm";

const ORDER: PaymentMethod[] = ["card", "bank", "paypal"];

/** The methods to offer: the daemon's, in a fixed order; card only with a key. */
export function availableMethods(shop: Shop): PaymentMethod[] {
  return ORDER.filter((m) => shop.payment_methods.includes(m) && (m !== "card" || shop.card_public_key !== ""));
}

export interface PaymentProps {
  t: Translate;
  locale: string;
  order: Order;
  shop: Shop;
  /** A started payment's answer (paid, pending, 3ds); redirects are followed here. */
  onStarted: (answer: PaymentAnswer) => void;
}

export function Payment({ t, locale, order, shop, onStarted }: PaymentProps) {
  const id = useIslandId();
  const methods = availableMethods(shop);
  const [method, setMethod] = useState<PaymentMethod | undefined>(methods[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(locale, order.totals.total, order.currency);

  /** The general failure text for an answer that is not a started payment. */
  function failure(a: Exclude<Answer<PaymentAnswer>, { ok: true }>): string {
    if (a.status === 402) return t("payment.error");
    if (a.status === 422 && a.fields.name) return a.fields.name;
    if (a.status === 0 || a.status >= 500 || !a.message) return t("payment_form.unavailable");
    return a.message;
  }

  async function start(m: PaymentMethod, extra: { encrypted?: string; name?: string } = {}): Promise<string | null> {
    const a = await postPayment(order.hash, { method: m, locale, ...extra });
    if (!a.ok) return failure(a);
    if (a.data.status === "redirect" && a.data.url) {
      window.location.assign(a.data.url);
      return null;
    }
    onStarted(a.data);
    return null;
  }

  async function redirect(m: PaymentMethod) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const failed = await start(m);
    if (failed) {
      setBusy(false);
      setError(failed);
    }
    // Otherwise the browser is on its way to the provider: stay busy.
  }

  if (methods.length === 0) {
    return <p className="notice notice--warn">{t("payment_form.no_methods")}</p>;
  }

  return (
    <section className="payment" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="payment__title">
        {t("payment_form.title")} <span className="payment__amount">{t("payment_form.amount", { amount })}</span>
      </h3>
      {methods.length > 1 && (
        <div className="payment__methods" role="group" aria-label={t("payment_form.methods_label")}>
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              className={`payment__method payment__method--${m}`}
              aria-pressed={method === m}
              aria-controls={`${id}-panel`}
              onClick={() => {
                setMethod(m);
                setError(null);
              }}
            >
              <span className="payment__method-icon" aria-hidden="true" />
              {t(`payment_form.method_${m}`)}
            </button>
          ))}
        </div>
      )}
      <div id={`${id}-panel`} className="payment__panel">
        {method === "card" && (
          <CardForm
            t={t}
            publicKey={shop.card_public_key}
            payLabel={t("payment_form.pay", { amount })}
            onPay={(encrypted, name) => start("card", { encrypted, name })}
          />
        )}
        {(method === "bank" || method === "paypal") && (
          <div className="payment__redirect">
            <p>{t(`payment_form.${method}_text`)}</p>
            <button className="btn btn--primary btn--block btn--lg" type="button" disabled={busy} onClick={() => void redirect(method)}>
              {busy && <span className="spinner" aria-hidden="true" />}
              {busy ? t("payment_form.redirecting") : t(`payment_form.${method}_button`)}
            </button>
            {error && (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
