// Helpers for the shop's browser tests: locale texts the tests look for,
// the checkout form, and a second real daemon for tests that change the
// whole shop (pausing orders, a new price list) without disturbing the
// tests running next to them.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export { DATA, ROOT, SITE } from "./paths";
import { ROOT, RUN_DIR, SANDBOX_DELAY, SITE } from "./paths";
export const CART_KEY = "saber-shop.cart.v1";
export const CONSENT_KEY = "saber-shop.cookie-consent";

export type Locale = "en" | "pl" | "de";
export const LOCALES: Locale[] = ["en", "pl", "de"];

/** The path of a route in a locale: "/basket", "/pl/basket". */
export function path(locale: Locale, route: string): string {
  return locale === "en" ? route : `/${locale}${route}`;
}

/** Texts the tests look for, per locale (as in content/i18n/*.toml). */
export const TEXT = {
  en: {
    add: "Add to basket",
    added: /added to your basket/,
    remove: /^Remove .* from the basket$/,
    toCheckout: "Proceed to checkout",
    order: /^Order and pay/,
    country: "Country",
    fillIn: "Please fill in this field.",
    terms: /I accept the Terms and Conditions/,
    termsRequired: "Please accept the Terms and Conditions.",
    zipInvalid: /valid postal code/i,
    empty: "Your basket is empty",
    paused: "ORDERING TEMPORARILY UNAVAILABLE",
    pausedTitle: "Orders paused",
    pricesChanged: "Prices have changed.",
    confirmAgain: /^Confirm the order at/,
    notReturnable: "No returns for creator sabers.",
    placedToast: "Thank you! Your order has been placed.",
    fields: { first_name: "First name", last_name: "Last name", email: "E-mail", phone: "Phone", street: "Street and number", zip: "Postal code", city: "City" },
    countryName: "Germany",
  },
  pl: {
    add: "Dodaj do koszyka",
    added: /Dodano do koszyka/,
    remove: /^Usuń .* z koszyka$/,
    toCheckout: "Przejdź do zamówienia",
    order: /^Zamawiam i płacę/,
    country: "Kraj",
    fillIn: "Uzupełnij to pole.",
    terms: /Akceptuję Regulamin/,
    termsRequired: "Zaakceptuj Regulamin.",
    zipInvalid: /kod pocztowy/i,
    empty: "Twój koszyk jest pusty",
    paused: "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE",
    pausedTitle: "Zamówienia wstrzymane",
    pricesChanged: "Ceny się zmieniły.",
    confirmAgain: /^Potwierdź zamówienie za/,
    notReturnable: "Mieczy z kreatora nie można zwrócić.",
    placedToast: "Dziękujemy! Zamówienie zostało złożone.",
    fields: { first_name: "Imię", last_name: "Nazwisko", email: "E-mail", phone: "Telefon", street: "Ulica i numer", zip: "Kod pocztowy", city: "Miejscowość" },
    countryName: "Polska",
  },
  de: {
    add: "In den Warenkorb",
    added: /liegt jetzt in deinem Warenkorb/,
    remove: /^.* aus dem Warenkorb entfernen$/,
    toCheckout: "Zur Kasse",
    order: /^Bestellen und .* bezahlen/,
    country: "Land",
    fillIn: "Bitte fülle dieses Feld aus.",
    terms: /Ich akzeptiere die AGB/,
    termsRequired: "Bitte akzeptiere die AGB.",
    zipInvalid: /Postleitzahl/,
    empty: "Dein Warenkorb ist leer",
    paused: "BESTELLEN VORÜBERGEHEND NICHT MÖGLICH",
    pausedTitle: "Bestellungen pausiert",
    pricesChanged: "Die Preise haben sich geändert.",
    confirmAgain: /^Bestellung für .* bestätigen/,
    notReturnable: "Kein Umtausch bei Creator-Lichtschwertern.",
    placedToast: "Danke! Deine Bestellung ist eingegangen.",
    fields: { first_name: "Vorname", last_name: "Nachname", email: "E-Mail", phone: "Telefon", street: "Straße und Hausnummer", zip: "Postleitzahl", city: "Ort" },
    countryName: "Deutschland",
  },
} as const;

/** A customer of the locale's country, with a unique e-mail address. */
export function customer(locale: Locale, tag: string) {
  const id = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const base = {
    en: { first_name: "Ada", last_name: "Lovelace", phone: "+49 30 1234567", country: "de", street: "Unter den Linden 1", zip: "10117", city: "Berlin" },
    pl: { first_name: "Anna", last_name: "Nowak", phone: "+48 600 100 200", country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa" },
    de: { first_name: "Jörg", last_name: "Müller", phone: "+49 89 1234567", country: "de", street: "Marienplatz 8", zip: "80331", city: "München" },
  }[locale];
  return { ...base, email: `${id}@example.com` };
}

export type Customer = ReturnType<typeof customer>;

/** The checkout's field by its label in the locale. */
export function field(page: Page, locale: Locale, name: keyof (typeof TEXT)["en"]["fields"]) {
  return page.locator("form.checkout").getByLabel(TEXT[locale].fields[name], { exact: true });
}

export function countrySelect(page: Page, locale: Locale) {
  return page.locator("form.checkout").getByLabel(TEXT[locale].country, { exact: true });
}

/** Fills the checkout form (the finalising step must be open). */
export async function fillCheckout(page: Page, locale: Locale, c: Customer, { terms = true } = {}) {
  for (const f of ["first_name", "last_name", "email", "phone", "street", "zip", "city"] as const) {
    await field(page, locale, f).fill(c[f]);
  }
  await countrySelect(page, locale).selectOption(c.country);
  if (terms) await page.getByRole("checkbox", { name: TEXT[locale].terms }).check();
}

const CONFIG = readFileSync(join(ROOT, "content/config.toml"), "utf8");
/** content/config.toml's consent_version: a stored choice for another one asks again. */
export const CONSENT_VERSION = /^consent_version = "([^"]*)"/m.exec(CONFIG)?.[1] ?? "1";
/** content/config.toml's consent_months: how long a cookie choice is kept. */
export const CONSENT_MONTHS = Number(/^consent_months = (\d+)/m.exec(CONFIG)?.[1] ?? 6);

/** What components/consent.ts stores after a choice made at (ms since the epoch). */
export function consentRecord(choice: "accepted" | "declined", at = Date.now(), version = CONSENT_VERSION): string {
  return JSON.stringify({ choice, at, version });
}

/** Accepts cookies before the first page, so commerce events are pushed. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), { key: CONSENT_KEY, value: consentRecord("accepted") });
}

/** Hides the cookie banner for this tab (as Learn more does), so it covers nothing. */
export async function declineCookies(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem("saber-shop.cookie-consent.hidden", "1"));
}

/** Puts one product in the basket before the tab's first page only (a reload keeps what the test did since). */
export async function seedBasketOnce(page: Page, product: string) {
  await page.addInitScript(({ key, product }) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem(key, JSON.stringify([{ product, quantity: 1 }]));
      sessionStorage.setItem("seeded", "1");
    }
  }, { key: CART_KEY, product });
}

/** The statuses of the page's POST /v1/orders answers, as they come. */
export function orderPosts(page: Page): number[] {
  const posts: number[] = [];
  page.on("response", (r) => {
    if (r.url().endsWith("/v1/orders") && r.request().method() === "POST") posts.push(r.status());
  });
  return posts;
}

export async function cart(page: Page): Promise<{ product: string; variant?: string; quantity: number }[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]"), CART_KEY);
}

/**
 * Holds every request for the islands' runtime until the returned release()
 * is called: the page's islands stay unhydrated meanwhile (first-click
 * tests, components/cart/firstClick.ts). The spec must keep the service
 * worker out (`test.use({ serviceWorkers: "block" })`): page.route() does
 * not see what the worker answers from its cache.
 */
export async function holdRuntime(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/runtime-[^/]+\.js$/, async (route) => {
    await released;
    // The page may have gone meanwhile (its request cancelled).
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * The island of a component ("Basket", "Creator") once hydrated: the loader
 * (components/islands/loader.ts) sets `hydrated` when React has the island.
 */
export function hydratedIsland(page: Page, component: string) {
  return page.locator(`saber-island[component-url*="/${component}-"][hydrated]`);
}

/**
 * Waits for the island's hydration: before a click that needs React, wait
 * for this, not for a while. Bounded by the expect timeout only.
 */
export async function islandReady(page: Page, component: string) {
  await expect(hydratedIsland(page, component)).toBeAttached();
}

/** Waits until every island that hydrates without the visitor (load, idle; not companions) has. */
export async function islandsHydrated(page: Page) {
  await expect(page.locator('saber-island:is([hydrate="load"], [hydrate="idle"]):not([companion]):not([hydrated])')).toHaveCount(0);
}

/**
 * Waits until the islands that hydrate at idle have had their chance: the
 * page's load, then an idle callback queued after the loader's (which wait
 * at most IDLE_TIMEOUT_MS, 2 s), then a task for the imports they start.
 */
export async function afterIdle(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 2500 })));
}

/** Waits for two rendered frames: scroll positions, layout and intersection observers are up to date. */
export async function afterFrames(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The basket island, hydrated, its prices loaded. */
export async function basketReady(page: Page) {
  await islandReady(page, "Basket");
  await expect(page.locator(".basket--loading")).toHaveCount(0);
}

/** The e-commerce events in the data layer. */
export async function commerceEvents(page: Page): Promise<{ event: string; ecommerce: { currency: string; value: number; items: { item_id: string }[] } }[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).filter((e) => {
      const ev = (e as { event?: string }).event;
      return ev === "add_to_cart" || ev === "remove_from_cart" || ev === "begin_checkout" || ev === "purchase";
    }),
  ) as never;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === "object" ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

const run = promisify(execFile);

/** The creator section of the served catalog.json (what the tests read of it). */
export interface CatalogCreator {
  presets: number;
  slots: { id: string; names: Record<string, string>; options: { id: string; names: Record<string, string>; image: string }[] }[];
  generators: { id: string }[];
  options: Record<string, { id: string; hex?: string }[]>;
}

/**
 * The daemon's default design (order.DefaultCreator) written out from the
 * catalogue, with other parts where given: first option of everything, the
 * presets walking through the colours, a white clash.
 */
export function defaultDesign(cr: CatalogCreator, parts?: Record<string, string>) {
  const first = (group: string) => cr.options[group]![0]!.id;
  return {
    parts: parts ?? Object.fromEntries(cr.slots.map((s) => [s.id, s.options[0]!.id])),
    generator: cr.generators[0]!.id,
    button: first("buttons"),
    presets: Array.from({ length: cr.presets }, (_, i) => ({
      color: cr.options.colors![i % cr.options.colors!.length]!.hex!.toLowerCase(),
      white: 0,
      effect: first("effects"),
      ignition: first("ignitions"),
      retraction: first("ignitions"),
      sound: first("sounds"),
      clash: "#ffffff",
    })),
  };
}

/**
 * The daemon binary the run's web server was started from (built by the
 * webServer command in playwright.config.ts, before any test runs): owner
 * commands and daemons of their own need no build of their own.
 */
export async function orderdBinary(): Promise<string> {
  return join(RUN_DIR, "orderd");
}

/**
 * A daemon of its own over a copy of the built site and a fresh data
 * directory: pausing it or changing its price list touches no other test.
 */
export class OwnDaemon {
  private constructor(
    readonly url: string,
    readonly site: string,
    readonly data: string,
    private readonly bin: string,
    private readonly proc: ChildProcess,
    private readonly dir: string,
  ) {}

  /**
   * source: a built site to copy (default: the run's build); extra: more
   * `orderd serve` flags, e.g. ["-demo"].
   */
  static async start({ source = SITE, extra = [] }: { source?: string; extra?: string[] } = {}): Promise<OwnDaemon> {
    const bin = await orderdBinary();
    const dir = await mkdtemp(join(tmpdir(), "saber-e2e-"));
    const site = join(dir, "public");
    const data = join(dir, "var");
    await cp(source, site, { recursive: true });
    const port = await freePort();
    // Its request log goes next to the run's daemon's, named for this
    // worker: e2e/fixtures.ts shows a failed test the lines it wrote.
    const log = await open(join(RUN_DIR, `orderd-w${process.env.TEST_WORKER_INDEX ?? "x"}-${port}.log`), "w");
    const proc = spawn(bin, ["serve", "-addr", `127.0.0.1:${port}`, "-site", site, "-data", data, "-write-rate", "0", "-signin-limit", "0", "-sandbox-delay", SANDBOX_DELAY, ...extra], {
      stdio: ["ignore", "ignore", log.fd],
    });
    await log.close(); // the child has its own copy of the descriptor
    const url = `http://127.0.0.1:${port}`;
    // Until it answers or stops (a busy machine may take seconds to start
    // it); the test's own timeout bounds the wait.
    while (proc.exitCode === null && proc.signalCode === null) {
      try {
        if ((await fetch(url + "/v1/shop")).ok) return new OwnDaemon(url, site, data, bin, proc, dir);
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the test daemon stopped (exit ${proc.exitCode ?? proc.signalCode}): see ${join(RUN_DIR, `orderd-w${process.env.TEST_WORKER_INDEX ?? "x"}-${port}.log`)}`);
  }

  /** Runs an owner command (orderd -data DIR args...) against this daemon. */
  async owner(...args: string[]): Promise<string> {
    const { stdout } = await run(this.bin, ["-data", this.data, ...args]);
    return stdout;
  }

  /** Rewrites the served catalog.json; the daemon reloads it (fsnotify). */
  async editCatalog(edit: (cat: { products: { slug: string; prices: { from: string; amounts: Record<string, number> }[] }[] }) => void) {
    const file = join(this.site, "catalog.json");
    const cat = JSON.parse(await readFile(file, "utf8"));
    edit(cat);
    cat.version = "edited-" + Date.now();
    await writeFile(file + ".tmp", JSON.stringify(cat));
    const { rename } = await import("node:fs/promises");
    await rename(file + ".tmp", file);
  }

  async stop() {
    this.proc.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** A long-named Polish customer's order (the arc, crystal) placed through the API; its status page's path. */
export async function placeOrder(request: APIRequestContext, email: string): Promise<string> {
  const items = [{ product: "arc", variant: "crystal", quantity: 1 }];
  const quote = await request.post("/v1/quote", { data: { locale: "en", country: "pl", code: "", items } });
  const { totals } = (await quote.json()) as { totals: { total: number } };
  const res = await request.post("/v1/orders", {
    data: {
      locale: "en", terms_accepted: true, expected_total: totals.total, code: "", items,
      customer: {
        first_name: "Katarzyna", last_name: "Wiśniewska-Zawadzka", email, phone: "+48 600 100 200",
        country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa",
      },
    },
    headers: { "Idempotency-Key": `order-${Date.now()}-${Math.random()}` },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { status_url: string }).status_url;
}

/**
 * Records every toast's text as it appears, from the tab's next page on:
 * a toast shows for TOAST_MS (3 s, the product's rule), which a busy
 * machine can spend before a check looks; the record keeps it.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const t of document.querySelectorAll(".toast")) {
        const s = t.textContent ?? "";
        if (s && !seen.includes(s)) seen.push(s);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The toasts recordToasts saw on the current page. */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
}
