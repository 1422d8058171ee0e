// The desk's words and numbers in the owner's language (docs/decisions/desk.md#words-and-numbers-in-the-owners-language):
// the order's timeline named from the desk's texts, not the English the
// events were stored with; złoty as the language writes it (1 234,00 zł,
// PLN 1,234.00); counts by the language's plural rules; days and months
// picked in the desk's language, not the browser's. At 375 px in Polish
// and 1280 px in English, in a browser whose own language is German, so a
// word of the browser's would show.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { paidOrder, pickDay, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test, type Page } from "./fixtures";
import { money } from "./money";
import { RUN_DIR } from "./paths";
import { DATA } from "./shop";

test.use({ locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

type Bundle = Record<string, string | Record<string, string>>;

function owner(...args: string[]): string {
  return execFileSync(join(RUN_DIR, "orderd"), ["-data", DATA, ...args], { encoding: "utf8", stdio: "pipe" });
}

/** The desk's text key in its bundle ({name} filled; a plural's form by CLDR category). */
function text(b: Bundle, key: string, params: Record<string, string | number> = {}, form = "other"): string {
  const m = b[key];
  if (m === undefined) throw new Error(`no desk text ${key}`);
  const s = typeof m === "string" ? m : (m[form] ?? m.other!);
  return s.replace(/\{(\w+)\}/g, (w, n: string) => (n in params ? String(params[n]) : w));
}

/** The browser's own month name would be German: the desk's is asked of Intl in its language. */
const monthName = (lang: string, month: number) => new Intl.DateTimeFormat(lang, { month: "long", timeZone: "UTC" }).format(Date.UTC(2026, month - 1, 1));

async function openDesk(page: Page, lang: string) {
  await setUp(page, `words${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`);
  // The owner reads the desk in lang from here on (the setup page is Polish).
  await page.setExtraHTTPHeaders({ "Accept-Language": lang });
}

test.describe("desk: words and numbers", () => {
  test("the timeline, money, counts and days in the desk's language", BOTH_WIDTHS, async ({ page, request }, info) => {
    test.slow(); // a payment and an owner's command
    const lang = info.project.name === "phone" ? "pl" : "en";
    const T = ((await (await request.get(`/admin/api/texts?lang=${lang}`)).json()) as { texts: Bundle }).texts;
    const email = `words-${Date.now().toString(36)}@example.com`;
    const order = await paidOrder(request, email);
    expect(owner("orders", "send", String(order.id), "--tracking", "620400000000000000000001")).toContain(`#${order.id}`);
    const total = ((await (await request.get(`/v1/orders/${order.hash}?locale=pl`)).json()) as { totals: { total: number } }).totals.total;
    await openDesk(page, lang);

    // The order's timeline: every entry in the desk's words.
    await page.goto(`/admin/orders/${order.id}`);
    const timeline = page.locator("h2", { hasText: text(T, "order.timeline") }).locator("xpath=..").locator("ol > li");
    await expect(timeline.first()).toContainText(text(T, "timeline.placed"));
    await expect(timeline.filter({ hasText: text(T, "timeline.provider_paid", { provider: text(T, "timeline.providers.sandbox") }) })).toHaveCount(1);
    await expect(timeline.filter({ hasText: text(T, "timeline.sent_tracking", { tracking: "620400000000000000000001" }) })).toHaveCount(1);
    const lines = (await timeline.allTextContents()).join("\n");
    for (const stored of ["order placed", "payment started", "sandbox: paid", "sent, tracking", "(order"]) expect(lines).not.toContain(stored);
    if (lang === "pl") expect(lines).toContain("Zamówienie złożone");
    // The payments name the provider and method in the desk's words too.
    const payments = page.locator("h2", { hasText: text(T, "order.payments") }).locator("xpath=..");
    await expect(payments).toContainText(`${text(T, "timeline.providers.sandbox")} (${text(T, "timeline.methods.bank")})`);

    // Money as the language writes złoty: "1 234,00 zł", "PLN 1,234.00".
    const written = money(lang, total, "PLN");
    expect(written).toMatch(lang === "pl" ? /^[\d\u00a0]+,\d\d\u00a0zł$/ : /^PLN\u00a0[\d,]+\.\d\d$/);
    await expect(page.locator(".desk-page").getByText(written, { exact: false }).first()).toBeVisible();
    // (The e-mails listed are Polish, the shopper's and the owner's: "zł" there is right.)
    if (lang === "en") await expect(page.locator(".desk-page")).not.toContainText(/zł\d{1,3}(,\d{3})*\.\d\d/);
    await expectNoSeriousViolations(page, { what: "an order's timeline" });
    await page.screenshot({ path: info.outputPath(`desk-words-order-${info.project.name}.png`), fullPage: true });

    // The order list counts by the language's plural rules: "1 item", "1 sztuka".
    await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const row = page.locator(".desk-orders li").filter({ hasText: `#${order.id}` });
    await expect(row).toContainText(text(T, "orders.items", { count: 1 }, "one"));
    await expect(row).not.toContainText(lang === "pl" ? "Sztuk:" : "1 items");
    await expect(row).toContainText(written);

    // The list's days: the month by its name in the desk's language, not
    // the browser's (German), and a day picked filters the list.
    await page.locator(".desk-more > summary").click();
    const from = page.getByLabel(text(T, "filters.from"), { exact: true });
    const group = from.locator("xpath=ancestor::*[@role='group'][1]");
    await expect(group.locator(".desk-datefield__month option")).toHaveCount(13);
    const today = new Date().toISOString().slice(0, 10);
    await pickDay(page, text(T, "filters.from"), today);
    await expect(page).toHaveURL(new RegExp(`from=${today}`));
    await expect(row).toBeVisible();
    const shortMonth = new Intl.DateTimeFormat(lang, { month: "short", timeZone: "UTC" }).format(new Date(today));
    await expect(group.locator(".desk-datefield__month option:checked")).toHaveText(shortMonth);
    await expect(group.locator(".desk-datefield__month")).not.toContainText(new Intl.DateTimeFormat("de", { month: "short" }).format(Date.UTC(2026, 2, 1)));
    await page.screenshot({ path: info.outputPath(`desk-words-filters-${info.project.name}.png`), fullPage: true });

    // The documents' month: named in the desk's language, picked by name.
    await page.goto("/admin/documents");
    const month = page.getByLabel(text(T, "documents.month"), { exact: true });
    await expect(month.locator("option")).toHaveText(Array.from({ length: 12 }, (_, i) => monthName(lang, i + 1)));
    await pickDay(page, text(T, "documents.month"), "2024-03");
    await expect(page).toHaveURL(/\/admin\/documents\?month=2024-03$/);
    await expect(month.locator("option:checked")).toHaveText(lang === "pl" ? "marzec" : "March");
    await expect(page.getByText(text(T, "documents.empty"))).toBeVisible();
    await expectNoSeriousViolations(page, { what: "documents' month picker" });
    await page.screenshot({ path: info.outputPath(`desk-words-documents-${info.project.name}.png`), fullPage: true });

    // A coupon's expiry: the same picker, the day kept as ISO.
    await page.goto("/admin/coupons");
    const code = `W${Date.now().toString(36).toUpperCase()}`;
    await page.getByLabel(text(T, "coupons.code"), { exact: true }).fill(code);
    await page.getByLabel(text(T, "coupons.value"), { exact: true }).fill("10");
    const year = new Date().getFullYear() + 1;
    await pickDay(page, text(T, "coupons.expires"), `${year}-02-28`);
    await page.getByRole("button", { name: text(T, "coupons.add") }).click();
    await expect(page.locator("li").filter({ hasText: code })).toContainText(String(year));
    await page.screenshot({ path: info.outputPath(`desk-words-coupons-${info.project.name}.png`), fullPage: true });

    // Today's "orders open again on": the same picker (not paused here: the run's shop stays open).
    await page.goto("/admin/");
    const reopens = page.getByLabel(text(T, "today.until"), { exact: true });
    await expect(reopens.locator("xpath=ancestor::*[@role='group'][1]").locator(".desk-datefield__month option").nth(1)).toHaveText(
      new Intl.DateTimeFormat(lang, { month: "short", timeZone: "UTC" }).format(Date.UTC(2026, 0, 1)),
    );
    await page.screenshot({ path: info.outputPath(`desk-words-today-${info.project.name}.png`), fullPage: true });
  });
});
