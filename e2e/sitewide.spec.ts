// Site-wide behaviour: the service worker's offline page, prefetch of likely
// next pages (not on 2g or offline), the progress bar for slow navigations.
import { expect, test } from "./fixtures";
import { afterIdle } from "./shop";

test("the service worker serves cached pages and the locale's offline page", async ({ page, context }) => {
  await page.goto("/pl/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled yet; the next one is, and gets cached.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.goto("/pl/faq");
  await context.setOffline(true);
  // A page seen before comes from the cache...
  await page.goto("/pl/faq");
  await expect(page.locator("h1")).toBeVisible();
  await expect(page).toHaveTitle(/FAQ|pytania/i);
  // ...one never seen gets the Polish offline page.
  await page.goto("/pl/construction");
  await expect(page.locator("h1")).toHaveText("Jesteś offline");
  await page.goto("/de/generator");
  await expect(page.locator("h1")).toHaveText("Du bist offline");
  await context.setOffline(false);
  // Nothing under /v1 is ever cached.
  await page.evaluate(async () => void (await fetch("/v1/shop")));
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached.filter((u) => u.startsWith("/v1"))).toEqual([]);
  expect(cached).toContain("/pl/offline");
  expect(cached.some((u) => u.startsWith("/assets/runtime-"))).toBe(true);
});

test("likely next pages are prefetched after idle on a good connection", async ({ page }) => {
  await page.goto("/");
  await expect.poll(() => page.locator('link[rel="prefetch"]').count()).toBeGreaterThan(2);
  const hrefs = await page.locator('link[rel="prefetch"]').evaluateAll((ls) => ls.map((l) => l.getAttribute("href")));
  expect(hrefs.every((h) => h!.startsWith("/") && !h!.startsWith("/v1"))).toBe(true);
});

test("no prefetch on a 2g connection", async ({ page, context, browserName }) => {
  test.skip(browserName !== "chromium");
  test.slow(); // the home page over a throttled 2g line
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false, latency: 1800, downloadThroughput: 30_000, uploadThroughput: 15_000, connectionType: "cellular2g",
  });
  await page.goto("/");
  expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType)).toContain("2g");
  // The prefetching runs at idle, like the idle islands: past that, none.
  await afterIdle(page);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
});

test.describe("navigation progress", () => {
  // Requests a service worker answers bypass page.route, which slows the page.
  test.use({ serviceWorkers: "block" });

  test("the progress bar shows only for navigations slower than 200 ms", async ({ page }) => {
    // The old page cannot be queried while a navigation is pending, so it
    // reports the bar itself: milliseconds from the click to the bar.
    const shownAfter: number[] = [];
    await page.exposeFunction("reportBar", (ms: number) => shownAfter.push(ms));
    const watch = () =>
      page.evaluate(() => {
        let clicked = 0;
        document.addEventListener("click", () => (clicked = performance.now()), true);
        new MutationObserver(() => {
          if (document.querySelector(".nav-progress")) (window as unknown as { reportBar(ms: number): void }).reportBar(performance.now() - clicked);
        }).observe(document.body, { childList: true });
      });
    const addLink = (href: string) =>
      page.evaluate((h) => {
        const a = document.createElement("a");
        a.href = h;
        a.textContent = "Test link";
        a.id = "test-link";
        document.querySelector("main")!.prepend(a);
      }, href);

    // A slow navigation (1.5 s): the bar appears, never before the 200 ms
    // throttle (so a fast one never shows it).
    await page.route("**/features?slow=1", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto("/");
    await watch();
    await addLink("/features?slow=1");
    await page.locator("#test-link").click({ noWaitAfter: true });
    await page.waitForURL("**/features?slow=1");
    expect(shownAfter).toHaveLength(1);
    expect(shownAfter[0]).toBeGreaterThanOrEqual(200);
    expect(shownAfter[0]).toBeLessThan(1500);
    await expect(page.locator(".nav-progress")).toHaveCount(0);
  });
});
