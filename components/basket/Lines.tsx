// The basket's lines: image, name, generator or design, unit price,
// quantity (1-10), remove, line total; and "clear basket", which asks first.
// On the finalising step the lines are a read-only summary.
import { useState } from "react";
import { MAX_QUANTITY, type CartItem } from "../cart/store";
import type { Translate } from "../i18n";
import type { Quote } from "./quote";
import type { CreatorSlot } from "../generated/pagedata";
import { HiltThumb } from "../creator/HiltThumb";
import { linkQuery } from "../creator/design";

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
  /** The creator's slots and parts, for a design's thumbnail and names. */
  creatorSlots: CreatorSlot[];
  /** The creator page, to reopen a design for editing. */
  creatorHref: string;
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
          // A renamed product: the cart may hold its old slug, the quote names the new one.
          const prod = p.products.find((x) => x.slug === item.product || x.slug === ql?.product);
          const name = ql?.name ?? p.nameOf(item);
          const image = prod?.image || ql?.image;
          const variant = item.variant ? p.generators.find((g) => g.id === item.variant)?.name ?? item.variant : "";
          const err = p.lineError(i);
          const qid = `${id}-q${i}`;
          return (
            <li className={`basket-line${err ? " basket-line--invalid" : ""}`} key={`${i}-${item.product}-${item.variant ?? ""}`}>
              <div className="basket-line__media">
                {item.creator ? (
                  <HiltThumb
                    slots={p.creatorSlots}
                    parts={partsOf(item.creator)}
                    label={t("creator_ui.basket.hilt_alt", { parts: partNames(p.creatorSlots, item.creator) })}
                  />
                ) : image ? (
                  <img src={image} alt="" width={96} height={48} loading="lazy" decoding="async" />
                ) : (
                  <span className="basket-line__noimg" />
                )}
              </div>
              <div className="basket-line__info">
                <p className="basket-line__name">{prod && !item.creator ? <a href={prod.href}>{name}</a> : name}</p>
                {variant && <p className="basket-line__meta">{t("basket.generator", { name: variant })}</p>}
                {item.creator && (
                  <CreatorSummary
                    creator={item.creator}
                    slots={p.creatorSlots}
                    generators={p.generators}
                    editHref={p.step === "basket" ? `${p.creatorHref}?${linkQuery(item.creator, { slots: p.creatorSlots })}&line=${i}` : undefined}
                    name={name}
                    t={t}
                  />
                )}
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

function partsOf(creator: Record<string, unknown>): Record<string, string> {
  const parts = creator.parts;
  return typeof parts === "object" && parts !== null ? (parts as Record<string, string>) : {};
}

/** The chosen parts' names in slot order (the id where the catalogue no longer has it). */
function partNames(slots: CreatorSlot[], creator: Record<string, unknown>): string {
  const parts = partsOf(creator);
  return slots.map((s) => s.options.find((o) => o.id === parts[s.id])?.name ?? String(parts[s.id] ?? "")).join(", ");
}

/** A creator design: its parts, generator, presets' colours, and a way back into the creator. */
function CreatorSummary(props: {
  creator: Record<string, unknown>;
  slots: CreatorSlot[];
  generators: { id: string; name: string }[];
  editHref?: string;
  name: string;
  t: Translate;
}) {
  const { creator, t } = props;
  const presets = Array.isArray(creator.presets) ? (creator.presets as { color?: unknown }[]) : [];
  const colors = presets.map((pr) => (typeof pr?.color === "string" && /^#[0-9a-f]{6}$/i.test(pr.color) ? pr.color : "#ffffff"));
  const generator = props.generators.find((g) => g.id === creator.generator)?.name ?? String(creator.generator ?? "");
  return (
    <>
      <p className="basket-line__meta">{partNames(props.slots, creator)}</p>
      {generator && <p className="basket-line__meta">{t("basket.generator", { name: generator })}</p>}
      {presets.length > 0 && (
        <p className="basket-line__meta basket-line__presets">
          {t("basket.presets", { count: presets.length })}
          <span className="basket-line__colors" role="img" aria-label={t("creator_ui.basket.colors")}>
            {colors.map((c, i) => (
              <svg key={i} viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" focusable="false">
                <circle cx="5" cy="5" r="5" fill={c} />
              </svg>
            ))}
          </span>
        </p>
      )}
      {props.editHref && (
        <p className="basket-line__meta">
          <a href={props.editHref} aria-label={t("creator_ui.basket.edit_named", { name: props.name })}>
            {t("creator_ui.basket.edit")}
          </a>
        </p>
      )}
    </>
  );
}
