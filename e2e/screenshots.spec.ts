// The README's screenshots are made here, by the browser tests, not drawn:
// `UPDATE_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts e2e/screenshots.spec.ts`
// writes docs/screenshots/; a normal run writes them under test-results/.
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { join, resolve } from "node:path";
import { acceptCookies, placeOrder } from "./shop";

const docs = resolve(__dirname, "..", "docs", "screenshots");

for (const [name, path] of [["home", "/"], ["product", "/shop/talon"]] as const) {
  test(`screenshot: ${name}`, BOTH_WIDTHS, async ({ page }, info) => {
    // The cookie banner is a first-visit state; the pictures show the site.
    await acceptCookies(page);
    await page.goto(path);
    // What a returning visitor sees before touching anything: no island
    // hydrates on these pages until then (e2e/loader.spec.ts).
    await expect(page.locator("saber-consent")).toHaveAttribute("state", "accepted");
    await page.evaluate(() => document.fonts.ready);
    const file = `${name}-${info.project.name}.png`;
    const out = process.env.UPDATE_SCREENSHOTS ? join(docs, file) : info.outputPath(file);
    await page.screenshot({ path: out, fullPage: false, animations: "disabled" });
  });
}

// The states the layout fixes are about, at 375 and 1280 px: a long
// e-mail address on the status page, the creator's part rows with their
// scroll affordance (at the start and scrolled), and a whole product page
// (no gap under the picture).
test.describe("screenshots of layout fixes", BOTH_WIDTHS, () => {
  const save = (name: string, project: string, outputPath: (f: string) => string) => {
    const file = `${name}-${project}.png`;
    return process.env.UPDATE_SCREENSHOTS ? join(docs, file) : outputPath(file);
  };
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });

  test("screenshot: status page customer", async ({ page, request }, info) => {
    await page.goto(await placeOrder(request, "katarzyna.wisniewska.zawadzka@przyklad.example.com"));
    const card = page.locator(".card", { has: page.locator(".order-customer") });
    await expect(card.locator(".order-customer")).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await card.screenshot({ path: save("status-customer", info.project.name, (f) => info.outputPath(f)), animations: "disabled" });
  });

  test("screenshot: creator part rows", async ({ page }, info) => {
    await page.goto("/shop/custom-saber-creator");
    const hilt = page.locator(".creator__section").first();
    await expect(hilt.locator(".picker__frame[data-more-after]").first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await hilt.screenshot({ path: save("creator-parts", info.project.name, (f) => info.outputPath(f)), animations: "disabled" });
    // The grip row scrolled into its middle: both sides fade.
    await hilt.locator(".picker__row").nth(1).evaluate((el) => el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, behavior: "instant" }));
    await expect(hilt.locator(".picker__frame").nth(1)).toHaveAttribute("data-more-before", "true");
    await hilt.screenshot({ path: save("creator-parts-scrolled", info.project.name, (f) => info.outputPath(f)), animations: "disabled" });
  });

  test("screenshot: whole product page", async ({ page }, info) => {
    await page.goto("/shop/talon");
    await expect(page.locator("saber-consent")).toHaveAttribute("state", "accepted");
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: save("product-full", info.project.name, (f) => info.outputPath(f)), fullPage: true, animations: "disabled" });
  });
});
