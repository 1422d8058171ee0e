// Every locale's home, a product and a blog post render, hydrate the header
// cart badge from the persisted cart, and log no console errors. (When
// islands hydrate, and when not at all, is tested in loader.spec.ts.)
import { bothWidthsIf, expect, type Page, test } from "./fixtures";
import { watchConsole } from "./console";
import { afterIdle } from "./shop";

const CART_KEY = "saber-shop.cart.v1";

const locales = [
  { code: "en", prefix: "" },
  { code: "pl", prefix: "/pl" },
  { code: "de", prefix: "/de" },
] as const;


async function firstPostPath(page: Page, prefix: string): Promise<string> {
  await page.goto(`${prefix}/blog`);
  const href = await page.locator(`main a[href^="${prefix}/blog/"]:not([href*="/categories"])`).first().getAttribute("href");
  expect(href, "the blog list links to a post").toBeTruthy();
  return href!;
}

for (const { code, prefix } of locales) {
  test.describe(`${code}`, () => {
    test(`home, product and post hydrate without console errors (${code})`, bothWidthsIf(code === "en"), async ({ page }) => {
      const problems = watchConsole(page);
      // With an item in the stored cart the badge (and the toasts with it)
      // hydrate on every page; with an empty cart nothing would.
      await page.addInitScript((k) => localStorage.setItem(k, JSON.stringify([{ product: "arc", quantity: 1 }])), CART_KEY);
      const post = await firstPostPath(page, prefix);
      for (const path of [`${prefix}/`, `${prefix}/shop/arc`, post]) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", code);
        await expect(page.locator("h1")).toHaveCount(1);
        for (const name of ["CartBadge", "Toasts"]) {
          const island = page.locator(`saber-island[component-url*="/${name}-"]`).first();
          await expect(island, `${path} ${name}`).toHaveAttribute("hydrated", "");
        }
        await expect(page.locator(".cart-badge__count").first()).toHaveText("1");
        if (path === `${prefix}/`) {
          // The carousel waits for the visitor.
          await page.locator(".carousel").hover();
          await expect(page.locator('saber-island[component-url*="/Carousel-"]')).toHaveAttribute("hydrated", "");
        }
      }
      expect(problems).toEqual([]);
    });

    test(`cart badge reads the persisted cart and follows other tabs (${code})`, async ({ page, context }) => {
      const problems = watchConsole(page);
      await page.goto(`${prefix}/shop/arc`);
      await page.evaluate(
        ([key]) => localStorage.setItem(key!, JSON.stringify([{ product: "arc", quantity: 2 }, { product: "plug", quantity: 1 }])),
        [CART_KEY],
      );
      await page.reload();
      const badge = page.locator(".cart-badge").first();
      await expect(page.locator("saber-island[hydrated] .cart-badge__count").first()).toHaveText("3");
      await expect(badge).toHaveAttribute("href", `${prefix}/basket`);
      const label = await badge.getAttribute("aria-label");
      expect(label).toContain("3");

      // Another tab empties the cart: this tab's badge follows.
      const other = await context.newPage();
      await other.goto(`${prefix}/`);
      await other.evaluate(([key]) => localStorage.setItem(key!, "[]"), [CART_KEY]);
      await expect(page.locator(".cart-badge__count").first()).toBeHidden();
      expect(problems).toEqual([]);
    });
  });
}

test("unknown paths get the locale's 404 page with status 404", async ({ page }) => {
  const en = await page.goto("/no-such-page");
  expect(en?.status()).toBe(404);
  await expect(page.locator("h1")).toContainText("This page could not be found");
  const pl = await page.goto("/pl/nie-ma-takiej-strony");
  expect(pl?.status()).toBe(404);
  await expect(page.locator("h1")).toContainText("Błąd 404");
});

test("a broken cart value reads as an empty cart, not a crash", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await page.evaluate(([key]) => localStorage.setItem(key!, "{not json"), [CART_KEY]);
  await page.reload();
  // Not a reason to load React (the loader reads it as empty too)...
  await afterIdle(page);
  await expect(page.locator("saber-island[hydrated]")).toHaveCount(0);
  // ...and once React comes for the carousel, the badge hydrates with no count.
  await page.locator(".carousel").hover();
  await expect(page.locator('saber-island[component-url*="/CartBadge-"]')).toHaveAttribute("hydrated", "");
  await expect(page.locator(".cart-badge__count").first()).toBeHidden();
  expect(problems).toEqual([]);
});

/**
 * What an island's elements point at by id (a label's for, aria-*) that is
 * not on the page, and every id the page holds twice. The server renders
 * islands with React and the browser hydrates them with Preact: an element
 * that hydration kept and one rendered later must agree on their ids
 * (components/islandId.ts).
 */
async function brokenIdReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const counts = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) counts.set(el.id, (counts.get(el.id) ?? 0) + 1);
    for (const [id, n] of counts) if (n > 1) out.push(`id ${id} is on ${n} elements`);
    const attrs = ["for", "aria-labelledby", "aria-describedby", "aria-controls"];
    for (const el of document.querySelectorAll(attrs.map((a) => `saber-island [${a}]`).join(", "))) {
      for (const attr of attrs) {
        for (const ref of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(ref)) out.push(`<${el.tagName.toLowerCase()} ${attr}="${ref}">: no such id`);
        }
      }
    }
    return out;
  });
}

test("an island's ids agree before and after the browser renders it again", async ({ page }) => {
  const problems = watchConsole(page);
  // The creator: a preset tab's panel is labelled by the tab chosen after hydration.
  await page.goto("/shop/custom-saber-creator");
  await expect(page.locator('saber-island[component-url*="/Creator-"]')).toHaveAttribute("hydrated", "");
  const tab = page.getByRole("tab", { name: "Preset 2" });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Preset 2");
  expect(await brokenIdReferences(page)).toEqual([]);

  // A product page with several islands, and the lightbox they add on a click.
  await page.addInitScript((k) => localStorage.setItem(k, JSON.stringify([{ product: "arc", quantity: 1 }])), CART_KEY);
  await page.goto("/shop/arc");
  await page.locator(".pgallery__slide").first().click();
  await expect(page.locator("dialog.lightbox")).toHaveAttribute("open", "");
  await expect(page.locator("dialog.lightbox")).toHaveAccessibleName("Arc, picture 1 of 3");
  await expect(page.locator('saber-island[component-url*="/CartBadge-"]')).toHaveAttribute("hydrated", "");
  expect(await brokenIdReferences(page)).toEqual([]);
  expect(problems).toEqual([]);
});
