// The shopper's cart, persisted in localStorage so it survives reloads and
// visits, and kept in step across tabs through the "storage" event. Prices are
// never stored here: the daemon prices every order from the catalogue.
import { useSyncExternalStore } from "react";

export const CART_KEY = "saber-shop.cart.v1";
export const MAX_QUANTITY = 10;
/**
 * Dispatched on document after every write: the island loader shows the
 * new count in a header badge not hydrated yet (components/cart/firstClick.ts,
 * showStoredCount), so a hydrated island's press never waits for the
 * badge's own chunk.
 */
export const CART_WRITTEN = "saber-shop:cart-written";

export interface CartItem {
  /** Product slug, or "custom-saber-creator" for a creator design. */
  product: string;
  variant?: string;
  /** Creator configuration (encoded design), when product is the creator. */
  creator?: Record<string, unknown>;
  quantity: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
const EMPTY: readonly CartItem[] = Object.freeze([]);
let cache: { raw: string | null; items: readonly CartItem[] } = { raw: null, items: EMPTY };

function isItem(x: unknown): x is CartItem {
  if (typeof x !== "object" || x === null) return false;
  const item = x as Record<string, unknown>;
  return typeof item.product === "string" && Number.isInteger(item.quantity) &&
    (item.quantity as number) >= 1 && (item.quantity as number) <= MAX_QUANTITY;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // disabled storage (privacy mode): the cart lives in memory
  }
}

/** The persisted cart; a broken or foreign value reads as empty, never throws. */
export function readCart(): readonly CartItem[] {
  const raw = storage()?.getItem(CART_KEY) ?? null;
  if (raw === cache.raw) return cache.items;
  let items: readonly CartItem[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) items = Object.freeze(parsed.filter(isItem));
  } catch {
    items = EMPTY;
  }
  cache = { raw, items };
  return items;
}

function write(items: CartItem[]): void {
  const raw = JSON.stringify(items);
  storage()?.setItem(CART_KEY, raw);
  cache = { raw, items: Object.freeze(items) };
  listeners.forEach((l) => l());
  if (typeof document !== "undefined") document.dispatchEvent(new Event(CART_WRITTEN));
}

/** The same thing to buy: product, variant and design (quantity aside). */
export function sameLine(a: CartItem, b: CartItem): boolean {
  return (
    a.product === b.product &&
    (a.variant ?? "") === (b.variant ?? "") &&
    JSON.stringify(a.creator ?? null) === JSON.stringify(b.creator ?? null)
  );
}

/**
 * Adds an item; the same product, variant and design again raises that
 * line's quantity (up to MAX_QUANTITY) instead of adding a second line.
 * Returns the line's position.
 */
export function addItem(item: CartItem): number {
  const items = [...readCart()];
  const at = items.findIndex((i) => sameLine(i, item));
  if (at < 0) {
    write([...items, { ...item, quantity: Math.min(Math.max(item.quantity, 1), MAX_QUANTITY) }]);
    return items.length;
  }
  const line = items[at]!;
  items[at] = { ...line, quantity: Math.min(line.quantity + item.quantity, MAX_QUANTITY) };
  write(items);
  return at;
}

/** Sets the quantity of the line at position (clamped to 1..MAX_QUANTITY). */
export function setQuantity(position: number, quantity: number): void {
  const items = [...readCart()];
  const line = items[position];
  if (!line || !Number.isInteger(quantity)) return;
  items[position] = { ...line, quantity: Math.min(Math.max(quantity, 1), MAX_QUANTITY) };
  write(items);
}

/**
 * Replaces the line at position with item (the creator saving an edited
 * design), keeping its quantity. Returns false when there is no such line
 * or it is another kind of thing: the caller then adds instead.
 */
export function replaceAt(position: number, item: CartItem): boolean {
  const items = [...readCart()];
  const line = items[position];
  if (!line || line.product !== item.product) return false;
  items[position] = { ...item, quantity: line.quantity };
  write(items);
  return true;
}

export function removeAt(position: number): void {
  write(readCart().filter((_, i) => i !== position));
}

/** Puts back a cart read earlier (undoing an add the shop turned out not to take). */
export function restoreCart(items: readonly CartItem[]): void {
  write([...items]);
}

export function clearCart(): void {
  write([]);
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((n, item) => n + item.quantity, 0);
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === CART_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The cart as React state; the server (and hydration) sees an empty cart. */
export function useCart(): readonly CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

/**
 * The number of items as React state; hydration sees shown, the count the
 * markup has (0 from the server, more when the loader stored a first click).
 */
export function useItemCount(shown: number): number {
  return useSyncExternalStore(subscribe, () => itemCount(readCart()), () => shown);
}
