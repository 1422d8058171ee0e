// axe-core on the page kinds of this issue, each locale: no serious or
// critical violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

for (const prefix of ["", "/pl", "/de"]) {
  for (const path of ["/", "/shop/arc", "/blog", "/faq", "/contact"]) {
    test(`axe: ${prefix}${path}`, async ({ page }) => {
      await page.goto(`${prefix}${path}`);
      await expect(page.locator("saber-island[hydrated]").first()).toBeAttached();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}
