// The island loader's hydration strategies, on the real built page: an
// island marked "visible" waits until it scrolls into view, one marked
// "idle" hydrates once the browser is idle.
import { expect, test } from "@playwright/test";

test("visible and idle islands hydrate when they should", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto("/");
  await expect(page.locator("saber-island[hydrated]").first()).toBeAttached();

  // Server markup of the cart badge island, as the build wrote it.
  await page.evaluate(async () => {
    const html = await (await fetch(location.href)).text();
    const doc = new DOMParser().parseFromString(html, "text/html");
    const server = doc.querySelector("saber-island")!;
    const spacer = document.createElement("div");
    spacer.style.height = "4000px";
    document.body.append(spacer);
    for (const [mode, prefix] of [["visible", "tv-"], ["idle", "ti-"]] as const) {
      const el = document.importNode(server, true) as HTMLElement;
      el.setAttribute("hydrate", mode);
      el.setAttribute("prefix", prefix);
      el.id = `test-${mode}`;
      if (mode === "visible") document.body.append(el);
      else document.body.prepend(el);
    }
  });
  await expect(page.locator("#test-idle")).toHaveAttribute("hydrated", "", { timeout: 5000 });
  await page.waitForTimeout(500);
  await expect(page.locator("#test-visible")).not.toHaveAttribute("hydrated", "");
  await page.locator("#test-visible a").scrollIntoViewIfNeeded();
  await expect(page.locator("#test-visible")).toHaveAttribute("hydrated", "", { timeout: 5000 });
  expect(errors).toEqual([]);
});

test("a chunk that fails to load reloads the page once, not again within 60 s", async ({ page }) => {
  let navigations = 0;
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame()) navigations++;
  });
  await page.route("**/assets/CartBadge-*.js", (route) => route.abort());
  await page.goto("/faq");
  // The failed import reloads once; the reload fails too and must not loop.
  await expect.poll(() => navigations, { timeout: 10_000 }).toBe(2);
  await page.waitForTimeout(3000);
  expect(navigations).toBe(2);
  const guard = await page.evaluate(() => Number(sessionStorage.getItem("saber-shop.chunk-reload")));
  expect(Date.now() - guard).toBeLessThan(60_000);
});
