// The first click on "Add to basket" (a product page's, the creator's) before
// the islands' renderer is on the page
// (docs/decisions/shop-in-the-browser.md#the-first-click-is-answered-before-hydration):
// it was React (65 KB gzip), seconds on a slow phone; Preact is smaller, but
// a click can still come before any script, so the loader hands a click on a
// button marked data-first-click to firstClick() instead of holding it or
// losing it. It stores the line at once (localStorage is synchronous: a
// shopper who leaves straight away keeps it), writes the confirmation and the
// header count into the server-rendered markup exactly as the islands render
// them, and notes on each island's props what it did, so that hydration
// matches the page and the island finishes the job (the daemon's word on
// paused orders, the toast, the analytics event) without adding again.
//
// The markup says what to do: the button's data-first-click names the
// island's messages ("add_to_cart": its in_basket and go_to_basket), and
// either data-product (plus the form's checked "variant" radio) or
// data-cart-item (the whole line as the server rendered it: the creator's
// first design) says what goes in; data-first-click-unless lists query
// parameters that make the server's line not the page's (a design link),
// and [data-first-click-added] is the live region that confirms.
//
// Bundled into the loader alone: a module the islands import too would
// become a chunk shared with them, one more request before the loader runs
// on every page. So the few lines of cart logic below repeat
// components/cart/store.ts's addItem for one unit of a product;
// e2e/unit/cart-store.spec.ts checks that both give the same stored cart.

/** components/cart/store.ts's CART_KEY, MAX_QUANTITY and CART_WRITTEN. */
export const FIRST_CLICK_CART_KEY = "saber-shop.cart.v1";
export const FIRST_CLICK_MAX_QUANTITY = 10;
export const FIRST_CLICK_CART_WRITTEN = "saber-shop:cart-written";

/** A stored cart line, as components/cart/store.ts writes it. */
interface StoredLine {
  product: string;
  variant?: string;
  creator?: Record<string, unknown>;
  quantity: number;
}

/** What the first clicks did, on the island's props until it hydrates. */
export interface FirstClick {
  /** One entry per click: the generator variant chosen, if any. */
  added: { variant?: string }[];
  /** The stored cart before the first of them (a paused shop gets it back). */
  before: StoredLine[];
}

function lines(raw: string | null): StoredLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((x): x is StoredLine => {
    const line = x as Partial<StoredLine> | null;
    const q = line?.quantity ?? 0;
    return typeof line?.product === "string" && Number.isInteger(q) && q >= 1 && q <= FIRST_CLICK_MAX_QUANTITY;
  });
}

/**
 * The stored cart after one more of product (and variant, or creator
 * design): a new line, or one more on the same line.
 */
export function withOneMore(raw: string | null, product: string, variant?: string, creator?: Record<string, unknown>): StoredLine[] {
  const items = lines(raw);
  const design = JSON.stringify(creator ?? null);
  const at = items.findIndex((i) => i.product === product && (i.variant ?? "") === (variant ?? "") && JSON.stringify(i.creator ?? null) === design);
  // Object.assign, not spreads: esbuild lowers a spread to a helper from a
  // chunk shared with the islands.
  if (at < 0) return [...items, Object.assign({ product }, variant ? { variant } : {}, creator ? { creator } : {}, { quantity: 1 })];
  items[at] = Object.assign({}, items[at], { quantity: Math.min(items[at]!.quantity + 1, FIRST_CLICK_MAX_QUANTITY) });
  return items;
}

function props(island: Element): Record<string, unknown> | null {
  try {
    return JSON.parse(island.getAttribute("props") ?? "") as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The header badge as CartBadge renders it with this count; its props get
 * shownCount so that its hydration expects this markup. Once React has it,
 * the "storage" event firstClick() sends updates it.
 */
function showCount(count: number): void {
  const badge = document.querySelector<HTMLAnchorElement>("saber-island:not([hydrated]) > a.cart-badge");
  const island = badge?.parentElement;
  const p = island && props(island);
  const number = badge?.querySelector<HTMLElement>(".cart-badge__count");
  if (!badge || !island || !p || !number) return;
  number.textContent = String(count);
  number.hidden = count === 0;
  island.setAttribute("props", JSON.stringify(Object.assign(p, { shownCount: count })));
  // The accessible name after the paint: the first Intl.PluralRules of a
  // page costs milliseconds the click's feedback should not wait for (the
  // same name whether React or this writes it first).
  setTimeout(() => {
    const forms = (p.countLabel ?? {}) as Partial<Record<Intl.LDMLPluralRule, string>>;
    const form = forms[new Intl.PluralRules(String(p.locale)).select(count)] ?? forms.other ?? String(p.label);
    badge.setAttribute("aria-label", form.replace("{count}", String(count)));
  });
}

/**
 * After a hydrated island changed the stored cart (store.ts's CART_WRITTEN):
 * the count in the header badge while the badge itself is not hydrated. A
 * companion, it hydrates once React comes for another island, but its own
 * chunk is one more round trip: on Slow 4G the creator's press showed its
 * count 130-320 ms late. Nothing happens once the badge is hydrated.
 */
export function showStoredCount(): void {
  let raw: string | null;
  try {
    raw = localStorage.getItem(FIRST_CLICK_CART_KEY);
  } catch {
    return;
  }
  showCount(lines(raw).reduce((n, i) => n + i.quantity, 0));
}

/** Some choice in the island differs from the server's markup (a radio picked before hydration). */
function changed(island: Element): boolean {
  return Array.from(island.querySelectorAll("input")).some((i) =>
    i.type === "radio" || i.type === "checkbox" ? i.checked !== i.defaultChecked : i.value !== i.defaultValue,
  );
}

/** The line a press adds, read from the markup; null when the markup cannot say. */
function lineOf(island: Element, button: HTMLButtonElement, p: Record<string, unknown>): Omit<StoredLine, "quantity"> | null {
  const unless = (button.dataset.firstClickUnless ?? "").split(" ").filter(Boolean);
  const query = new URLSearchParams(location.search);
  if (unless.some((k) => query.has(k))) return null;
  if (button.dataset.cartItem) {
    // The server's line is the page's only while nothing was chosen yet.
    if (changed(island)) return null;
    try {
      const item = JSON.parse(button.dataset.cartItem) as StoredLine;
      return typeof item.product === "string" ? item : null;
    } catch {
      return null;
    }
  }
  const product = button.dataset.product;
  if (!product) return null;
  const chosen = button.form ? new FormData(button.form).get("variant") : null;
  const generators = (p.generators ?? []) as { id: string }[];
  // As AddToCart reads it: the checked radio, else the first; only one the product has.
  const wanted = chosen === null ? generators[0]?.id : String(chosen);
  const variant = generators.find((g) => g.id === wanted)?.id;
  return variant ? { product, variant } : { product };
}

/**
 * Handles a click inside a not yet hydrated island when it is on a
 * data-first-click button: stores the line and shows what the island
 * would. Returns false when it did nothing (another element, a line the
 * markup cannot tell, no storage): the loader then holds the click for
 * React as before.
 */
export function firstClick(island: HTMLElement, target: Element): boolean {
  const button = target.closest<HTMLButtonElement>("button[data-first-click]");
  const p = button && island.contains(button) ? props(island) : null;
  const line = button && p && lineOf(island, button, p);
  if (!button || !p || !line) return false;
  const variant = line.variant;
  let raw: string | null;
  let items: StoredLine[];
  try {
    raw = localStorage.getItem(FIRST_CLICK_CART_KEY);
    items = withOneMore(raw, line.product, variant, line.creator);
    localStorage.setItem(FIRST_CLICK_CART_KEY, JSON.stringify(items));
  } catch {
    return false; // no storage: React's in-memory cart takes the click
  }
  const done = (p.firstClick as FirstClick | undefined) ?? { added: [], before: lines(raw) };
  done.added.push(variant ? { variant } : {});
  island.setAttribute("props", JSON.stringify(Object.assign(p, { firstClick: done })));

  // "In your basket. Go to the basket", the island's live region.
  const live = island.querySelector("[data-first-click-added]");
  const messages = (p.messages ?? {}) as Record<string, string>;
  const prefix = button.dataset.firstClick;
  if (live && !live.firstElementChild) {
    const said = document.createElement("span");
    said.textContent = messages[`${prefix}.in_basket`] ?? "";
    const link = document.createElement("a");
    link.href = String(p.basketHref);
    link.textContent = messages[`${prefix}.go_to_basket`] ?? "";
    live.replaceChildren(said, " ", link);
  }
  showCount(items.reduce((n, i) => n + i.quantity, 0));
  // Islands already hydrated (the badge, with a cart from an earlier visit)
  // hear of the change as if from another tab; so does the loader's wait
  // for a companion's stored list. After the paint, like the name above.
  setTimeout(() => window.dispatchEvent(new StorageEvent("storage", { key: FIRST_CLICK_CART_KEY })));
  return true;
}
