// The README's screenshots are made here, by the browser tests, not drawn:
// `UPDATE_SCREENSHOTS=1 npx playwright test -c e2e/playwright.config.ts e2e/screenshots.spec.ts`
// writes docs/screenshots/; a normal run writes them under test-results/.
import { expect, test } from "@playwright/test";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const docs = resolve(dirname(fileURLToPath(import.meta.url)), "..", "docs", "screenshots");

for (const [name, path] of [["home", "/"], ["product", "/shop/talon"]] as const) {
  test(`screenshot: ${name}`, async ({ page }, info) => {
    test.skip(info.project.name === "unit");
    // The cookie banner is a first-visit state; the pictures show the site.
    await page.addInitScript(() => localStorage.setItem("saber-shop.cookie-consent", "false"));
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
