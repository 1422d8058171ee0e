// Unit tests of the cart store, run by Playwright's runner in node (no
// page): a small in-memory localStorage and event target stand in for the
// browser's; the store's own code is the real one.
import { expect, test } from "@playwright/test";

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const storage = new MemoryStorage();
const listeners = new Set<(e: { key: string | null }) => void>();
let store: typeof import("../../components/cart/store");

// The fake window exists only while these tests run: other test files in
// the same worker (axe-core) look for a real one.
test.beforeAll(() => {
  Object.assign(globalThis, {
    window: {
      localStorage: storage,
      addEventListener: (_: string, l: (e: { key: string | null }) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: { key: string | null }) => void) => listeners.delete(l),
    },
  });
  // require, not import(): the tests are CommonJS (e2e/paths.ts), and
  // Playwright compiles what require loads; the store reads window as it loads.
  store = require("../../components/cart/store") as typeof store;
});

test.afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

test.beforeEach(() => {
  storage.removeItem(store.CART_KEY);
});

test("add, remove by position and clear persist in storage", () => {
  store.addItem({ product: "arc", quantity: 1 });
  store.addItem({ product: "plug", quantity: 2 });
  store.addItem({ product: "talon", variant: "crystal", quantity: 1 });
  expect(store.itemCount(store.readCart())).toBe(4);
  store.removeAt(1);
  expect(store.readCart().map((i) => i.product)).toEqual(["arc", "talon"]);
  expect(JSON.parse(storage.getItem(store.CART_KEY)!)).toHaveLength(2);
  store.clearCart();
  expect(store.readCart()).toEqual([]);
});

test("a broken or foreign stored value reads as an empty cart", () => {
  for (const raw of ["{not json", '"a string"', "42", '{"product":"arc"}']) {
    storage.setItem(store.CART_KEY, raw);
    expect(store.readCart()).toEqual([]);
  }
});

test("invalid lines are dropped, valid ones kept", () => {
  storage.setItem(
    store.CART_KEY,
    JSON.stringify([
      { product: "arc", quantity: 1 },
      { product: "plug", quantity: 0 },
      { product: "plug", quantity: 11 },
      { product: 7, quantity: 1 },
      { product: "count", quantity: 2.5 },
      { product: "royal", quantity: store.MAX_QUANTITY },
    ]),
  );
  expect(store.readCart().map((i) => i.product)).toEqual(["arc", "royal"]);
});

test("the same stored value gives the same array (stable snapshot for React)", () => {
  store.addItem({ product: "arc", quantity: 1 });
  expect(store.readCart()).toBe(store.readCart());
});

// components/cart/firstClick.ts repeats addItem for the loader (which must
// not share a chunk with the islands): both must store the same cart.
test.describe("the loader's first click stores what addItem stores", () => {
  let first: typeof import("../../components/cart/firstClick");
  test.beforeAll(() => {
    first = require("../../components/cart/firstClick") as typeof first;
  });

  test("the same key, limit and event", () => {
    expect(first.FIRST_CLICK_CART_KEY).toBe(store.CART_KEY);
    expect(first.FIRST_CLICK_MAX_QUANTITY).toBe(store.MAX_QUANTITY);
    expect(first.FIRST_CLICK_CART_WRITTEN).toBe(store.CART_WRITTEN);
  });

  const starts: Record<string, string | null> = {
    "nothing stored": null,
    "an empty cart": "[]",
    "a broken value": "{not json",
    "a foreign value": '{"product":"arc"}',
    "other lines, an invalid one and a creator design": JSON.stringify([
      { product: "plug", quantity: 2 },
      { product: "arc", quantity: 0 },
      { product: "arc", variant: "crystal", quantity: 3 },
      { product: "custom-saber-creator", creator: { parts: { emitter: "a" } }, quantity: 1 },
    ]),
    "the line at the limit": JSON.stringify([{ product: "arc", quantity: 10 }]),
  };
  for (const [name, raw] of Object.entries(starts)) {
    test(`from ${name}`, () => {
      const design = { parts: { emitter: "a" } };
      const presses: [string, string | undefined, Record<string, unknown> | undefined][] = [
        ["arc", undefined, undefined],
        ["arc", "crystal", undefined],
        ["arc", "standard", undefined],
        ["plug", undefined, undefined],
        ["custom-saber-creator", undefined, design],
        ["custom-saber-creator", undefined, { parts: { emitter: "b" } }],
      ];
      for (const [product, variant, creator] of presses) {
        if (raw === null) storage.removeItem(store.CART_KEY);
        else storage.setItem(store.CART_KEY, raw);
        const loader = JSON.stringify(first.withOneMore(raw, product, variant, creator));
        store.addItem({ product, ...(variant ? { variant } : {}), ...(creator ? { creator } : {}), quantity: 1 });
        expect(loader, `${product} ${variant ?? ""} ${JSON.stringify(creator ?? "")}`).toBe(storage.getItem(store.CART_KEY));
      }
    });
  }
});
