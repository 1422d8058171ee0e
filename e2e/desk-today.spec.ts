// The owner's Today and the desk's places on a phone
// (docs/decisions/desk.md#each-count-on-today-is-a-link-to-exactly-its-orders,
// docs/decisions/desk.md#on-a-phone-the-places-are-a-bar-at-the-bottom):
// each count on Today is a link to the order list filtered, in its URL, to
// exactly the orders counted (waiting for the money, paid with no stage,
// each stage's), the stages no order is at fold into one line; on a 375 px phone every place is one thumb away (a bottom
// bar of four and "More" for the rest, nothing of the page under it), at
// 1280 px every place is in the top bar. In Polish on the phone, in English
// on the wide screen, with the desk's own texts (internal/desk/ui/*.toml).
// The shop is a daemon of its own: its counts are this test's orders alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { PASSWORD, paidOrder, placedOrder } from "./desk";
import { BOTH_WIDTHS, PHONE_ONLY, expect, test, type Page } from "./fixtures";
import { ROOT } from "./paths";
import { OwnDaemon } from "./shop";

/** The desk's texts in lang (internal/desk/ui/LANG.toml), by their dotted keys ("today.waiting"). */
function deskTexts(lang: string): (key: string) => string {
  const texts = new Map<string, string>();
  let section = "";
  for (const line of readFileSync(join(ROOT, "internal/desk/ui", `${lang}.toml`), "utf8").split("\n")) {
    const head = /^\[([^\]]+)\]\s*$/.exec(line);
    if (head) section = head[1]! + ".";
    const kv = /^([a-z_]+)\s*=\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(line);
    if (kv) texts.set(section + kv[1], JSON.parse(`"${kv[2]}"`) as string);
  }
  return (key) => {
    const v = texts.get(key);
    if (v === undefined) throw new Error(`no ${key} in internal/desk/ui/${lang}.toml`);
    return v;
  };
}

/** The width decides the language: Polish on the phone, English on the wide screen. */
function langOf(project: string) {
  return project === "phone" ? "pl" : "en";
}

test.describe("desk: Today and the places", () => {
  let shop: OwnDaemon;
  test.beforeEach(async () => {
    shop = await OwnDaemon.start();
  });
  test.afterEach(async () => {
    await shop.stop();
  });

  /** A fresh account on the test's own shop, set up in the browser in lang; Today is shown. */
  async function signedIn(page: Page, lang: string) {
    const t = deskTexts(lang);
    await page.setExtraHTTPHeaders({ "Accept-Language": lang });
    const out = await shop.owner("owners", "add", `today${Date.now().toString(36)}`);
    const link = new URL(/https?:\/\/\S+\/admin\/setup#\S+/.exec(out)![0]);
    await page.goto(shop.url + link.pathname + link.hash);
    await page.getByLabel(t("setup.password"), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t("setup.repeat")).fill(PASSWORD);
    await page.getByRole("button", { name: t("setup.submit") }).click();
    await expect(page.getByRole("heading", { name: t("today.title") })).toBeVisible();
    return t;
  }

  test("each count on Today opens the list of exactly its orders; empty stages fold", BOTH_WIDTHS, async ({ page, playwright }, info) => {
    test.slow(); // seven orders, five of them paid through the sandbox
    const request = await playwright.request.newContext({ baseURL: shop.url });
    const stamp = Date.now().toString(36);
    const mail = (n: number) => `today-${stamp}-${n}@example.com`;
    // Two waiting for the money, one cancelled; five paid: one with no
    // stage yet, two at "hilt machined", one at "parts ordered", one at
    // "ready" and then sent (done: counted nowhere).
    const [w1, w2, gone] = await Promise.all([placedOrder(request, mail(1)), placedOrder(request, mail(2)), placedOrder(request, mail(3))]);
    const [build, h1, h2, parts, sent] = await Promise.all([
      paidOrder(request, mail(4)),
      paidOrder(request, mail(5)),
      paidOrder(request, mail(6)),
      paidOrder(request, mail(7)),
      paidOrder(request, mail(8)),
    ]);
    await shop.owner("orders", "cancel", String(gone.id), "--reason", "asked by the customer");
    for (const [o, stage] of [[h1, "hilt-machined"], [h2, "hilt-machined"], [parts, "parts-ordered"], [sent, "ready"]] as const) {
      await shop.owner("orders", "stage", String(o.id), stage);
    }
    await shop.owner("orders", "send", String(sent.id), "--tracking", "PL123456789");
    await request.dispose();

    const lang = langOf(info.project.name);
    const t = await signedIn(page, lang);
    const figures = page.locator(".desk-figures");
    // What each figure counts, where its link goes, the orders listed there.
    const cards = [
      { label: t("today.waiting"), query: "status=waiting", ids: [w1.id, w2.id] },
      { label: t("today.to_build"), query: "status=to_build", ids: [build.id] },
      { label: lang === "pl" ? "Rękojeść wytoczona" : "Hilt machined", query: "status=paid&stage=hilt-machined", ids: [h1.id, h2.id] },
      { label: lang === "pl" ? "Części zamówione" : "Parts ordered", query: "status=paid&stage=parts-ordered", ids: [parts.id] },
    ];
    await expect(figures.getByRole("link")).toHaveCount(cards.length);
    // The stages no order is at: one line, their names behind it.
    const rest = page.locator(".desk-figures__rest");
    await expect(rest.locator("summary")).toHaveText(t("today.stages_rest"));
    await expect(rest.getByText(lang === "pl" ? "Gotowe do wysyłki" : "Ready to ship")).toBeHidden();
    await info.attach("today", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
    // The phone's first screen (what the owner sees on opening the desk), the wide screen's whole page.
    await page.screenshot({ path: info.outputPath(`desk-today-${info.project.name}.png`), fullPage: info.project.name !== "phone" });
    await expectNoSeriousViolations(page, { what: "today" });
    await rest.locator("summary").click();
    await expect(rest.getByRole("listitem")).toHaveText(
      lang === "pl" ? ["Elektronika zamontowana", "Testy zakończone", "Gotowe do wysyłki"] : ["Electronics fitted", "Tested", "Ready to ship"],
    );

    for (const card of cards) {
      const link = figures.getByRole("link", { name: `${card.ids.length} ${card.label}`, exact: true });
      await expect(link).toHaveAttribute("href", `/admin/orders?${card.query}`);
      await link.click();
      await expect(page.getByRole("heading", { name: t("orders.title") })).toBeVisible();
      await expect(page).toHaveURL(`${shop.url}/admin/orders?${card.query}`);
      const rows = page.locator(".desk-order");
      // The orders were placed at once: which came first is the daemon's to say.
      const want = card.ids.map((id) => `#${id}`).sort();
      const listed = async () => (await rows.locator(".desk-order__head strong").allTextContents()).sort();
      await expect(rows).toHaveCount(card.ids.length);
      expect(await listed()).toEqual(want);
      // The list's own filters say what it shows: the status (or Today's queue), the stage named on the folded filters.
      await expect(page.getByLabel(t("orders.status"), { exact: true })).toHaveValue(new URLSearchParams(card.query).get("status")!);
      if (card.query.includes("stage=")) await expect(page.locator(".desk-more summary")).toContainText(card.label);
      // The filter is in the address: a reload shows the same orders.
      await page.reload();
      await expect(rows).toHaveCount(card.ids.length);
      expect(await listed()).toEqual(want);
      await page.goBack();
      await expect(page.getByRole("heading", { name: t("today.title") })).toBeVisible();
      await page.goForward();
      await expect(page).toHaveURL(`${shop.url}/admin/orders?${card.query}`);
      await expect(rows).toHaveCount(card.ids.length);
      await page.goBack();
      await expect(figures.getByRole("link")).toHaveCount(cards.length);
    }
  });

  test("on a phone every place is one thumb away, and the page is not under the bar", PHONE_ONLY, async ({ page }, info) => {
    const t = await signedIn(page, "pl");
    const bar = page.getByRole("navigation", { name: t("nav.menu") });
    await expect(bar).toBeVisible();
    const tabs = [t("nav.today"), t("nav.orders"), t("messages.nav"), t("documents.nav")];
    const more = bar.getByRole("button", { name: t("nav.more"), exact: true });
    const viewport = page.viewportSize()!;
    for (const target of [...tabs.map((name) => bar.getByRole("link", { name, exact: true })), more]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThanOrEqual(48);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    // The bar's places, each a tap away, the current one marked.
    const headings: Record<string, string> = {
      [t("nav.orders")]: t("orders.title"),
      [t("messages.nav")]: t("messages.title"),
      [t("documents.nav")]: t("documents.title"),
      [t("nav.today")]: t("today.title"),
    };
    for (const name of [t("nav.orders"), t("messages.nav"), t("documents.nav"), t("nav.today")]) {
      await bar.getByRole("link", { name, exact: true }).tap();
      await expect(page.getByRole("heading", { name: headings[name], exact: true, level: 1 })).toBeVisible();
      await expect(bar.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    }
    // "More": the rest, each tappable; Escape closes it, back on its button.
    const sheet = page.locator("#desk-more");
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.tap();
    await expect(more).toHaveAttribute("aria-expanded", "true");
    for (const name of [t("nav.coupons"), t("nav.subscribers"), t("nav.activity"), t("passkeys.nav"), t("account.nav"), t("shop_link")]) {
      await expect(sheet.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(sheet.getByRole("button", { name: t("nav.signout"), exact: true })).toBeVisible();
    await expect(sheet.getByRole("button", { name: t("nav.signout_everywhere"), exact: true })).toBeVisible();
    await page.screenshot({ path: info.outputPath("desk-more-phone.png") });
    await expectNoSeriousViolations(page, { what: "the open More sheet" });
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(more).toBeFocused();
    await expect(more).toHaveAttribute("aria-expanded", "false");
    // By keyboard: the button opens it, Tab goes on into it.
    await page.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(sheet.getByRole("link", { name: t("nav.coupons"), exact: true })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    // A tap beside the sheet closes it too.
    await more.tap();
    await expect(sheet).toBeVisible();
    await page.mouse.click(viewport.width / 2, 80);
    await expect(sheet).toBeHidden();

    const places: [string, string][] = [
      [t("nav.coupons"), t("coupons.title")],
      [t("nav.subscribers"), t("subscribers.title")],
      [t("nav.activity"), t("activity.title")],
      [t("passkeys.nav"), t("passkeys.title")],
      [t("account.nav"), t("account.title")],
    ];
    for (const [name, heading] of places) {
      await more.tap();
      await sheet.getByRole("link", { name, exact: true }).tap();
      await expect(sheet).toBeHidden();
      await expect(page.getByRole("heading", { name: heading, exact: true, level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/\w+$/);
      // The place is marked in the sheet, and "More" shows it is under it.
      await more.tap();
      await expect(sheet.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      await page.keyboard.press("Escape");
    }

    // Nothing of the page under the bar: Today's last control, scrolled
    // to the end, sits above it and takes a tap.
    await bar.getByRole("link", { name: t("nav.today"), exact: true }).tap();
    const pause = page.getByRole("button", { name: t("today.pause") });
    await expect(pause).toBeVisible(); // Today's answer is in: the page is as long as it gets
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await page.locator(".desk-tabs__bar").boundingBox())!.y;
    const last = (await page.locator(".desk-main > *").last().locator(":scope > *").last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(barTop);
    await pause.tap();
    await expect(page.getByText(t("today.paused"))).toBeVisible();

    // Signing out, from under "More".
    await more.tap();
    await sheet.getByRole("button", { name: t("nav.signout"), exact: true }).tap();
    await expect(page.getByRole("heading", { name: t("signin.title") })).toBeVisible();
  });

  // Untagged: the wide screen's project alone runs it.
  test("on a wide screen every place is in the top bar", async ({ page }) => {
    const t = await signedIn(page, "en");
    const nav = page.getByRole("navigation", { name: t("nav.menu") });
    const names = [t("nav.today"), t("nav.orders"), t("messages.nav"), t("nav.coupons"), t("nav.subscribers"), t("documents.nav"), t("nav.activity"), t("passkeys.nav"), t("account.nav")];
    const viewport = page.viewportSize()!;
    for (const name of names) {
      const link = nav.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(200); // in the top bar, seen without scrolling
    }
    await expect(page.getByRole("button", { name: t("nav.more") })).toHaveCount(0);
    await expect(page.getByRole("button", { name: t("nav.signout"), exact: true })).toBeVisible();
    await nav.getByRole("link", { name: t("account.nav"), exact: true }).click();
    await expect(page.getByRole("heading", { name: t("account.title"), exact: true, level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: t("account.nav"), exact: true })).toHaveAttribute("aria-current", "page");
  });
});
