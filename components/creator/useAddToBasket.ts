// Putting the design into the basket: a new line, or back into the line it
// was opened from; refused while orders are paused (the modal explains).
// "In your basket" shows until the design or the line changes.
import { useEffect, useState } from "react";
import type { FirstClick } from "../cart/firstClick";
import { addItem, replaceAt, restoreCart, type CartItem } from "../cart/store";
import { pushCommerceEvent } from "../events";
import type { Translate } from "../i18n";
import { changeCartUnlessPaused, useOrdersOpen, type OrdersState } from "../OrdersPaused";
import { showToast } from "../toast";
import { canonical, type Design } from "./design";
import { CREATOR, type DesignState } from "./useDesign";

export interface AddToBasketInput {
  locale: string;
  currency: string;
  /** The build's flag (site.orders_open); the daemon's answer replaces it. */
  ordersOpen: boolean;
  /** The design's price in minor units, for the analytics event. */
  price: number;
  t: Translate;
  /** The presses the loader stored before hydration (components/cart/firstClick.ts). */
  firstClick?: FirstClick;
}

export interface AddToBasket {
  orders: OrdersState;
  /** What the last press did to this design, if it is still the same. */
  added: "added" | "saved" | null;
  add: () => Promise<void>;
  pausedOpen: boolean;
  openPaused: () => void;
  closePaused: () => void;
}

export function useAddToBasket(p: AddToBasketInput, d: DesignState): AddToBasket {
  const { t } = p;
  const orders = useOrdersOpen(p.locale, p.ordersOpen);
  const [pausedOpen, setPausedOpen] = useState(false);
  // The outcome with the design and line it was for: an edit or a change of
  // line makes it stale.
  // The loader's confirmation of the first design is in the markup already: hydrate with it.
  const [done, setDone] = useState<{ kind: "added" | "saved"; design: Design; line: number | null } | null>(() =>
    p.firstClick ? { kind: "added", design: d.design, line: null } : null,
  );

  // What the loader stored stands unless the daemon says the shop is
  // paused (then the cart goes back and the modal explains).
  useEffect(() => {
    const first = p.firstClick;
    if (!first) return;
    void (async () => {
      if (orders.answered || (await orders.check())) {
        first.added.forEach(() => confirmAdded(d.design));
        return;
      }
      restoreCart(first.before as CartItem[]);
      setDone(null);
      setPausedOpen(true);
    })();
    // Once, for the presses before hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function add() {
    const { design, editLine } = d;
    const item = { product: CREATOR, creator: canonical(design) as unknown as Record<string, unknown>, quantity: 1 };
    let replaced = false;
    const stands = await changeCartUnlessPaused(orders, () => {
      replaced = editLine !== null && replaceAt(editLine, item);
      if (!replaced) addItem(item);
    });
    if (!stands) {
      setPausedOpen(true);
      return;
    }
    // The line it was opened from is gone: this is a new line now.
    const gone = !replaced && editLine !== null;
    if (gone) d.detachLine();
    setDone({ kind: replaced ? "saved" : "added", design, line: gone ? null : editLine });
    if (replaced) showToast(t("creator_ui.saved"), "success");
    else confirmAdded(design);
  }

  /** The toast and the analytics event of a new line. */
  function confirmAdded(design: Design) {
    showToast(t("creator_ui.added"), "success");
    pushCommerceEvent("add_to_cart", p.currency, p.price, [
      { item_id: CREATOR, item_name: t("creator_ui.price_title"), item_variant: design.generator, price: p.price / 100, quantity: 1 },
    ]);
  }

  return {
    orders,
    added: done && done.design === d.design && done.line === d.editLine ? done.kind : null,
    add,
    pausedOpen,
    openPaused: () => setPausedOpen(true),
    closePaused: () => setPausedOpen(false),
  };
}
