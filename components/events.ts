// Events for the tag manager's data layer
// (docs/product-rules.md#cookie-consent), pushed by islands. Apart from
// analytics.ts on purpose: that one runs on every page from the site-wide
// script, and a module both import would become a shared chunk, one more
// request before the cookie banner can show.

/** Pushes an event for the tag manager, e.g. pushEvent("notify_me_signup"). */
export function pushEvent(event: string, data?: object): void {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push({ ...data, event });
}

/**
 * Whether the visitor's consent holds on this page: consent.ts decides
 * (stored choice, its age and version) and says so on the banner's host
 * (read here, not imported: importing consent.ts would make a shared chunk,
 * see above).
 */
function consentGiven(): boolean {
  return document.querySelector("saber-consent")?.getAttribute("state") === "accepted";
}

/** One product line of a GA4 e-commerce event; price in major units. */
export interface CommerceItem {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price: number;
  quantity: number;
}

/**
 * A GA4 e-commerce event (add_to_cart, remove_from_cart, begin_checkout,
 * purchase), pushed only when the visitor accepted cookies: these describe
 * what one person buys. Amounts are integer minor units; the data layer
 * gets major units, as GA4 expects.
 */
export function pushCommerceEvent(
  event: "add_to_cart" | "remove_from_cart" | "begin_checkout" | "purchase",
  currency: string,
  value: number,
  items: CommerceItem[],
  extra?: Record<string, unknown>,
): void {
  if (typeof window === "undefined" || !consentGiven()) return;
  const layer = (window.dataLayer ??= []);
  layer.push({ ecommerce: null }); // GA4: clear the previous event's object
  layer.push({ event, ecommerce: { currency, value: value / 100, items, ...extra } });
}

/** Priced order lines (a quote's or an order's) as GA4 items. */
export function commerceItems(
  lines: readonly { product: string; name: string; variant?: string; unit_price: number; quantity: number }[],
): CommerceItem[] {
  return lines.map((l) => ({
    item_id: l.product,
    item_name: l.name,
    ...(l.variant ? { item_variant: l.variant } : {}),
    price: major(l.unit_price),
    quantity: l.quantity,
  }));
}

/** A minor-units amount as GA4's major units. */
export function major(minor: number): number {
  return minor / 100;
}
