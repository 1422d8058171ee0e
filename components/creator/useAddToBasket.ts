// Putting the design into the basket: a new line, or back into the line it
// was opened from; refused while orders are paused (the modal explains).
// "In your basket" shows until the design or the line changes.
import { useState } from "react";
import { addItem, replaceAt } from "../cart/store";
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
  const [done, setDone] = useState<{ kind: "added" | "saved"; design: Design; line: number | null } | null>(null);

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
    showToast(t(replaced ? "creator_ui.saved" : "creator_ui.added"), "success");
    if (!replaced) {
      pushCommerceEvent("add_to_cart", p.currency, p.price, [
        { item_id: CREATOR, item_name: t("creator_ui.price_title"), item_variant: design.generator, price: p.price / 100, quantity: 1 },
      ]);
    }
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
