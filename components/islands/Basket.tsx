// The basket and its finalising step
// (docs/product-rules.md#basket-and-checkout): the persisted cart's lines
// priced by the daemon (POST /v1/quote), quantities, removal, clearing, then
// the customer form, shipping by country, a discount code, the terms, and the
// order (POST /v1/orders). What the shopper types is kept in the tab
// (draft.ts) so nothing is lost on an error or a reload. The state lives in
// three hooks: useDraft (the form in the tab), useBasket (lines, quote,
// code) and useCheckout (the finalising step and the order).
import "./basket.css";
import { useIslandId } from "../islandId";
import { CheckoutForm } from "../basket/CheckoutForm";
import { Lines, type BasketProduct } from "../basket/Lines";
import type { CreatorSlot } from "../generated/pagedata";
import { Summary } from "../basket/Summary";
import type { Country } from "../basket/deliveries";
import { useBasket } from "../basket/useBasket";
import { useCheckout } from "../basket/useCheckout";
import { useDraft } from "../basket/useDraft";
import { PausedDialog } from "../OrdersPaused";
import type { NotifyMeProps } from "./NotifyMe";
import { translator, type Bundle } from "../i18n";
import { formatMoney } from "../money";

export interface BasketProps {
  locale: string;
  currency: string;
  products: BasketProduct[];
  generators: { id: string; name: string }[];
  /** The creator's slots and parts (names, images) for creator lines. */
  creatorSlots: CreatorSlot[];
  /** The build's shipping list (GET /v1/deliveries replaces it). */
  countries: Country[];
  termsHref: string;
  withdrawalHref: string;
  shopHref: string;
  creatorHref: string;
  /** The build's flag; the daemon's quote and 409 have the last word. */
  ordersOpen: boolean;
  /** Creator designs carry the right of withdrawal ([legal] creator_returnable); the quote's lines have the last word. */
  creatorReturnable?: boolean;
  /** The footer's signup, for the paused modal. */
  notify: NotifyMeProps;
  /** basket.*, checkout.*, orders.*, creator_ui.basket.* and creator_withdrawal.* messages. */
  messages: Bundle;
}

export default function Basket(p: BasketProps) {
  const t = translator(p.locale, p.messages);
  const money = (minor: number) => formatMoney(p.locale, minor, p.currency);
  const id = useIslandId();
  const drafted = useDraft();
  const { draft, restored } = drafted;
  const basket = useBasket({
    locale: p.locale,
    currency: p.currency,
    countries: p.countries,
    products: p.products,
    t,
    country: draft.country,
    method: draft.method,
    restoredCode: restored?.code,
    creatorReturnable: p.creatorReturnable ?? false,
  });
  const checkout = useCheckout({ locale: p.locale, ordersOpen: p.ordersOpen, t, id }, drafted, basket);
  const { items, quote, quoteState } = basket;

  // Until the tab's cart is read and first priced, the server's loading
  // state stays: lines and summary then appear once, whole, and nothing on
  // the page moves for them (island-pending, site-ui.css).
  // ("empty" too: the render that first has the lines comes before the
  // quote's effect has asked.)
  const unpriced = items.length > 0 && !quote && (quoteState.kind === "pending" || quoteState.kind === "empty");
  if (!restored || unpriced) {
    return (
      <div className="basket basket--loading island-pending" aria-busy="true">
        <p className="basket__loading">
          <span className="spinner" aria-hidden="true" /> {t("basket.loading")}
        </p>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="basket basket--empty card card--pad">
        <h2 className="basket__empty-title">{t("basket.empty_title")}</h2>
        <p>{t("basket.empty_text")}</p>
        <p className="basket__empty-actions">
          <a className="btn btn--primary" href={p.shopHref}>
            {t("basket.to_shop")}
          </a>
          <a className="btn btn--ghost" href={p.creatorHref}>
            {t("basket.to_creator")}
          </a>
        </p>
      </div>
    );
  }

  const step = draft.step;

  return (
    <div className={`basket basket--${step}`}>
      <div className="basket__main">
        {step === "checkout" && (
          <CheckoutForm
            id={id}
            t={t}
            locale={p.locale}
            money={money}
            form={checkout.form}
            delivery={{
              countries: basket.countries,
              country: basket.country,
              methods: basket.methods,
              method: basket.method,
              closedPoints: checkout.closedPoints,
            }}
            code={checkout.code}
            links={{ terms: p.termsHref, withdrawal: p.withdrawalHref }}
          />
        )}
        <Lines
          id={id}
          t={t}
          money={money}
          items={items}
          quote={quote}
          products={p.products}
          generators={p.generators}
          creatorSlots={p.creatorSlots}
          creatorHref={p.creatorHref}
          step={step}
          lineError={basket.lineError}
          nameOf={basket.nameOf}
          onQuantity={basket.setQuantity}
          onRemove={basket.remove}
          onClear={basket.clear}
          onEditBasket={checkout.toBasket}
        />
      </div>
      <aside className="basket__aside">
        <Summary
          id={id}
          t={t}
          money={money}
          quote={quote}
          quotePending={quoteState.kind === "pending"}
          quoteFailed={quoteState.kind === "failed"}
          hasLineErrors={basket.hasLineErrors}
          ready={basket.ready}
          step={step}
          country={basket.country}
          method={basket.method}
          point={draft.point}
          code={basket.code}
          notReturnable={basket.notReturnable}
          creatorReturnable={basket.creatorReturnable}
          paused={checkout.paused}
          placing={checkout.placing}
          formId={`${id}-form`}
          summaryRef={checkout.summaryRef}
          onRetry={basket.requote}
          onCheckout={checkout.toCheckout}
        />
      </aside>
      <PausedDialog
        open={checkout.dialogOpen}
        title={checkout.pausedTexts.title}
        text={checkout.pausedTexts.text}
        locale={p.locale}
        reopens={(date) => t("orders.paused_reopens", { date })}
        close={t("orders.paused_close")}
        onClose={checkout.closeDialog}
        notify={p.notify}
      />
    </div>
  );
}
