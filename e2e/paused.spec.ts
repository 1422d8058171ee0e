// Paused orders from the shopper's side (docs/product-rules.md#paused-orders):
// every buy button – the
// product page's, the creator's, the basket's – reads the spec's paused
// text and opens the "Orders paused" modal, and the modal's notify-me
// signup subscribes. Paused at run time (`orderd shop pause`, after the
// build) and at build time (orders_open = false), each on a daemon of its own.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "./fixtures";
import { mailTo } from "./mail";
import { basketReady, cart, declineCookies, holdRuntime, LOCALES, OwnDaemon, path, ROOT, TEXT, type Locale } from "./shop";

// holdRuntime() holds the renderer with page.route(), which does not see
// what a service worker answers: once the worker has the runtime cached, a
// held page hydrates anyway (CI saw it). Keep the worker out.
test.use({ serviceWorkers: "block" });

const SIGNUP: Record<Locale, { label: string; submit: string; done: string }> = {
  en: { label: "Your e-mail address", submit: "Notify me", done: "E-mail saved" },
  pl: { label: "Twój adres e-mail", submit: "Powiadom mnie", done: "Adres e-mail zapisany" },
  de: { label: "Deine E-Mail-Adresse", submit: "Benachrichtigen", done: "E-Mail gespeichert" },
};

/** The modal is open; its signup subscribes an address, and the confirmation e-mail arrives. */
async function signUpInModal(page: Page, locale: Locale, data: string, tag: string) {
  const dialog = page.getByRole("dialog", { name: TEXT[locale].pausedTitle });
  await expect(dialog).toBeVisible();
  const email = `${tag}-${locale}-${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel(SIGNUP[locale].label).fill(email);
  await dialog.getByRole("button", { name: SIGNUP[locale].submit }).click();
  await expect(dialog.getByText(SIGNUP[locale].done, { exact: true })).toBeVisible();
  expect(await mailTo(email, "", join(data, "mail"))).toMatch(/\/v1\/subscribers\/confirm\//);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

test.describe("paused at run time", () => {
  test.describe.configure({ mode: "serial" });
  let shop: OwnDaemon;
  test.beforeAll(async () => {
    shop = await OwnDaemon.start();
    await shop.owner("shop", "pause");
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  for (const locale of LOCALES) {
    test(`${locale}: the product page's button learns of the pause, opens the modal, and its signup subscribes`, async ({ page }) => {
      await declineCookies(page);
      await page.goto(shop.url + path(locale, "/shop/arc"));
      // The build said open: the server's button is "Add to basket" until
      // the island asks the daemon. A click before that waits for the answer;
      // once the answer has come the button is "paused" and opens the same
      // modal. Which one the click meets depends on the machine's speed (on
      // a busy one the answer replaced the button under the click), so the
      // click takes whichever is there.
      const add = page.getByRole("button", { name: TEXT[locale].add, exact: true });
      await add.or(page.getByRole("button", { name: TEXT[locale].paused, exact: true })).click();
      await expect(page.getByRole("button", { name: TEXT[locale].paused, exact: true })).toBeVisible();
      await signUpInModal(page, locale, shop.data, "product");
      expect(await cart(page)).toHaveLength(0);
      await page.getByRole("button", { name: TEXT[locale].paused, exact: true }).click();
      await expect(page.getByRole("dialog", { name: TEXT[locale].pausedTitle })).toBeVisible();
    });

    test(`${locale}: the creator's button reads the paused text and its modal subscribes`, async ({ page }) => {
      await declineCookies(page);
      await page.goto(shop.url + path(locale, "/shop/custom-saber-creator"));
      const button = page.getByRole("button", { name: TEXT[locale].paused, exact: true });
      await expect(button).toBeVisible();
      await button.click();
      await signUpInModal(page, locale, shop.data, "creator");
      expect(await cart(page)).toHaveLength(0);
    });
  }

  test("a press before React stores the line, and hydration takes it back and opens the modal", async ({ page }) => {
    await declineCookies(page);
    const release = await holdRuntime(page);
    await page.goto(shop.url + "/shop/arc");
    await page.getByRole("button", { name: TEXT.en.add, exact: true }).click();
    // Built open: the loader (components/cart/firstClick.ts) cannot know yet.
    await expect(page.locator(".cart-badge__count")).toHaveText("1");
    release();
    await expect(page.getByRole("dialog", { name: TEXT.en.pausedTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: TEXT.en.paused, exact: true })).toBeVisible();
    expect(await cart(page)).toEqual([]);
    await expect(page.locator(".cart-badge__count")).toBeHidden();
    await expect(page.locator(".add-to-cart__added")).toHaveText("");
  });

  test("the basket's paused modal has the signup too", async ({ page }) => {
    await declineCookies(page);
    await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 1 }])));
    await page.goto(shop.url + path("de", "/basket"));
    await basketReady(page);
    await page.getByRole("button", { name: TEXT.de.toCheckout }).click();
    await page.getByRole("button", { name: TEXT.de.paused, exact: true }).click();
    await signUpInModal(page, "de", shop.data, "basket");
  });

  test("resumed: the product page adds to the basket again", async ({ page }) => {
    await shop.owner("shop", "resume");
    try {
      await declineCookies(page);
      await page.goto(shop.url + "/shop/plug");
      await page.getByRole("button", { name: TEXT.en.add, exact: true }).click();
      await expect.poll(() => cart(page)).toHaveLength(1);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } finally {
      await shop.owner("shop", "pause");
    }
  });
});

test.describe("paused at build time", () => {
  test.describe.configure({ mode: "serial" });
  let shop: OwnDaemon;
  let dir: string;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The shop's own content with orders_open = false, built apart.
    dir = await mkdtemp(join(tmpdir(), "saber-e2e-paused-"));
    await cp(join(ROOT, "content"), join(dir, "content"), { recursive: true });
    const config = join(dir, "content", "config.toml");
    const text = await readFile(config, "utf8");
    expect(text).toMatch(/^orders_open = true$/m);
    await writeFile(config, text.replace(/^orders_open = true$/m, "orders_open = false"));
    await promisify(execFile)("go", ["run", "./cmd/build", "-content", join(dir, "content"), "-out", join(dir, "public"), "-no-compress"], { cwd: ROOT });
    shop = await OwnDaemon.start({ source: join(dir, "public") });
  });
  test.afterAll(async () => {
    await shop?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const locale of LOCALES) {
    test(`${locale}: the product page and the creator say so before anything is touched`, async ({ page }) => {
      await declineCookies(page);
      await page.goto(shop.url + path(locale, "/shop/talon"));
      const button = page.getByRole("button", { name: TEXT[locale].paused, exact: true });
      await expect(button).toBeVisible();
      await expect(page.getByRole("button", { name: TEXT[locale].add, exact: true })).toHaveCount(0);
      await button.click();
      await signUpInModal(page, locale, shop.data, "built-product");

      await page.goto(shop.url + path(locale, "/shop/custom-saber-creator"));
      await page.getByRole("button", { name: TEXT[locale].paused, exact: true }).click();
      await expect(page.getByRole("dialog", { name: TEXT[locale].pausedTitle })).toBeVisible();
      expect(await cart(page)).toHaveLength(0);
    });
  }

  test("resumed at run time, the daemon's word wins over the build's", async ({ page }) => {
    await shop.owner("shop", "resume");
    await declineCookies(page);
    await page.goto(shop.url + "/pl/shop/custom-saber-creator");
    await expect(page.getByRole("button", { name: TEXT.pl.add, exact: true })).toBeVisible();
  });
});
