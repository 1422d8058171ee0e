// axe-core on every page layout, at both widths (the header, the menus and
// most layouts differ by width): no serious or critical violations on a
// first visit. The locale does not change a layout, so each page kind is
// scanned in one locale, the three taking turns (the home page in all
// three); the words themselves are checked by the translation tests. The
// states behind a click (the basket's lines and checkout, the creator, the
// status page's forms, the carousel and lightbox, toasts) are scanned by
// their own specs.
import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { islandsHydrated, LOCALES, path } from "./shop";

const pageKinds = [
  "/", "/features", "/contact", "/faq", "/gallery", "/shop", "/shop/arc", "/shop/belt-clip",
  "/shop/custom-saber-creator", "/blog", "/blog/categories/", "/blog/categories/guides",
  "/blog/how-a-hilt-is-made", "/basket", "/status/", "/offline", "/no-such-page",
  "/safety/cs", // a safety text's own page (docs/legal.md#product-safety)
];

const visits = [
  ...LOCALES.filter((l) => l !== "en").map((locale) => ({ locale, route: "/" })),
  ...pageKinds.map((route, i) => ({ locale: LOCALES[i % LOCALES.length]!, route })),
];

test.describe("axe", { tag: "@both" }, () => {
  for (const { locale, route } of visits) {
    test(path(locale, route), async ({ page }) => {
      // A big page's scan takes 10-20 s on a busy 2-core machine.
      test.slow();
      await page.goto(path(locale, route));
      // A first visit: the cookie banner is up (shown by the site-wide
      // script), and the islands that hydrate without the visitor have.
      await expect(page.getByRole("region", { name: /cookie/i })).toBeVisible();
      await islandsHydrated(page);
      await expectNoSeriousViolations(page);
    });
  }
});
