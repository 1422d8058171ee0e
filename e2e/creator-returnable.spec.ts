// [legal] creator_returnable = true (docs/legal.md#withdrawal): the owner
// grants creator designs the 14-day right of withdrawal. The run's build is
// of the real content/ (the setting off), so this spec builds a copy of
// content/ with the one line turned on and serves it with a daemon of its
// own (OwnDaemon). On it: the creator's buy box and the checkout say a design
// can be withdrawn from, in en, pl and de; the terms and withdrawal pages
// carry their "on" paragraphs; and a design ordered and paid is withdrawn
// from on its status page, acknowledged by e-mail. (The setting off is what
// withdrawal.spec.ts, basket.spec.ts and creator.spec.ts test on the run's
// daemon.)
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { request as newRequest } from "@playwright/test";
import { paidOrder } from "./desk";
import { expect, test } from "./fixtures";
import { mailTo } from "./mail";
import { basketReady, type CatalogCreator, declineCookies, defaultDesign, islandReady, LOCALES, type Locale, OwnDaemon, path, ROOT, TEXT } from "./shop";

const run = promisify(execFile);

/** The texts of content/i18n/*.toml [creator_withdrawal] and the creator page's "on" paragraph. */
const ON: Record<Locale, { buyBox: string; checkout: string; creatorPage: RegExp }> = {
  en: {
    buyBox: "You can withdraw from the purchase of this design within 14 days of delivery, without giving a reason.",
    checkout: "Creator sabers can be returned.",
    creatorPage: /you can withdraw from the purchase of a saber from the creator within 14 days/,
  },
  pl: {
    buyBox: "Od zakupu tego projektu możesz odstąpić w ciągu 14 dni od dostawy, bez podania przyczyny.",
    checkout: "Miecze z kreatora można zwrócić.",
    creatorPage: /od zakupu miecza z kreatora możesz odstąpić w ciągu 14 dni/,
  },
  de: {
    buyBox: "Den Kauf dieses Entwurfs kannst du innerhalb von 14 Tagen nach Lieferung ohne Angabe von Gründen widerrufen.",
    checkout: "Schwerter aus dem Konfigurator können zurückgegeben werden.",
    creatorPage: /Auch den Kauf eines Schwerts aus dem Konfigurator kannst du innerhalb von 14 Tagen/,
  },
};

test.describe.configure({ mode: "serial" });

let shop: OwnDaemon;
let work = "";

test.beforeAll(async ({}, info) => {
  // Compiling the builder and building the site: a minute on a busy machine.
  info.setTimeout(240_000);
  work = mkdtempSync(join(tmpdir(), "saber-returnable-"));
  cpSync(join(ROOT, "content"), join(work, "content"), { recursive: true });
  const config = join(work, "content", "config.toml");
  const src = readFileSync(config, "utf8");
  const on = src.replace(/^creator_returnable = false$/m, "creator_returnable = true");
  if (on === src) throw new Error("content/config.toml has no line `creator_returnable = false` to turn on");
  writeFileSync(config, on);
  await run("go", ["run", "./cmd/build", "-content", join(work, "content"), "-out", join(work, "public")], { cwd: ROOT });
  shop = await OwnDaemon.start({ source: join(work, "public") });
});

test.afterAll(async () => {
  await shop?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function catalogCreator(): Promise<CatalogCreator & { returnable: boolean }> {
  const res = await fetch(shop.url + "/catalog.json");
  return ((await res.json()) as { creator: CatalogCreator & { returnable: boolean } }).creator;
}

test("the catalogue says so, and the creator's buy box and page say it in every locale", async ({ page }) => {
  expect((await catalogCreator()).returnable).toBe(true);
  await declineCookies(page);
  for (const locale of LOCALES) {
    await page.goto(shop.url + path(locale, "/shop/custom-saber-creator"));
    await islandReady(page, "Creator");
    await expect(page.locator(".creator__return")).toHaveText(ON[locale].buyBox);
    await expect(page.locator(".creator__noreturn")).toHaveCount(0);
    await expect(page.locator("main")).toContainText(ON[locale].creatorPage);
  }
});

test("the checkout says a design can be withdrawn from, in every locale", async ({ context }) => {
  const design = defaultDesign(await catalogCreator());
  await context.addInitScript(
    (items) => localStorage.setItem("saber-shop.cart.v1", JSON.stringify(items)),
    [{ product: "custom-saber-creator", creator: design, quantity: 1 }],
  );
  for (const locale of LOCALES) {
    // A tab of its own: the checkout step is kept in the tab.
    const page = await context.newPage();
    await declineCookies(page);
    await page.goto(shop.url + path(locale, "/basket"));
    await basketReady(page);
    await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
    const notice = page.locator(".basket-summary__return");
    await expect(notice).toContainText(ON[locale].checkout);
    await expect(page.locator(".basket-summary__noreturn")).toHaveCount(0);
    // The order button names it, for screen readers too.
    await expect(page.getByRole("button", { name: TEXT[locale].order })).toHaveAccessibleDescription(new RegExp(ON[locale].checkout.replace(/\./g, "\\.")));
    await page.close();
  }
});

test("the terms and the withdrawal page carry their paragraphs for creator designs", async ({ page }) => {
  await page.goto(shop.url + "/legal-terms");
  await expect(page.locator("main")).toContainText("Sabers designed in the custom saber creator can be withdrawn from too, within the same 14 days.");
  await expect(page.locator("main")).not.toContainText("There is no right of withdrawal for sabers designed");
  await page.goto(shop.url + "/pl/legal-withdrawal");
  await expect(page.getByRole("heading", { name: "Miecze z kreatora" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Wyjątek: miecze według Twojego projektu");
});

test("a design ordered and paid is withdrawn from on its status page", async ({ page }) => {
  test.slow(); // a payment through the sandbox
  const api = await newRequest.newContext({ baseURL: shop.url });
  try {
    const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const email = `wd-design-on-${stamp}@example.com`;
    const ack = `wd-design-ack-${stamp}@example.com`;
    const order = await paidOrder(api, email, { locale: "en", items: [{ creator: defaultDesign(await catalogCreator()), quantity: 1 }] });

    await declineCookies(page);
    await page.goto(`${shop.url}/status/${order.hash}`);
    // The line was recorded returnable: no "made to order" note on it.
    await expect(page.locator(".order-line").first()).toBeVisible();
    await expect(page.locator(".order-line__note")).toHaveCount(0);
    const section = page.locator(".order-withdrawal");
    await section.getByRole("button", { name: "Withdraw from contract here" }).click();
    await section.getByLabel(/e-mail/i).fill(ack);
    await section.getByRole("button", { name: "Confirm withdrawal" }).click();
    await expect(section.getByRole("status")).toContainText(`The confirmation went to ${ack}.`);
    await expect(section.getByRole("button", { name: "Withdraw from contract here" })).toHaveCount(0);

    const acknowledgement = await mailTo(ack, "withdrawal", join(shop.data, "mail"));
    expect(acknowledgement).toContain("It covers:");
    expect(acknowledgement).toContain("1 × Custom saber");
    expect(acknowledgement).not.toContain("Not covered");
  } finally {
    await api.dispose();
  }
});
