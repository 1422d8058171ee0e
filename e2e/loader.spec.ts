// The island loader's hydration strategies, on the real built page: an
// island marked "visible" waits until it scrolls into view, one marked
// "idle" hydrates once the browser is idle, "interaction" waits for the
// visitor (and replays an early click), and companions (cart badge, toasts)
// wait until React comes for another island or the stored cart has items.
// Above all: a page nobody interacts with loads no React.
import { BOTH_WIDTHS, expect, type Page, test } from "./fixtures";
import { watchConsole } from "./console";
import { acceptCookies, afterFrames, afterIdle } from "./shop";

// page.route() does not see requests a service worker answers: keep it out.
test.use({ serviceWorkers: "block" });

const CART_KEY = "saber-shop.cart.v1";
const HIDDEN_KEY = "saber-shop.cookie-consent.hidden";

function problemsOf(page: Page): string[] {
  return watchConsole(page);
}

/** Paths of the scripts the page requests. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

const reactIn = (scripts: string[]) => scripts.filter((s) => /\/assets\/runtime-[^/]*\.js$/.test(s));

const island = (page: Page, name: string) => page.locator(`saber-island[component-url*="/${name}-"]`);

test("visible and idle islands hydrate when they should", BOTH_WIDTHS, async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto("/");
  await page.waitForFunction(() => customElements.get("saber-island") !== undefined);

  // Server markup of the cart badge island, as the build wrote it, but not
  // a companion: these test the moments alone.
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
      el.removeAttribute("companion");
      el.setAttribute("prefix", prefix);
      el.id = `test-${mode}`;
      if (mode === "visible") document.body.append(el);
      else document.body.prepend(el);
    }
  });
  await expect(page.locator("#test-idle")).toHaveAttribute("hydrated", "");
  // The observer has reported (two frames), and the island is far below.
  await afterFrames(page);
  await expect(page.locator("#test-visible")).not.toHaveAttribute("hydrated", "");
  await page.locator("#test-visible a").scrollIntoViewIfNeeded();
  await expect(page.locator("#test-visible")).toHaveAttribute("hydrated", "");
  expect(errors).toEqual([]);
});

test("a chunk that fails to load reloads the page once, not again within 60 s", async ({ page }) => {
  let navigations = 0;
  let failedImports = 0;
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame()) navigations++;
  });
  page.on("console", (m) => {
    if (m.text().startsWith("island chunk failed to load")) failedImports++;
  });
  // A cart with items: the badge hydrates at idle.
  await page.addInitScript((k) => localStorage.setItem(k, JSON.stringify([{ product: "arc", quantity: 1 }])), CART_KEY);
  await page.route("**/assets/CartBadge-*.js", (route) => route.abort());
  await page.goto("/faq");
  // The failed import reloads once; the reload fails too and must not loop.
  // The second page's import failed too (the loader says so, then decides
  // whether to reload, at once): no third page.
  await expect.poll(() => failedImports).toBe(2);
  expect(navigations).toBe(2);
  const guard = await page.evaluate(() => Number(sessionStorage.getItem("saber-shop.chunk-reload")));
  expect(Date.now() - guard).toBeLessThan(60_000);
});

test.describe("no React until it is needed", () => {
  for (const visitor of ["first visit", "returning visitor (accepted)", "returning visitor (declined)"] as const) {
    test(`a product page and a post load no runtime: ${visitor}, empty cart`, async ({ page }) => {
      const problems = problemsOf(page);
      if (visitor === "returning visitor (accepted)") await acceptCookies(page);
      if (visitor === "returning visitor (declined)") await page.addInitScript((k) => sessionStorage.setItem(k, "1"), HIDDEN_KEY);
      const scripts = scriptsOf(page);
      for (const path of ["/shop/arc", "/blog/how-a-hilt-is-made"]) {
        await page.goto(path);
        await afterIdle(page);
        const state = visitor === "first visit" ? "show" : visitor.includes("accepted") ? "accepted" : "hidden";
        await expect(page.locator("saber-consent")).toHaveAttribute("state", state);
        await expect(page.locator("saber-island[hydrated]")).toHaveCount(0);
      }
      expect(reactIn(scripts), "no React runtime requested").toEqual([]);
      // What loads instead: the loader, the site-wide script and esbuild's helper chunk.
      expect(scripts.every((s) => /\/assets\/(loader|sitewide|chunk)-[^/]*\.js$/.test(s)), scripts.join(" ")).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test("the home page loads React only when the visitor turns to the carousel", BOTH_WIDTHS, async ({ page }) => {
    const problems = problemsOf(page);
    await page.addInitScript((k) => sessionStorage.setItem(k, "1"), HIDDEN_KEY);
    const scripts = scriptsOf(page);
    await page.goto("/");
    await afterIdle(page);
    expect(reactIn(scripts)).toEqual([]);
    await expect(island(page, "Carousel")).not.toHaveAttribute("hydrated", "");

    await page.locator(".carousel").hover();
    await expect(island(page, "Carousel")).toHaveAttribute("hydrated", "");
    await expect(page.locator(".carousel")).toHaveAttribute("data-ready", "");
    expect(reactIn(scripts)).toHaveLength(1);
    // React is on the page now: the companions come along.
    await expect(island(page, "CartBadge")).toHaveAttribute("hydrated", "");
    await expect(island(page, "Toasts")).toHaveAttribute("hydrated", "");
    expect(problems).toEqual([]);
  });

  test("scrolling brings the carousel's controls without touching it", BOTH_WIDTHS, async ({ page }) => {
    await page.goto("/");
    await afterIdle(page);
    await expect(island(page, "Carousel")).not.toHaveAttribute("hydrated", "");
    await page.evaluate(() => {
      window.scrollBy(0, 300);
    });
    await expect(island(page, "Carousel")).toHaveAttribute("hydrated", "");
    await expect(page.locator(".carousel__controls")).toBeVisible();
  });

  test("a click that arrives while an interaction island loads is replayed", BOTH_WIDTHS, async ({ page }) => {
    const problems = problemsOf(page);
    await page.addInitScript((k) => sessionStorage.setItem(k, "1"), HIDDEN_KEY);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route("**/assets/Carousel-*.js", async (route) => {
      requested = true;
      await held;
      await route.fallback();
    });
    await page.goto("/");
    await afterIdle(page);
    // The controls keep their place, invisible, until hydration; show them
    // so that the test can click "Next" before React is there.
    // (Through the CSSOM: the CSP allows no inline <style>.)
    await page.evaluate(() => {
      document.querySelector<HTMLElement>(".carousel__controls")!.style.setProperty("visibility", "visible", "important");
    });
    const carousel = page.locator(".carousel");
    await expect(carousel.locator(".carousel__status")).toHaveText(/^1 of \d+/);
    await carousel.getByRole("button", { name: "Next slide" }).click();
    // The chunk request follows the press asynchronously (import()).
    await expect.poll(() => requested, { message: "the press started loading the carousel" }).toBe(true);
    await expect(island(page, "Carousel")).not.toHaveAttribute("hydrated", "");
    release();
    await expect(island(page, "Carousel")).toHaveAttribute("hydrated", "");
    await expect(carousel.locator(".carousel__status")).toHaveText(/^2 of \d+/);
    expect(problems).toEqual([]);
  });
});

test.describe("companion islands", () => {
  test("the cart badge hydrates when another tab puts an item into the cart", async ({ page, context }) => {
    const problems = problemsOf(page);
    const scripts = scriptsOf(page);
    await page.goto("/shop/talon");
    await afterIdle(page);
    await expect(island(page, "CartBadge")).not.toHaveAttribute("hydrated", "");
    await expect(page.locator(".cart-badge__count").first()).toBeHidden();

    const other = await context.newPage();
    await other.goto("/faq");
    await other.evaluate((k) => localStorage.setItem(k, JSON.stringify([{ product: "talon", quantity: 2 }])), CART_KEY);
    await expect(island(page, "CartBadge")).toHaveAttribute("hydrated", "");
    await expect(page.locator(".cart-badge__count").first()).toHaveText("2");
    expect(reactIn(scripts)).toHaveLength(1);
    await other.close();
    expect(problems).toEqual([]);
  });

  test("with items in the stored cart the badge hydrates at idle, and the toasts with it", async ({ page }) => {
    const problems = problemsOf(page);
    await page.addInitScript((k) => localStorage.setItem(k, JSON.stringify([{ product: "arc", quantity: 1 }])), CART_KEY);
    await page.goto("/blog/how-a-hilt-is-made");
    await expect(island(page, "CartBadge")).toHaveAttribute("hydrated", "");
    await expect(page.locator(".cart-badge__count").first()).toHaveText("1");
    await expect(island(page, "Toasts")).toHaveAttribute("hydrated", "");
    expect(problems).toEqual([]);
  });

  test("companions hydrate when another island does", async ({ page }) => {
    const problems = problemsOf(page);
    await page.goto("/faq");
    await afterIdle(page);
    await expect(page.locator("saber-island[hydrated]")).toHaveCount(0);
    await page.locator(".notify-form").scrollIntoViewIfNeeded();
    await expect(island(page, "NotifyMe")).toHaveAttribute("hydrated", "");
    await expect(island(page, "CartBadge")).toHaveAttribute("hydrated", "");
    await expect(island(page, "Toasts")).toHaveAttribute("hydrated", "");
    expect(problems).toEqual([]);
  });
});
