// No layout shift on any page kind
// (docs/decisions/islands-and-pages.md#the-header-and-brand-never-move-after-the-first-paint,
// docs/decisions/shop-in-the-browser.md#content-that-comes-later-holds-the-page-back):
// every kind of page, on a first visit (so with the cookie banner), at 375
// and 1280 px, loaded and with its islands hydrated, has no entry in the
// browser's layout-shift timeline (buffered from the navigation's start).
//
// The basket with stored lines and an order's status page render their
// content in the browser (from storage, from the API); before their
// .island-pending rule (templates/styles.css) what followed them moved
// down (0.02-0.19 on the basket, 0.26-0.40 on the status page).
import { BOTH_WIDTHS, expect, type Page, test } from "./fixtures";
import { afterFrames, afterIdle, CART_KEY, islandsHydrated, placeOrder } from "./shop";

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
  "/application", "/no-such-page", "/basket", "/status/no-such-order",
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

// The basket with three stored lines, priced by the daemon, and a placed
// order's status page: both render in the browser (from storage, from the
// API) into what the server rendered.
test.describe("no layout shift where the content comes later", BOTH_WIDTHS, () => {
  test("on the basket with three lines", async ({ page }) => {
    await recordShifts(page);
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem(key, JSON.stringify([
          { product: "arc", variant: "crystal", quantity: 1 },
          { product: "count", quantity: 2 },
          { product: "royal", quantity: 1 },
        ]));
        sessionStorage.setItem("seeded", "1");
      }
    }, CART_KEY);
    await page.goto("/basket");
    await settle(page);
    await expect(page.locator(".basket__aside")).not.toContainText("…");
    await afterFrames(page);
    expect(await shifts(page)).toEqual([]);
  });

  test("on a placed order's status page", async ({ page }) => {
    await recordShifts(page);
    await page.goto(await placeOrder(page.request, `cls-${Date.now()}@example.com`));
    await settle(page);
    await expect(page.locator(".order-head .status-badge")).toBeVisible();
    await afterFrames(page);
    expect(await shifts(page)).toEqual([]);
  });
});
