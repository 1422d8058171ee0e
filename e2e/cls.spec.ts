// No layout shift on any page kind (issue 18): every kind of page, on a
// first visit (so with the cookie banner), at 375 and 1280 px, loaded and
// with its islands hydrated, has no entry in the browser's layout-shift
// timeline (buffered from the navigation's start).
//
// Not here yet: the basket with stored lines and an order's status page.
// Both render their content in the browser (from storage, from the API)
// into a server-rendered loading state, and what follows them moves down
// (measured 0.02-0.19 on the basket, 0.26-0.40 on the status page); issue
// 18 stays open for them.
import { BOTH_WIDTHS, expect, type Page, test } from "./fixtures";
import { afterFrames, afterIdle, islandsHydrated } from "./shop";

// The service worker's own fetches are not the page's: keep it out.
test.use({ serviceWorkers: "block" });

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: string[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
        const where = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)?.outerHTML.slice(0, 80) ?? "?");
        w.shifts.push(`${e.value.toFixed(4)}: ${where.join(" | ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function settle(page: Page) {
  await expect(page.locator("saber-consent[state]")).toHaveAttribute("state", "show");
  await islandsHydrated(page);
  await afterIdle(page);
  // Every picture that is in the page's first screen has been decoded.
  await page.evaluate(() => Promise.all([...document.images].filter((i) => i.loading !== "lazy").map((i) => i.decode().catch(() => undefined))));
  await afterFrames(page);
}

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);

const KINDS = [
  "/", "/pl/", "/shop", "/shop/arc", "/de/shop/count", "/shop/custom-saber-creator", "/pl/shop/custom-saber-creator",
  "/features", "/construction", "/blog", "/blog/how-a-hilt-is-made", "/faq", "/gallery", "/contact", "/legal-terms",
  "/application", "/no-such-page",
];

test.describe("no layout shift", BOTH_WIDTHS, () => {
  for (const path of KINDS) {
    test(`on ${path}`, async ({ page }) => {
      await recordShifts(page);
      await page.goto(path);
      await settle(page);
      expect(await shifts(page)).toEqual([]);
    });
  }
});
