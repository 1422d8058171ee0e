// The status page after the money moved or the parcel left
// (docs/product-rules.md): a refunded order says how much came back and
// when, under why it was cancelled; a sent order offers no discount code
// (codes apply before payment only). The owner's side runs through the
// owner's command against the running daemon, as from the terminal.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expectNoSeriousViolations } from "./axe";
import { paidOrder } from "./desk";
import { expect, PHONE_ONLY, test } from "./fixtures";
import { money } from "./money";
import { DATA } from "./paths";
import { orderdBinary } from "./shop";

const run = promisify(execFile);
const orderd = async (...args: string[]) => (await run(await orderdBinary(), ["-data", DATA, ...args])).stdout;

const WORDS = {
  pl: { cancelled: "To zamówienie zostało anulowane.", reason: "Powód: Brak części", refunded: "Zwrócono", done: "Zwróciliśmy Ci", code: /kod rabatowy/i, status: "/pl/status/" },
  en: { cancelled: "This order has been cancelled.", reason: "Reason: No parts", refunded: "Refunded on", done: "We refunded", code: /discount code/i, status: "/status/" },
} as const;

for (const lang of ["pl", "en"] as const) {
  test.describe(`in ${lang}`, () => {
    const w = WORDS[lang];
    const tag = lang === "pl" ? PHONE_ONLY : {};

    test(`a refunded order shows the money paid back and when (${lang})`, tag, async ({ page, request }) => {
      const email = `refunded-${lang}-${Date.now().toString(36)}@example.com`;
      const o = await paidOrder(request, email, { locale: lang });
      const before = (await (await request.get(`/v1/orders/${o.hash}?locale=${lang}`)).json()) as { totals: { total: number }; currency: string };
      const part = 5000;
      await orderd("orders", "refund", String(o.id), "--amount", "50.00", "--reason", lang === "pl" ? "Rysa" : "Scratch");
      await orderd("orders", "refund", String(o.id), "--reason", lang === "pl" ? "Brak części" : "No parts");

      await page.goto(`${w.status}${o.hash}`);
      const next = page.locator(".order-next__text");
      await expect(next).toContainText(w.cancelled);
      await expect(next).toContainText(w.reason);
      const items = next.locator(".order-refunds > li");
      await expect(items.first()).toContainText(w.done);
      await expect(items.first()).toContainText(money(lang, part, before.currency));
      await expect(items.nth(1)).toContainText(money(lang, before.totals.total - part, before.currency));
      // The totals show both amounts paid back, under the total.
      const refunds = page.locator(".order-totals__refund");
      await expect(refunds).toHaveCount(2);
      await expect(refunds.first()).toContainText(w.refunded);
      await expect(refunds.first()).toContainText(`−${money(lang, part, before.currency)}`);
      // No discount code on an order that is over.
      await expect(page.locator("main")).not.toContainText(w.code);
      await expectNoSeriousViolations(page, { what: "a refunded order's status page" });
      await next.screenshot({ path: test.info().outputPath(`status-refunded-${lang}.png`) });
    });

    test(`a sent order offers no discount code (${lang})`, tag, async ({ page, request }) => {
      const o = await paidOrder(request, `sent-${lang}-${Date.now().toString(36)}@example.com`, { locale: lang });
      await orderd("orders", "send", String(o.id), "--tracking", "00340434161094042557");
      await page.goto(`${w.status}${o.hash}`);
      await expect(page.locator(".order-next__text")).toContainText("00340434161094042557");
      await expect(page.locator("main")).not.toContainText(w.code);
      await expect(page.locator("input[name=code]")).toHaveCount(0);
    });
  });
}
