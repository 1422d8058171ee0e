// Add to basket on a product page: the generator variant for hilts, then the
// line goes into the persisted cart with a toast. Hydrated on the first
// interaction (the server markup is the same form; a click that comes while
// React loads is held and replayed), so a product page costs no React until
// somebody reaches for the button. While the owner has paused orders (the
// build's flag, then the daemon's word, asked when the island hydrates) the
// button reads the spec's paused text and opens the "Orders paused" modal
// with the notify-me signup. A press before hydration is stored and shown by
// the loader at once (components/cart/firstClick.ts); the island, hydrated,
// finishes it (paused check, toast, analytics) from props.firstClick.
import "./add-to-cart.css";
import { useEffect, useRef, useState } from "react";
import { useIslandId } from "../islandId";
import type { FirstClick } from "../cart/firstClick";
import { addItem, restoreCart, type CartItem } from "../cart/store";
import { PausedButton, PausedDialog, changeCartUnlessPaused, useOrdersOpen } from "../OrdersPaused";
import type { NotifyMeProps } from "./NotifyMe";
import { pushCommerceEvent } from "../events";
import { translator, type Bundle } from "../i18n";
import { formatMoney } from "../money";
import { showToast } from "../toast";
import type { Generator, Money } from "../generated/pagedata";

export interface AddToCartProps {
  locale: string;
  product: { slug: string; title: string; price: Money };
  /** Generator variants, for hilts; the first is the default. */
  generators?: Generator[];
  basketHref: string;
  /** The build's flag (site.orders_open); the daemon's answer replaces it. */
  ordersOpen: boolean;
  /** The footer's signup, for the paused modal. */
  notify: NotifyMeProps;
  /** add_to_cart.* and orders.* messages. */
  messages: Bundle;
  /** Set by the loader, never by the build: the presses it handled before hydration. */
  firstClick?: FirstClick;
}

export default function AddToCart(p: AddToCartProps) {
  const t = translator(p.locale, p.messages);
  const id = useIslandId();
  const form = useRef<HTMLFormElement>(null);
  const generators = p.generators ?? [];
  const [variant, setVariant] = useState(generators[0]?.id ?? "");
  // The loader's confirmation is in the markup already: hydrate with it.
  const [added, setAdded] = useState(p.firstClick?.added.length ?? 0);
  const orders = useOrdersOpen(p.locale, p.ordersOpen);
  const [dialog, setDialog] = useState(false);
  // A radio chosen before hydration stays chosen (uncontrolled): take it.
  useEffect(() => {
    const checked = form.current?.querySelector<HTMLInputElement>('input[name="variant"]:checked');
    if (checked) setVariant(checked.value);
  }, []);
  const chosen = generators.find((g) => g.id === variant);
  const unit = p.product.price.amount + (chosen?.price.amount ?? 0);

  // What the loader stored before hydration stands unless the daemon says
  // the shop is paused (then the cart goes back and the modal explains), as
  // for a press after hydration (changeCartUnlessPaused).
  useEffect(() => {
    const first = p.firstClick;
    if (!first) return;
    void (async () => {
      if (orders.answered || (await orders.check())) {
        first.added.forEach((a) => confirmAdded(generators.find((g) => g.id === a.variant)));
        return;
      }
      restoreCart(first.before as CartItem[]);
      setAdded(0);
      setDialog(true);
    })();
    // Once, for the presses before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function add() {
    // Read the form, not state: a radio chosen before hydration is in the DOM.
    const data = form.current ? new FormData(form.current) : null;
    const v = String(data?.get("variant") ?? variant);
    const g = generators.find((x) => x.id === v);
    const stands = await changeCartUnlessPaused(orders, () => {
      addItem({ product: p.product.slug, ...(g ? { variant: g.id } : {}), quantity: 1 });
    });
    if (!stands) {
      setDialog(true);
      return;
    }
    confirmAdded(g);
    setAdded((n) => n + 1);
  }

  /** The toast and the analytics event of a press that stands. */
  function confirmAdded(g: Generator | undefined) {
    const name = g ? `${p.product.title} (${g.name})` : p.product.title;
    const price = p.product.price.amount + (g?.price.amount ?? 0);
    showToast(t("add_to_cart.added", { name }), "success");
    pushCommerceEvent("add_to_cart", p.product.price.currency, price, [
      { item_id: p.product.slug, item_name: p.product.title, item_variant: g?.id, price: price / 100, quantity: 1 },
    ]);
  }

  return (
    <>
      <form ref={form} className="add-to-cart" onSubmit={(e) => e.preventDefault()}>
        {generators.length > 0 && (
          <fieldset className="variant-picker">
            <legend className="variant-picker__legend">{t("add_to_cart.generator")}</legend>
            {generators.map((g, i) => (
              <label className="variant-picker__option" key={g.id}>
                <input
                  type="radio"
                  name="variant"
                  value={g.id}
                  defaultChecked={i === 0}
                  onChange={() => setVariant(g.id)}
                />
                <span className="variant-picker__name">{g.name}</span>
                <span className="variant-picker__price">
                  {g.price.amount > 0 ? `+${g.price.formatted}` : t("add_to_cart.included")}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {chosen && chosen.price.amount > 0 && (
          <p className="add-to-cart__total" id={`${id}-total`}>
            {t("add_to_cart.with_variant", { price: formatMoney(p.locale, unit, p.product.price.currency) })}
          </p>
        )}
        {orders.open ? (
          <button type="button" className="btn btn--primary btn--lg btn--block" onClick={() => void add()} data-product={p.product.slug} data-first-click="add_to_cart">
            {t("add_to_cart.add")}
          </button>
        ) : (
          <PausedButton t={t} onClick={() => setDialog(true)} />
        )}
        <p className="add-to-cart__added" aria-live="polite" data-first-click-added="">
          {added > 0 && (
            <>
              <span>{t("add_to_cart.in_basket")}</span> <a href={p.basketHref}>{t("add_to_cart.go_to_basket")}</a>
            </>
          )}
        </p>
      </form>
      {/* Outside the form: the modal holds a form of its own. */}
      <PausedDialog
        open={dialog}
        title={t("orders.paused_title")}
        text={t("orders.paused_text")}
        locale={p.locale}
        reopens={(date) => t("orders.paused_reopens", { date })}
        close={t("orders.paused_close")}
        onClose={() => setDialog(false)}
        notify={p.notify}
      />
    </>
  );
}
