// The basket's summary card: goods, shipping, discount and total from the
// daemon's quote, the waste fee shown as included, and the step's button:
// "Proceed to checkout", or the order button with what the shopper must
// know before ordering (no returns for creator designs, or their right of
// withdrawal when the owner grants it, the delivery estimate, a changed
// price, a paused shop).
import type { Ref } from "react";
import type { Translate } from "../i18n";
import type { Country } from "./deliveries";
import { methodName } from "./DeliveryMethods";
import type { ChosenPoint } from "./draft";
import { streetLine } from "./lockers";
import type { Quote } from "./quote";

export type Placing =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "error"; message: string }
  | { kind: "changed"; total: number }
  | { kind: "done" };

export interface SummaryProps {
  id: string;
  t: Translate;
  money: (minor: number) => string;
  quote?: Quote;
  quotePending: boolean;
  quoteFailed: boolean;
  hasLineErrors: boolean;
  /** The quote is current and every line priced: the order can go. */
  ready: boolean;
  step: "basket" | "checkout";
  country?: Country;
  /** The method the order goes by ("courier", "locker"). */
  method: string;
  /** The chosen locker, for a locker delivery. */
  point: ChosenPoint | null;
  /** The applied code (its name when the quote does not say it). */
  code: string;
  notReturnable: boolean;
  /** A design in the order carries the right of withdrawal ([legal] creator_returnable). */
  creatorReturnable: boolean;
  paused: boolean;
  placing: Placing;
  /** The checkout form the order button submits. */
  formId: string;
  summaryRef: Ref<HTMLDivElement>;
  onRetry: () => void;
  onCheckout: () => void;
}

export function Summary(p: SummaryProps) {
  const { t, money, quote, placing, id } = p;
  const orderLabel = p.paused
    ? t("orders.paused_button")
    : placing.kind === "pending"
      ? t("checkout.placing")
      : placing.kind === "changed"
        ? t("checkout.confirm_again", { total: money(quote?.totals.total ?? placing.total) })
        : t("checkout.order", { total: quote ? money(quote.totals.total) : "" });
  return (
    <div className="basket-summary card card--pad" ref={p.summaryRef} tabIndex={-1} aria-labelledby={`${id}-summary`}>
      <h2 id={`${id}-summary`} className="basket-summary__title">
        {t("basket.summary_title")}
      </h2>
      {quote ? (
        <dl className="basket-summary__rows" aria-busy={p.quotePending || undefined}>
          <Row label={t("basket.subtotal")} value={money(quote.totals.subtotal)} />
          <Row
            label={
              p.country
                ? p.method && p.country.methods.length > 1
                  ? t("basket.shipping_method", { method: methodName(t, p.method), country: p.country.name })
                  : t("basket.shipping_to", { country: p.country.name })
                : t("basket.shipping")
            }
            value={p.country && quote.delivery_days[0] ? money(quote.totals.shipping) : t("basket.shipping_choose")}
          />
          {p.step === "checkout" && p.country && p.method === "locker" && (
            <div className="basket-summary__point">
              <dt className="visually-hidden">{t("checkout.lockers.chosen_title")}</dt>
              <dd>
                {p.point ? (
                  <>
                    <strong>{p.point.code}</strong>: {streetLine(p.point)}, {p.point.zip} {p.point.city}
                  </>
                ) : (
                  t("checkout.lockers.not_chosen")
                )}
              </dd>
            </div>
          )}
          {quote.totals.discount > 0 && (
            <Row label={t("basket.discount", { code: quote.coupon ?? p.code })} value={"−" + money(quote.totals.discount)} />
          )}
          <Row label={t("basket.total")} value={money(quote.totals.total)} total />
        </dl>
      ) : p.quoteFailed ? null : (
        <p className="basket-summary__pending">
          <span className="spinner" aria-hidden="true" /> {t("basket.pricing")}
        </p>
      )}
      {quote && (
        <p className="basket-summary__note">
          {t("basket.taxes_included")}
          {quote.totals.waste_fee > 0 && <> {t("basket.waste_fee_included", { fee: money(quote.totals.waste_fee) })}</>}
        </p>
      )}
      {p.quoteFailed && (
        <div className="notice notice--warn" role="alert">
          <p>{t("basket.quote_failed")}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={p.onRetry}>
            {t("basket.retry")}
          </button>
        </div>
      )}
      {p.hasLineErrors && (
        <p className="notice notice--warn" role="alert">
          {t("basket.lines_invalid")}
        </p>
      )}
      {placing.kind === "changed" && (
        <div className="notice notice--warn" role="alert">
          <p>
            <strong>{t("checkout.prices_changed_title")}</strong>{" "}
            {t("checkout.prices_changed", { total: money(quote?.totals.total ?? placing.total) })}
          </p>
        </div>
      )}
      {p.step === "basket" ? (
        <button type="button" className="btn btn--primary btn--lg btn--block" onClick={p.onCheckout} disabled={p.hasLineErrors}>
          {t("basket.to_checkout")}
        </button>
      ) : (
        <>
          {p.notReturnable && (
            <p className="notice notice--warn basket-summary__noreturn" id={`${id}-noreturn`}>
              <strong>{t("checkout.not_returnable_title")}</strong> {t("checkout.not_returnable")}
            </p>
          )}
          {/* [legal] creator_returnable (docs/legal.md#withdrawal): the design's right of withdrawal. */}
          {p.creatorReturnable && !p.notReturnable && (
            <p className="notice basket-summary__return" id={`${id}-return`}>
              <strong>{t("creator_withdrawal.checkout_title")}</strong> {t("creator_withdrawal.checkout")}
            </p>
          )}
          {quote && quote.delivery_days[0] > 0 && (
            <p className="basket-summary__eta">
              {t("checkout.eta", { count: quote.build_days, min: quote.delivery_days[0], max: quote.delivery_days[1] })}
            </p>
          )}
          <button
            type="submit"
            form={p.formId}
            className={`btn btn--primary btn--lg btn--block${p.paused ? " btn--paused" : ""}`}
            // Paused, the button stays live: it opens the modal that explains.
            disabled={!p.paused && (placing.kind === "pending" || placing.kind === "done" || !p.ready)}
            aria-describedby={p.notReturnable ? `${id}-noreturn` : p.creatorReturnable ? `${id}-return` : undefined}
          >
            {placing.kind === "pending" && <span className="spinner" aria-hidden="true" />}
            {orderLabel}
          </button>
          {placing.kind === "error" && (
            <p className="field-error basket-summary__error" role="alert">
              {placing.message}
            </p>
          )}
          <p className="basket-summary__fine">{t("checkout.pay_after")}</p>
        </>
      )}
    </div>
  );
}

function Row({ label, value, total }: { label: string; value: string; total?: boolean }) {
  return (
    <div className={`basket-summary__row${total ? " basket-summary__row--total" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
