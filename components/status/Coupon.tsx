// A discount code added after ordering
// (docs/product-rules.md#discount-codes), only from the minimum goods value:
// below it the field is disabled and says why.
import { useRef, useState, type FormEvent } from "react";
import { useIslandId } from "../islandId";
import type { Translate } from "../i18n";
import { formatMoney } from "../money";
import { showToast } from "../toast";
import { postCoupon, type Order } from "./api";

export interface CouponProps {
  t: Translate;
  locale: string;
  order: Order;
  onApplied: (order: Order) => void;
}

export function Coupon({ t, locale, order, onApplied }: CouponProps) {
  const id = useIslandId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const below = order.totals.subtotal < order.coupon_minimum;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || below) return;
    setBusy(true);
    setError(null);
    const a = await postCoupon(order.hash, code.trim(), locale);
    setBusy(false);
    if (a.ok) {
      setCode("");
      showToast(a.data.message || t("order_status.coupon.applied"), "success");
      onApplied(a.data.order);
      return;
    }
    setError(a.fields.code || a.message || t("order_status.coupon.error"));
    input.current?.focus();
  }

  const errorId = `${id}-error`;
  const minimumId = `${id}-minimum`;
  const describedBy = [below ? minimumId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <form className="coupon" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <label className="form-field__label" htmlFor={`${id}-code`}>
        {t("order_status.coupon.label")}
      </label>
      <div className="coupon__row">
        <input
          id={`${id}-code`}
          ref={input}
          className="input coupon__input"
          type="text"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          disabled={below}
          readOnly={busy}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button className="btn btn--ghost coupon__apply" type="submit" disabled={below || busy || code.trim() === ""}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t("order_status.coupon.applying") : t("order_status.coupon.apply")}
        </button>
      </div>
      {below && (
        <p id={minimumId} className="coupon__minimum">
          {t("order_status.coupon.minimum", { minimum: formatMoney(locale, order.coupon_minimum, order.currency) })}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
