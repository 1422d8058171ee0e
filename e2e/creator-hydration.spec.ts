// The creator hydrates in parts (components/creator/Later.tsx,
// docs/decisions/creator.md#the-creator-hydrates-in-parts):
// the stage and the hilt's pickers with the island, the generator, button
// and buy sections after its first paint, one per task and in that order,
// and the presets with the preset designer's own chunk only when the
// shopper comes to them. A part that hydrates after the design changed
// shows the new design, and a press on a part still waiting is kept for it.
import { expect, PHONE_ONLY, type Page, test } from "./fixtures";
import { watchConsole } from "./console";
import { declineCookies, islandReady } from "./shop";

// page.route() does not see what a service worker answers: keep it out.
test.use({ serviceWorkers: "block" });

const CREATOR = "/shop/custom-saber-creator";
const part = (page: Page, name: string) => page.locator(`[data-later="${name}"]`);

/**
 * Holds the chunk of the preset designer (the one chunk with its tab
 * list's class) until released; says whether it was asked for.
 */
async function holdDesigner(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const state = { asked: false };
  await page.route(/\/assets\/chunk-[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("presets__tabs")) {
      state.asked = true;
      await released;
    }
    await route.fulfill({ response, body }).catch(() => undefined);
  });
  return { release, state };
}

/**
 * Holds the daemon's word on paused orders (GET /v1/shop), whose answer
 * renders the island again: a part must show the newest design without
 * such a render.
 */
async function holdShopState(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/v1\/shop(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

test("the stage and pickers hydrate with the island, the sections below one by one, the presets when the shopper comes to them", PHONE_ONLY, async ({ page }) => {
  const problems = watchConsole(page);
  await page.addInitScript(() => {
    const w = window as unknown as { hydratedOrder: string[] };
    w.hydratedOrder = [];
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (r.attributeName === "hydrated" && el.localName === "saber-island" && el.getAttribute("component-url")?.includes("/Creator-")) w.hydratedOrder.push("island");
        if (r.attributeName === "data-hydrated" && el.hasAttribute("data-later")) w.hydratedOrder.push(el.getAttribute("data-later")!);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["hydrated", "data-hydrated"] });
  });
  await declineCookies(page);
  const designer = await holdDesigner(page);
  const releaseShop = await holdShopState(page);
  await page.goto(CREATOR);
  await islandReady(page, "Creator");
  for (const name of ["generator", "button", "buy"]) await expect(part(page, name)).toHaveAttribute("data-hydrated", "");
  expect(await page.evaluate(() => (window as unknown as { hydratedOrder: string[] }).hydratedOrder)).toEqual(["island", "generator", "button", "buy"]);
  // The presets are screens below on a phone: neither hydrated nor fetched.
  await expect(part(page, "presets")).not.toHaveAttribute("data-hydrated", "");
  expect(designer.state.asked).toBe(false);

  // A part of the first screen, picked before the presets hydrate.
  await page.getByRole("radio", { name: /^Leather/ }).first().check();
  await expect(page.locator('.hilt__area[data-slot="grip"] img')).toHaveAttribute("src", /grip-leather\.svg$/);

  // Coming near the presets fetches the designer. The presets' own picture
  // of the hilt hydrates with the server's design, then catches up with
  // the grip picked meanwhile.
  await part(page, "presets").scrollIntoViewIfNeeded();
  await expect.poll(() => designer.state.asked).toBe(true);
  designer.release();
  await expect(part(page, "presets")).toHaveAttribute("data-hydrated", "");
  await expect(part(page, "presets").locator('.preview-saber .hilt-thumb img[src*="/grip-"]')).toHaveAttribute("src", /grip-leather\.svg$/);
  releaseShop();
  // Hydration met the server's markup everywhere: nothing was logged.
  expect(problems).toEqual([]);
});

test("a press on the presets before their code is in is kept for them", PHONE_ONLY, async ({ page }) => {
  const problems = watchConsole(page);
  await declineCookies(page);
  const designer = await holdDesigner(page);
  await page.goto(CREATOR);
  await islandReady(page, "Creator");
  await part(page, "presets").scrollIntoViewIfNeeded();
  await expect.poll(() => designer.state.asked).toBe(true);
  await page.getByRole("tab", { name: "Preset 2" }).click();
  await expect(page.getByRole("tab", { name: "Preset 1" })).toHaveAttribute("aria-selected", "true");
  designer.release();
  await expect(part(page, "presets")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("tab", { name: "Preset 2" })).toHaveAttribute("aria-selected", "true");
  expect(problems).toEqual([]);
});

test("a press on the presets whose code cannot be fetched still happens, on the server's markup", PHONE_ONLY, async ({ page }) => {
  await declineCookies(page);
  await page.route(/\/assets\/chunk-[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("presets__tabs")) return route.abort("internetdisconnected");
    await route.fulfill({ response, body });
  });
  await page.goto(CREATOR);
  await islandReady(page, "Creator");
  // Clicks that reach the document (a held one does not, until replayed).
  await page.evaluate(() => {
    const w = window as unknown as { tabClicks: number };
    w.tabClicks = 0;
    document.addEventListener("click", (e) => {
      if ((e.target as Element | null)?.closest?.('[role="tab"]')) w.tabClicks++;
    });
  });
  await part(page, "presets").scrollIntoViewIfNeeded();
  await page.getByRole("tab", { name: "Preset 2" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { tabClicks: number }).tabClicks)).toBe(1);
  await expect(part(page, "presets")).not.toHaveAttribute("data-hydrated", "");
});

test("a design link: every part shows the link's design once hydrated", async ({ page }) => {
  const problems = watchConsole(page);
  await declineCookies(page);
  await page.goto(CREATOR);
  await islandReady(page, "Creator");
  // Another generator, button behaviour and grip than the server's first design.
  await page.getByRole("radio", { name: /^With crystal/ }).check();
  await page.locator('[data-later="button"] input[type=radio]:not(:checked)').first().check();
  await page.getByRole("radio", { name: /^Leather/ }).first().check();
  const button = await page.locator('[data-later="button"] input[type=radio]:checked').getAttribute("value");
  // The link follows an edit in an effect after the paint: wait for the last one.
  await expect(page).toHaveURL(new RegExp(`[?&]h=[a-z]+\\.leather\\.[a-z]+&g=crystal&b=${button}&`));
  const link = page.url();

  const releaseShop = await holdShopState(page);
  await page.goto(link);
  await islandReady(page, "Creator");
  for (const name of ["generator", "button", "buy"]) await expect(part(page, name)).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("radio", { name: /^With crystal/ })).toBeChecked();
  await expect(page.locator('[data-later="button"] input[type=radio]:checked')).toHaveAttribute("value", button!);
  await expect(part(page, "buy").locator(".hilt-thumb img[src*=\"/grip-\"]")).toHaveAttribute("src", /grip-leather\.svg$/);
  await expect(part(page, "buy")).toContainText(/With crystal/);
  releaseShop();
  expect(problems).toEqual([]);
});
