// The creator's last section: the design's summary and full price, the way
// into the basket (or back into the line it was opened from), the copy of
// the link, and the paused-orders dialog. Its own component so that a
// press, whose state lives here (useAddToBasket), renders this section
// again and not the whole creator
// (docs/decisions/creator.md#the-buy-box-is-its-own-component).
import type { NotifyMeProps } from "../islands/NotifyMe";
import type { CreatorData } from "../generated/pagedata";
import type { FirstClick } from "../cart/firstClick";
import type { Translate } from "../i18n";
import { formatMoney } from "../money";
import { PausedButton, PausedDialog } from "../OrdersPaused";
import { canonical } from "./design";
import { HiltThumb } from "./HiltThumb";
import { useAddToBasket } from "./useAddToBasket";
import { CREATOR, type DesignState } from "./useDesign";

export interface BuyBoxProps {
  /** The heading's id. */
  id: string;
  locale: string;
  currency: string;
  ordersOpen: boolean;
  basketHref: string;
  notify: NotifyMeProps;
  firstClick?: FirstClick;
  creator: CreatorData;
  design: DesignState;
  /** The hilt's parts, named. */
  names: string;
  /** The design's price in minor units. */
  price: number;
  t: Translate;
  onCopyLink: () => void;
}

export function BuyBox(p: BuyBoxProps) {
  const { t, creator: cat, design: d } = p;
  const { design, editLine } = d;
  const buy = useAddToBasket({ locale: p.locale, currency: p.currency, ordersOpen: p.ordersOpen, price: p.price, t, firstClick: p.firstClick }, d);
  const money = (minor: number) => formatMoney(p.locale, minor, p.currency);
  return (
    <section className="creator__buy card card--pad" aria-labelledby={p.id} data-later="buy">
      <h2 id={p.id} className="creator__buy-title">
        {t("creator_ui.price_title")}
      </h2>
      <div className="creator__summary">
        <HiltThumb slots={cat.slots} parts={design.parts} label={p.names} />
        <p className="creator__summary-text">
          {p.names} · {cat.generators.find((g) => g.id === design.generator)?.name}
        </p>
      </div>
      <p className="price price--lg">
        <span className="price__current">{money(p.price)}</span>
      </p>
      <p className="buy-box__note">
        {t("price.taxes_included")} {cat.waste_fee.amount > 0 && t("price.waste_fee_included", { fee: cat.waste_fee.formatted })}
      </p>
      <p className="buy-box__note">
        {t("creator_ui.eta", {
          days: t("product.build_days", { count: cat.build_days }),
          min: cat.delivery_days.min,
          max: cat.delivery_days.max,
        })}
      </p>
      {/* [legal] creator_returnable (docs/legal.md#withdrawal): the design's right of withdrawal, or its exclusion. */}
      {cat.returnable ? (
        <p className="notice creator__return">{t("creator_withdrawal.buy_box")}</p>
      ) : (
        <p className="notice notice--warn creator__noreturn">{t("product.not_returnable")}</p>
      )}
      {buy.orders.open ? (
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={() => void buy.add()}
          // Before hydration the loader adds this line (the server's
          // design) itself, unless the link carries a design or a line.
          data-first-click={editLine === null ? "creator_ui" : undefined}
          data-first-click-unless="v h p line"
          data-cart-item={JSON.stringify({ product: CREATOR, creator: canonical(design) })}
        >
          {editLine !== null ? t("creator_ui.save") : t("creator_ui.add")}
        </button>
      ) : (
        <PausedButton t={t} onClick={buy.openPaused} />
      )}
      <p className="creator__added" aria-live="polite" data-first-click-added="">
        {buy.added && (
          <>
            <span>{t("creator_ui.in_basket")}</span> <a href={p.basketHref}>{t("creator_ui.go_to_basket")}</a>
          </>
        )}
      </p>
      <button type="button" className="btn btn--ghost btn--block" onClick={p.onCopyLink}>
        {t("creator_ui.copy_link")}
      </button>
      {/* Product safety (GPSR art. 19): the page's section with the manufacturer and the text. */}
      <p className="buy-box__note creator__safety">
        <a href={cat.safety_href}>{t("creator_safety.link", { model: cat.model })}</a>
      </p>
      <PausedDialog
        open={buy.pausedOpen}
        title={t("orders.paused_title")}
        text={t("orders.paused_text")}
        locale={p.locale}
        reopens={(date) => t("orders.paused_reopens", { date })}
        close={t("orders.paused_close")}
        onClose={buy.closePaused}
        notify={p.notify}
      />
    </section>
  );
}
