// axe-core on every page kind, in every locale, at both widths (the phone
// and desktop projects): no serious or critical violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const pageKinds = [
  "/", "/features", "/contact", "/faq", "/gallery", "/shop", "/shop/arc", "/shop/belt-clip",
  "/shop/custom-saber-creator", "/blog", "/blog/categories/", "/blog/categories/guides",
  "/blog/how-a-hilt-is-made", "/basket", "/status/", "/offline", "/no-such-page",
];

for (const prefix of ["", "/pl", "/de"]) {
  test.describe(`axe ${prefix || "/en"}`, () => {
    for (const path of pageKinds) {
      test(`${prefix}${path}`, async ({ page }) => {
        await page.goto(`${prefix}${path}`);
        // A first visit: the cookie banner is up (shown by the site-wide
        // script), and the islands that hydrate without the visitor have.
        await expect(page.getByRole("region", { name: /cookie/i })).toBeVisible();
        await expect(page.locator('saber-island:is([hydrate="load"], [hydrate="idle"]):not([companion]):not([hydrated])')).toHaveCount(0, { timeout: 10_000 });
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  });
}
