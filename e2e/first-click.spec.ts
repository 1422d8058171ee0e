// The first click on "Add to basket" before React is on the page
// (components/cart/firstClick.ts,
// docs/decisions/shop-in-the-browser.md#the-first-click-is-answered-before-hydration):
// with the React runtime's download held back, the click stores the line,
// shows "In your basket" and the header count; a navigation straight after
// keeps the line; once React comes nothing is added twice. A click after
// hydration adds once (a shop paused at run time takes the line back:
// paused.spec.ts). The creator's button does the same with the design its
// first paint shows.
import { expect, test, type Page } from "./fixtures";
import { watchConsole } from "./console";
import { cart, declineCookies, holdRuntime, hydratedIsland, islandReady, TEXT } from "./shop";

// holdRuntime() holds the renderer with page.route(), which does not see
// what a service worker answers: once the worker has the runtime cached, a
// held page hydrates anyway (CI saw it). Keep the worker out.
test.use({ serviceWorkers: "block" });

const badge = (page: Page) => page.locator(".cart-badge__count");

test.describe("first click before hydration", () => {
  test("shows the confirmation and the count before React, and React adds nothing again", { tag: "@both" }, async ({ page }) => {
    const problems = watchConsole(page);
    await declineCookies(page);
    const release = await holdRuntime(page);
    await page.goto("/shop/arc");
    await page.getByLabel(/With crystal/).check();
    await page.getByRole("button", { name: TEXT.en.add, exact: true }).click();
    await expect(badge(page)).toHaveText("1");
    await expect(badge(page)).toBeVisible();
    await expect(page.getByRole("link", { name: /Basket, 1 item/ })).toBeVisible();
    await expect(page.locator(".add-to-cart__added")).toHaveText("In your basket. Go to the basket");
    // All of it without React: the runtime is still held.
    await expect(hydratedIsland(page, "AddToCart")).toHaveCount(0);
    expect(await cart(page)).toEqual([{ product: "arc", variant: "crystal", quantity: 1 }]);

    release();
    await islandReady(page, "AddToCart");
    await islandReady(page, "CartBadge");
    // The island finishes the press (its toast) and does not add again.
    await expect(page.getByText(TEXT.en.added)).toBeVisible();
    await expect(page.locator(".cart-badge[data-hydrated]")).toBeVisible();
    expect(await cart(page)).toEqual([{ product: "arc", variant: "crystal", quantity: 1 }]);
    await expect(badge(page)).toHaveText("1");
    await expect(page.locator(".add-to-cart__added")).toHaveText("In your basket. Go to the basket");
    // The next press is React's, and adds one.
    await page.getByRole("button", { name: TEXT.en.add, exact: true }).click();
    await expect(badge(page)).toHaveText("2");
    expect(await cart(page)).toEqual([{ product: "arc", variant: "crystal", quantity: 2 }]);
    // Hydration met the markup the loader wrote: no mismatch was logged.
    expect(problems).toEqual([]);
  });

  test("a navigation straight after the click keeps the line", { tag: "@both" }, async ({ page }) => {
    await declineCookies(page);
    const release = await holdRuntime(page);
    await page.goto("/shop/arc");
    await page.getByLabel(/With crystal/).check();
    await page.getByRole("button", { name: TEXT.en.add, exact: true }).click();
    await page.goto("/shop");
    expect(await cart(page)).toEqual([{ product: "arc", variant: "crystal", quantity: 1 }]);
    release();
    // The next page's badge hydrates from the stored cart; still one line.
    await islandReady(page, "CartBadge");
    await expect(badge(page)).toHaveText("1");
    expect(await cart(page)).toEqual([{ product: "arc", variant: "crystal", quantity: 1 }]);
  });

  test("a click after hydration adds once", async ({ page }) => {
    await declineCookies(page);
    await page.goto("/shop/plug");
    const button = page.getByRole("button", { name: TEXT.en.add, exact: true });
    await button.hover();
    await islandReady(page, "AddToCart");
    await button.click();
    await expect(badge(page)).toHaveText("1");
    await expect(page.getByText(TEXT.en.added)).toBeVisible();
    expect(await cart(page)).toEqual([{ product: "plug", quantity: 1 }]);
  });

  test("a hydrated island's press shows the count in a badge whose chunk is still on its way", async ({ page }) => {
    const problems = watchConsole(page);
    await declineCookies(page);
    // The badge, a companion, comes after the creator and needs a chunk
    // of its own: hold that one only.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/CartBadge-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    await page.goto("/shop/custom-saber-creator");
    await islandReady(page, "Creator");
    await page.locator(".creator__buy").getByRole("button", { name: TEXT.en.add, exact: true }).click();
    await expect(page.getByText("Your custom saber is in the basket.")).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    await expect(badge(page)).toBeVisible();
    await expect(page.getByRole("link", { name: /Basket, 1 item/ })).toBeVisible();
    await expect(hydratedIsland(page, "CartBadge")).toHaveCount(0);

    release();
    await islandReady(page, "CartBadge");
    await expect(page.locator(".cart-badge[data-hydrated]")).toBeVisible();
    await expect(badge(page)).toHaveText("1");
    // Hydration met the count the loader wrote: no mismatch was logged.
    expect(problems).toEqual([]);
  });

  test.describe("the creator", () => {
    const CREATOR = "/shop/custom-saber-creator";
    const addButton = (page: Page) => page.locator(".creator__buy").getByRole("button", { name: TEXT.en.add, exact: true });

    test("stores the first design before React, and React's next press is the same line", { tag: "@both" }, async ({ page }) => {
      const problems = watchConsole(page);
      await declineCookies(page);
      const release = await holdRuntime(page);
      await page.goto(CREATOR);
      await addButton(page).click();
      await expect(badge(page)).toHaveText("1");
      await expect(page.locator(".creator__added")).toHaveText("In your basket. Go to the basket");
      await expect(hydratedIsland(page, "Creator")).toHaveCount(0);
      const stored = await cart(page);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ product: "custom-saber-creator", quantity: 1 });

      release();
      await islandReady(page, "Creator");
      await expect(page.getByText("Your custom saber is in the basket.")).toBeVisible();
      await expect(page.locator(".creator__added")).toHaveText("In your basket. Go to the basket");
      expect(await cart(page)).toEqual(stored);
      // React's own press of the same design raises that line: the loader
      // stored the design exactly as the island does.
      await addButton(page).click();
      await expect(badge(page)).toHaveText("2");
      expect(await cart(page)).toEqual([{ ...stored[0], quantity: 2 }]);
      expect(problems).toEqual([]);
    });

    test("a navigation straight after the click keeps the design", async ({ page }) => {
      await declineCookies(page);
      const release = await holdRuntime(page);
      await page.goto(CREATOR);
      await addButton(page).click();
      await page.goto("/shop");
      const stored = await cart(page);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ product: "custom-saber-creator", quantity: 1 });
      release();
    });

    test("a design link's press before React stores nothing of the server's design", async ({ page }) => {
      await declineCookies(page);
      await page.goto(CREATOR);
      await islandReady(page, "Creator");
      // A design other than the first: another part, from the creator itself.
      await page.locator(".creator__controls input[type=radio]:not(:checked)").first().check();
      await expect(page).toHaveURL(/[?&]h=/);
      const link = page.url();
      const grip = new URL(link).searchParams.get("h")!;
      const release = await holdRuntime(page);
      await page.goto(link);
      await addButton(page).click();
      // The server rendered the first design, not the link's: the press is
      // React's to make (as before the first click was answered early),
      // nothing is stored.
      expect(await cart(page)).toEqual([]);
      await expect(badge(page)).toBeHidden();
      release();
      await islandReady(page, "Creator");
      await addButton(page).click();
      await expect(badge(page)).toHaveText("1");
      const stored = await cart(page);
      expect(stored).toHaveLength(1);
      // The link's parts (h: one per slot), not the first design's.
      const parts = (stored[0] as unknown as { creator: { parts: Record<string, string> } }).creator.parts;
      expect(Object.values(parts).sort()).toEqual(grip.split(".").sort());
    });
  });
});
