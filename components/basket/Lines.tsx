// The basket's lines: image, name, generator or design, unit price,
// quantity (1-10), remove, line total; and "clear basket", which asks first.
// On the finalising step the lines are a read-only summary.
import { useState } from "react";
import { MAX_QUANTITY, type CartItem } from "../cart/store";
import type { Translate } from "../i18n";
import type { Quote } from "./quote";

export interface BasketProduct {
  slug: string;
  title: string;
  href: string;
  image: string;
}

export interface LinesProps {
  id: string;
  t: Translate;
  money: (minor: number) => string;
  items: readonly CartItem[];
  /** The last good quote; its lines are used only while they match the cart. */
  quote?: Quote;
  products: BasketProduct[];
  generators: { id: string; name: string }[];
  step: "basket" | "checkout";
  /** The daemon's message for a line it cannot price, if any. */
  lineError: (position: number) => string | undefined;
  nameOf: (item: CartItem) => string;
  onQuantity: (position: number, quantity: number) => void;
  onRemove: (position: number) => void;
  onClear: () => void;
  onEditBasket: () => void;
}

export function Lines(p: LinesProps) {
  const { t, money, id } = p;
  const [confirmClear, setConfirmClear] = useState(false);
  return (
    <section className="basket__lines" aria-labelledby={`${id}-lines`}>
      <div className="basket__head">
        <h2 id={`${id}-lines`} className="basket__title">
          {t("basket.lines_title")}
        </h2>
        {p.step === "checkout" ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={p.onEditBasket}>
            {t("checkout.edit_basket")}
          </button>
        ) : confirmClear ? (
          <span className="basket__confirm" role="group" aria-label={t("basket.clear_confirm")}>
            <span>{t("basket.clear_confirm")}</span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setConfirmClear(false);
                p.onClear();
              }}
            >
              {t("basket.clear_yes")}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirmClear(false)} autoFocus>
              {t("basket.clear_no")}
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirmClear(true)}>
            {t("basket.clear")}
          </button>
        )}
      </div>
      <ul className="basket-lines" role="list">
        {p.items.map((item, i) => {
          const ql = p.quote && p.quote.lines.length === p.items.length ? p.quote.lines[i] : undefined;
          const prod = p.products.find((x) => x.slug === item.product);
          const name = ql?.name ?? p.nameOf(item);
          const image = prod?.image || ql?.image;
          const variant = item.variant ? p.generators.find((g) => g.id === item.variant)?.name ?? item.variant : "";
          const err = p.lineError(i);
          const qid = `${id}-q${i}`;
          return (
            <li className={`basket-line${err ? " basket-line--invalid" : ""}`} key={`${i}-${item.product}-${item.variant ?? ""}`}>
              <div className="basket-line__media">
                {image ? <img src={image} alt="" width={96} height={48} loading="lazy" decoding="async" /> : <span className="basket-line__noimg" />}
              </div>
              <div className="basket-line__info">
                <p className="basket-line__name">{prod && !item.creator ? <a href={prod.href}>{name}</a> : name}</p>
                {variant && <p className="basket-line__meta">{t("basket.generator", { name: variant })}</p>}
                {item.creator && <CreatorSummary creator={item.creator} t={t} />}
                {ql && <p className="basket-line__meta">{t("basket.unit_price", { price: money(ql.unit_price) })}</p>}
                {err && (
                  <p className="field-error" role="alert">
                    {err}
                  </p>
                )}
              </div>
              <div className="basket-line__controls">
                {p.step === "basket" ? (
                  <>
                    <label className="visually-hidden" htmlFor={qid}>
                      {t("basket.quantity_for", { name })}
                    </label>
                    <select id={qid} className="input basket-line__qty" value={item.quantity} onChange={(e) => p.onQuantity(i, Number(e.target.value))}>
                      {Array.from({ length: MAX_QUANTITY }, (_, n) => (
                        <option key={n + 1} value={n + 1}>
                          {n + 1}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm basket-line__remove"
                      onClick={() => p.onRemove(i)}
                      aria-label={t("basket.remove_named", { name })}
                    >
                      {t("basket.remove")}
                    </button>
                  </>
                ) : (
                  <span className="basket-line__count">{t("basket.times", { count: item.quantity })}</span>
                )}
                <span className="basket-line__total">{ql ? money(ql.total) : "…"}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A creator design in one line (the creator issue gives it names). */
function CreatorSummary({ creator, t }: { creator: Record<string, unknown>; t: Translate }) {
  const parts = (creator.parts ?? {}) as Record<string, string>;
  const presets = Array.isArray(creator.presets) ? creator.presets.length : 0;
  return (
    <p className="basket-line__meta">
      {Object.values(parts).join(" · ")}
      {presets > 0 && <> · {t("basket.presets", { count: presets })}</>}
    </p>
  );
}
