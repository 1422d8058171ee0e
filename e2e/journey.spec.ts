// The shopper's whole path, in each language: two
// products into the basket, one removed by its position, a reload, the
// checkout with errors first, the order, the link from the e-mail, a
// discount code refused below the minimum and taken above it, and a card
// payment through 3-D Secure that the page sees become paid. The real build,
// the real daemon, its sandbox payments and the e-mails it wrote.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { bothWidthsIf, expect, type Page, test } from "./fixtures";
import { money } from "./money";
import { mailTo } from "./mail";
import { PORT } from "./paths";
import { DATA, LOCALES, TEXT, acceptCookies, basketReady, cart, customer, fillCheckout, orderdBinary, path, type Locale } from "./shop";

// The daemon's links (the e-mail's, the sandbox's way back) say localhost.
test.use({ baseURL: `http://localhost:${PORT}`, serviceWorkers: "block" });

const STATUS = {
  en: { paid: "Paid", placed: "Order placed", code: "Discount code", apply: "Apply", threeDS: "Confirm with your card issuer", minimum: "Discount codes are available for orders from €235.00." },
  pl: { paid: "Opłacone", placed: "Zamówienie złożone", code: "Kod rabatowy", apply: "Zastosuj", threeDS: "Potwierdź u wydawcy karty", minimum: "Kody rabatowe są dostępne dla zamówień od 1\u00a0000,00\u00a0zł." },
  de: { paid: "Bezahlt", placed: "Bestellung aufgegeben", code: "Rabattcode", apply: "Einlösen", threeDS: "Bei deiner Bank bestätigen", minimum: "Rabattcodes gibt es für Bestellungen ab 235,00\u00a0€." },
} as const;

/** The sandbox confirms SANDBOX_DELAY (e2e/paths.ts) after the payment; the page polls every 2.5 s. */
const PAID_WITHIN = 20_000;

const run = promisify(execFile);

async function addCoupon(percent: number): Promise<string> {
  const code = `J${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
  await run(await orderdBinary(), ["-data", DATA, "coupons", "add", code, "--percent", String(percent)]);
  return code;
}

/**
 * Records every push to the data layer, on every page of the tab, in
 * sessionStorage (outgoing data minimisation, docs/legal.md#cookies-and-consent).
 * The page's own
 * code keeps the array it finds (`window.dataLayer ??= []`).
 */
async function recordDataLayer(page: Page) {
  await page.addInitScript(() => {
    const key = "e2e.datalayer";
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      const saved = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
      for (const e of entries) saved.push(JSON.stringify(e));
      sessionStorage.setItem(key, JSON.stringify(saved));
      return push(...entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

async function dataLayerPushes(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem("e2e.datalayer") ?? "[]") as string[]);
}

async function add(page: Page, locale: Locale, slug: string) {
  await page.goto(path(locale, `/shop/${slug}`));
  await page.getByRole("button", { name: TEXT[locale].add, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: TEXT[locale].added }).first()).toBeVisible();
}

/** Orders the cart through the basket; returns the status page's path. */
async function checkout(page: Page, locale: Locale, email: string): Promise<string> {
  await page.goto(path(locale, "/basket"));
  await basketReady(page);
  await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
  await fillCheckout(page, locale, { ...customer(locale, "journey"), email });
  await page.getByRole("button", { name: TEXT[locale].order }).click();
  await page.waitForURL(/\/status\//);
  return new URL(page.url()).pathname;
}

for (const locale of LOCALES) {
  test(`${locale}: basket, checkout, e-mail link, coupon, 3-D Secure card, paid`, bothWidthsIf(locale === "en"), async ({ page }) => {
    test.slow(); // a whole purchase, twice over, with the sandbox's confirmation delay
    const T = TEXT[locale];
    const S = STATUS[locale];
    await recordDataLayer(page);
    // Accepted: the e-commerce events are pushed only with consent, and
    // they are what must carry nothing personal.
    await acceptCookies(page);

    // A cheap order first: its status page refuses codes below the minimum.
    await add(page, locale, "belt-clip");
    const small = customer(locale, "journey-small");
    const smallPath = await checkout(page, locale, small.email);
    const smallCode = page.getByLabel(S.code, { exact: true });
    await expect(smallCode).toBeDisabled();
    await expect(page.locator(".coupon__minimum")).toHaveText(S.minimum);
    expect(smallPath).toMatch(new RegExp(`^${path(locale, "/status/")}`));

    // Two products in, the first removed by its position, a reload.
    await add(page, locale, "plug");
    await add(page, locale, "arc");
    await page.goto(path(locale, "/basket"));
    await basketReady(page);
    const lines = page.locator(".basket-line");
    await expect(lines).toHaveCount(2);
    await lines.nth(0).getByRole("button", { name: T.remove }).click();
    await expect(lines).toHaveCount(1);
    await page.reload();
    await basketReady(page);
    await expect(lines).toHaveCount(1);
    expect((await cart(page)).map((i) => i.product)).toEqual(["arc"]);

    // The checkout: errors first, then fixed.
    await page.getByRole("button", { name: T.toCheckout }).click();
    await page.getByRole("button", { name: T.order }).click();
    await expect(page.getByText(T.termsRequired)).toBeVisible();
    const c = customer(locale, "journey");
    await fillCheckout(page, locale, c);
    await expect(page.getByText(T.termsRequired)).toHaveCount(0);
    await page.getByRole("button", { name: T.order }).click();
    await page.waitForURL(/\/status\//);

    // The link from the e-mail opens the order.
    const mail = await mailTo(c.email);
    const link = mail.match(/https?:\/\/[^\s"<>]+\/status\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, "status link in the e-mail").toBeTruthy();
    await page.goto(link!);
    await expect(page.locator(".order-head .status-badge")).toContainText(S.placed);
    const totalBefore = await page.locator(".order-totals__total dd").textContent();

    // A code on an order above the minimum: the discount.
    const code = await addCoupon(10);
    const codeField = page.getByLabel(S.code, { exact: true });
    await codeField.fill(code);
    await page.getByRole("button", { name: S.apply }).click();
    await expect(page.locator(".order-totals__discount")).toBeVisible();
    await expect(page.locator(".order-totals__total dd")).not.toHaveText(totalBefore!);
    const currency = locale === "pl" ? "PLN" : "EUR";
    const arc = locale === "pl" ? 149900 : 34900;
    await expect(page.locator(".order-totals__discount dd")).toContainText(money(locale, arc / 10, currency));

    // The 3-D Secure test card: the issuer's page, approve, back, paid.
    const field = (ac: string) => page.locator(`.card-form input[autocomplete="${ac}"]`);
    await field("cc-number").fill("4000 0027 6000 3184");
    await field("cc-name").fill(`${c.first_name} ${c.last_name}`);
    await field("cc-exp").fill("12/34");
    await field("cc-csc").fill("123");
    await page.locator(".card-form button[type=submit]").click();
    await page.getByRole("link", { name: S.threeDS }).click();
    await expect(page).toHaveURL(/\/v1\/sandbox\/3ds\//);
    await page.locator('button[value="approve"]').click();
    await expect(page).toHaveURL(new RegExp(`${new URL(link!).pathname}$`));
    await expect(page.locator(".order-head .status-badge")).toHaveText(new RegExp(`${S.paid}$`), { timeout: PAID_WITHIN });

    // Nothing the shopper typed, and not the order's key, went to the
    // data layer: every push of the whole path, the purchase included.
    await expect.poll(async () => (await dataLayerPushes(page)).some((p) => p.includes('"event":"purchase"'))).toBe(true);
    const pushes = (await dataLayerPushes(page)).join("\n").toLowerCase();
    expect(pushes).toContain('"event":"add_to_cart"');
    const key = new URL(link!).pathname.split("/").at(-1)!;
    for (const typed of [c.email, small.email, c.first_name, c.last_name, c.phone, c.phone.replace(/\D/g, ""), c.street, c.city, key]) {
      expect(pushes, `the data layer carries ${JSON.stringify(typed)}`).not.toContain(typed.toLowerCase());
    }
  });
}
