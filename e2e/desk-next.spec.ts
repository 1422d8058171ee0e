// The order page's next step and its confirmations
// (docs/decisions/desk.md#the-next-step-follows-the-order and
// #money-and-e-mails-are-asked-first-in-the-card): a refund, a cancel and a
// send each ask first in the card, naming the amount, the customer and the
// e-mail that goes out; "Back" changes nothing; "Yes" does it and closes the
// form. While a paid order is built the next step is its next production
// stage, then sending it; once sent the order's lead shows the carrier and
// the tracking number, and the e-mail list names the stage each stage e-mail
// announced. On a phone in Polish and at a desk in English, with a
// screenshot of the order in each state (desk-order-<state>-<project>.png).
import { expectNoSeriousViolations } from "./axe";
import { addOwner, PASSWORD, paidOrder, placedOrder } from "./desk";
import { expect, PHONE_ONLY, test, type APIRequestContext, type Page, type TestInfo } from "./fixtures";
import { mailTo } from "./mail";

type Lang = "pl" | "en";

/** The desk's texts in lang (internal/desk/ui/LANG.toml, as the desk serves them), with {placeholders} filled. */
async function texts(request: APIRequestContext, lang: Lang) {
  const res = await request.get(`/admin/api/texts?lang=${lang}`);
  expect(res.status()).toBe(200);
  const { texts: bundle } = (await res.json()) as { texts: Record<string, string> };
  return (key: string, params: Record<string, string | number> = {}) => {
    const msg = bundle[key];
    if (typeof msg !== "string") throw new Error(`no desk text ${key}`);
    return msg.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
  };
}
type T = Awaited<ReturnType<typeof texts>>;

async function signIn(page: Page, t: T) {
  await page.goto(await addOwner(`next${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`));
  await page.getByLabel(t("setup.password")).fill(PASSWORD);
  await page.getByLabel(t("setup.repeat")).fill(PASSWORD);
  await page.getByRole("button", { name: t("setup.submit") }).click();
  await expect(page.getByRole("heading", { name: t("today.title"), exact: true })).toBeVisible();
}

interface DeskView {
  status: string;
  refunds: { state: string; amount: number }[];
  tracking?: string;
  totals: { total: number };
  stages: { id: string; name: string }[];
  mails: { kind: string; about?: string }[];
}

async function view(page: Page, id: number): Promise<DeskView> {
  const res = await page.request.get(`/admin/api/orders/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DeskView;
}

/** The order page in one state, as the owner sees it: the whole page, named by state and project. */
async function shot(page: Page, info: TestInfo, state: string) {
  // Nothing wider than the screen (a phone scrolls down only).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: info.outputPath(`desk-order-${state}-${info.project.name}.png`), fullPage: true, animations: "disabled" });
}

for (const lang of ["pl", "en"] as const) {
  const accept = lang === "pl" ? "pl-PL,pl;q=0.9" : "en-GB,en;q=0.9";
  // Polish on a phone (375 px), English at a desk (1280 px).
  const where = lang === "pl" ? PHONE_ONLY : {};
  const customer = lang === "pl" ? { first_name: "Anna", last_name: "Kowalska" } : { first_name: "Ann", last_name: "Smith" };
  const name = `${customer.first_name} ${customer.last_name}`;

  test.describe(`the order's next step (${lang})`, () => {
    test.use({ locale: lang === "pl" ? "pl-PL" : "en-GB", extraHTTPHeaders: { "Accept-Language": accept } });

    test(`a refund names the amount and the customer first; Back refunds nothing; Yes refunds and closes the form (${lang})`, where, async ({ page, request }, info) => {
      test.slow(); // a payment, two refunds through the sandbox
      const t = await texts(request, lang);
      const email = `refund-${lang}-${Date.now().toString(36)}@example.com`;
      const order = await paidOrder(request, email, { locale: lang, customer });
      await signIn(page, t);
      await page.goto(`/admin/orders/${order.id}`);
      await expect(page.getByRole("heading", { name: t("order.title", { number: order.id }) })).toBeVisible();
      const total = (await page.locator(".desk-page__lead strong").first().textContent()) ?? "";
      const more = page.locator(".desk-others");
      await more.locator("summary", { hasText: t("actions.refund") }).click();
      const form = more.locator("form").filter({ has: page.getByLabel(t("actions.amount", { currency: lang === "pl" ? "PLN" : "EUR" })) });
      // What is left is named before anything is typed.
      await expect(form).toContainText(total);

      // Nothing typed: the whole amount left, named with the customer.
      await form.getByLabel(t("actions.refund_reason")).fill("Brak części");
      await form.getByRole("button", { name: t("actions.refund_button"), exact: true }).click();
      const ask = page.getByRole("alertdialog");
      await expect(ask).toBeFocused();
      await expect(ask).toContainText(t("confirm.refund_q", { amount: total, provider: "sandbox" }));
      // The shop issues consumers invoices (content/config.toml consumers): the refund corrects it.
      await expect(ask).toContainText(t("confirm.refund_mail_invoice", { name, email }));
      await expect(ask).toContainText(t("confirm.refund_cancels", { number: order.id }));
      await shot(page, info, "refund-asked");
      await expectNoSeriousViolations(page, { what: "order: a refund asked" });
      // Back: nothing refunded, the form again with what was typed, focused on its button.
      await ask.getByRole("button", { name: t("confirm.back"), exact: true }).click();
      await expect(ask).toHaveCount(0);
      await expect(form.getByRole("button", { name: t("actions.refund_button"), exact: true })).toBeFocused();
      await expect(form.getByLabel(t("actions.refund_reason"))).toHaveValue("Brak części");
      expect((await view(page, order.id)).refunds).toHaveLength(0);

      // A part typed: that amount is asked, refunded, and the form closes emptied.
      await form.getByLabel(t("actions.amount", { currency: lang === "pl" ? "PLN" : "EUR" })).fill("100");
      await form.getByRole("button", { name: t("actions.refund_button"), exact: true }).click();
      const part = lang === "pl" ? "100,00\u00a0zł" : "€100.00";
      await expect(ask).toContainText(t("confirm.refund_q", { amount: part, provider: "sandbox" }));
      await expect(ask).not.toContainText(t("confirm.refund_cancels", { number: order.id }));
      await ask.getByRole("button", { name: t("confirm.refund_yes", { amount: part }) }).click();
      await expect(page.getByRole("status")).toHaveText(t("actions.done"));
      await expect(form).toBeHidden();
      await expect(more.locator("details", { hasText: t("actions.refund") })).not.toHaveAttribute("open");
      expect((await view(page, order.id)).refunds.map((r) => [r.state, r.amount])).toEqual([["done", 10000]]);

      // The rest: opened again, the form is empty and names what is left.
      await more.locator("summary", { hasText: t("actions.refund") }).click();
      await expect(form.getByLabel(t("actions.refund_reason"))).toHaveValue("");
      await form.getByRole("button", { name: t("actions.refund_button"), exact: true }).click();
      const rest = (await ask.locator(".desk-confirm__question").textContent()) ?? "";
      await ask.getByRole("button", { name: new RegExp(`^${t("confirm.refund_yes", { amount: "" }).trim()}`) }).click();
      await expect(page.getByRole("status")).toHaveText(t("actions.done"));
      await expect(page.locator(".desk-page__lead .status-badge")).toHaveText(t("orders.statuses.cancelled"));
      // Nothing left: no refund form to tap again.
      await expect(more.locator("summary", { hasText: t("actions.refund") })).toHaveCount(0);
      const after = await view(page, order.id);
      expect(after.refunds.map((r) => r.state)).toEqual(["done", "done"]);
      expect(after.refunds.reduce((s, r) => s + r.amount, 0)).toBe(after.totals.total);
      expect(rest).toContain(lang === "pl" ? "zł" : "€");
      await mailTo(email, "Brak części");
      await shot(page, info, "refunded");
      // The two refund e-mails are told apart by their amounts.
      await expect(async () => {
        await page.reload();
        await expect(page.locator(".desk-mail__about").first()).toHaveText(part, { timeout: 1000 });
        await expect(page.locator(".desk-mail__about")).toHaveCount(2, { timeout: 1000 });
      }).toPass();
    });

    test(`cancelling names the order, the customer and the e-mail first; Back cancels nothing (${lang})`, where, async ({ page, request }, info) => {
      const t = await texts(request, lang);
      const email = `cancel-${lang}-${Date.now().toString(36)}@example.com`;
      const order = await placedOrder(request, email, { locale: lang, country: "pl", zip: "00-001", city: "Kraków" });
      await signIn(page, t);
      await page.goto(`/admin/orders/${order.id}`);
      await expect(page.locator(".desk-page__lead .status-badge")).toHaveText(t("orders.statuses.placed"));
      // Unpaid: no next step of the owner's, the cancel waits folded.
      await expect(page.locator(".desk-next")).toHaveCount(0);
      await shot(page, info, "placed");
      const more = page.locator(".desk-others");
      await more.locator("summary", { hasText: t("actions.cancel") }).click();
      await more.getByLabel(t("actions.reason")).fill("Klient prosił");
      await more.getByRole("button", { name: t("actions.cancel_button"), exact: true }).click();
      const ask = page.getByRole("alertdialog");
      await expect(ask).toBeFocused();
      await expect(ask).toContainText(t("confirm.cancel_q", { number: order.id }));
      await expect(ask).toContainText(t("confirm.cancel_mail", { name: "Łucja Warsztatowa", email, reason: "Klient prosił" }));
      await ask.getByRole("button", { name: t("confirm.back"), exact: true }).click();
      expect((await view(page, order.id)).status).toBe("placed");
      // The keyboard: Enter on the focused button asks again, Escape goes back, Enter again, then yes.
      await page.keyboard.press("Enter");
      await expect(ask).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(ask).toHaveCount(0);
      expect((await view(page, order.id)).status).toBe("placed");
      await more.getByRole("button", { name: t("actions.cancel_button"), exact: true }).click();
      await ask.getByRole("button", { name: t("confirm.cancel_yes") }).click();
      await expect(page.getByRole("status")).toHaveText(t("actions.done"));
      await expect(page.locator(".desk-page__lead .status-badge")).toHaveText(t("orders.statuses.cancelled"));
      await expect(more).toHaveCount(0); // nothing paid, nothing left to do
      await mailTo(email, "Klient prosił");
      await shot(page, info, "cancelled");
    });

    test(`the next step is each stage in turn, then sending, which asks first; the lead shows the parcel; the e-mails name their stages (${lang})`, where, async ({ page, request }, info) => {
      test.slow(); // a payment, five stages, their e-mails
      const t = await texts(request, lang);
      const email = `next-${lang}-${Date.now().toString(36)}@example.com`;
      const order = await paidOrder(request, email, { locale: lang, customer });
      const optIn = await request.post(`/v1/orders/${order.hash}/stage-emails`, { data: { on: true, locale: lang } });
      expect(optIn.status()).toBe(200);
      await signIn(page, t);
      await page.goto(`/admin/orders/${order.id}`);
      const { stages } = await view(page, order.id);
      expect(stages.length).toBeGreaterThan(1);

      const next = page.locator(".desk-next");
      await expect(next).toHaveCount(1);
      await expect(next.getByRole("heading", { level: 2 })).toHaveText(t("actions.next_stage"));
      // Before a stage is set, the form says the customer hears of it.
      await expect(next).toContainText(t("stage_emails.on"));
      // The next step is the first card after the order's head.
      expect(await page.locator(".desk-page > .card, .desk-page > section.card").first().evaluate((e) => e.classList.contains("desk-next"))).toBe(true);
      await shot(page, info, "paid-building");
      for (const [i, s] of stages.entries()) {
        await expect(next.getByRole("heading", { level: 2 })).toHaveText(t("actions.next_stage"));
        // Each time the next stage is the one chosen: one tap moves the build on.
        await expect(next.getByLabel(t("order.stage_choose"))).toHaveValue(s.id);
        if (i > 0) await expect(next).toContainText(t("order.stage_now", { stage: stages[i - 1]!.name }));
        await next.getByRole("button", { name: t("order.stage_set") }).click();
        await expect(page.locator(".desk-stages .is-done")).toHaveCount(i + 1);
        await expect(page.getByRole("status")).toHaveText(t("order.stage_done"));
        // The badge names the stage reached, not "to build".
        await expect(page.locator(".desk-page__lead .status-badge")).toHaveText(t("orders.statuses.paid_at", { stage: s.name }));
      }
      // The last stage reached: sending is the next step, and the stage form is gone.
      await expect(next.getByRole("heading", { level: 2 })).toHaveText(t("actions.next_ship"));
      await expect(page.getByLabel(t("order.stage_choose"))).toHaveCount(0);
      await expect(page.getByRole("status")).toHaveText(t("order.stage_done"));
      await shot(page, info, "paid-ready");

      const byHand = next.locator("details.desk-action").filter({ hasText: t("actions.ship") });
      if ((await byHand.getAttribute("open")) === null) await byHand.locator("summary").click();
      await byHand.getByLabel(t("actions.carrier"), { exact: true }).selectOption({ label: "InPost" });
      await byHand.getByLabel(t("actions.tracking")).fill("620123456789");
      await byHand.getByRole("button", { name: t("actions.ship_button"), exact: true }).click();
      const ask = page.getByRole("alertdialog");
      await expect(ask).toBeFocused();
      await expect(ask).toContainText(t("confirm.send_q_carrier", { number: "620123456789", carrier: "InPost" }));
      await expect(ask).toContainText(t("confirm.send_mail", { name, email }));
      await shot(page, info, "send-asked");
      await ask.getByRole("button", { name: t("confirm.back"), exact: true }).click();
      await expect(byHand.getByLabel(t("actions.tracking"))).toHaveValue("620123456789");
      expect((await view(page, order.id)).status).toBe("paid");
      await byHand.getByRole("button", { name: t("actions.ship_button"), exact: true }).click();
      await ask.getByRole("button", { name: t("confirm.send_yes") }).click();
      await expect(page.getByRole("status")).toHaveText(t("actions.done"));
      await expect(page.locator(".desk-page__lead .status-badge")).toHaveText(t("orders.statuses.sent"));
      // The parcel at the top: the carrier and the number, linked to its tracking page.
      const parcel = page.locator(".desk-page__lead").getByRole("link", { name: t("order.sent_with", { carrier: "InPost", number: "620123456789" }) });
      await expect(parcel).toHaveAttribute("href", "https://inpost.pl/sledzenie-przesylek?number=620123456789");
      await expect(page.locator(".desk-next")).toHaveCount(0);
      await mailTo(email, "620123456789");

      // Each stage e-mail says which stage it announced, in the desk's language.
      await expect(async () => {
        await page.reload();
        const about = page.locator(".desk-mail__about");
        await expect(about).toHaveText(stages.map((s) => t("mail.about_stage", { name: s.name })), { timeout: 1000 });
      }).toPass();
      await shot(page, info, "sent");
      await expectNoSeriousViolations(page, { what: "order: sent" });
    });
  });
}

test("the parcel's cancel with the carrier asks first; Back keeps it; Yes asks the carrier", async ({ page, request }) => {
  test.slow(); // a payment, the carrier's confirmation
  const t = await texts(request, "en");
  await page.setExtraHTTPHeaders({ "Accept-Language": "en-GB,en;q=0.9" });
  const email = `parcel-cancel-${Date.now().toString(36)}@example.com`;
  const order = await paidOrder(request, email, { locale: "en", items: [{ product: "plug", quantity: 1 }], delivery: { method: "locker", point: "WAW104M" } });
  await signIn(page, t);
  await page.goto(`/admin/orders/${order.id}`);
  const card = page.locator(".desk-shipment");
  await card.getByRole("button", { name: t("shipment.create", { carrier: "InPost" }) }).click();
  await expect(card.locator(".desk-shipment__tracking")).toBeVisible();
  const tracking = /(\d{24})/.exec((await card.locator(".desk-shipment__tracking").textContent()) ?? "")?.[1] ?? "";
  await card.getByRole("button", { name: t("shipment.cancel") }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toBeFocused();
  await expect(ask).toContainText(t("shipment.cancel_confirm", { number: tracking }));
  await expect(ask).toContainText(t("confirm.parcel_no_mail"));
  await ask.getByRole("button", { name: t("confirm.back"), exact: true }).click();
  await expect(card.getByRole("button", { name: t("shipment.cancel") })).toBeFocused();
  const alive = (await (await page.request.get(`/admin/api/orders/${order.id}`)).json()) as { shipment: { status: string } };
  expect(alive.shipment.status).toBe("confirmed");
  await card.getByRole("button", { name: t("shipment.cancel") }).click();
  await ask.getByRole("button", { name: t("confirm.parcel_yes") }).click();
  // Yes asks the carrier. ShipX cancels only a parcel not yet confirmed
  // (internal/shipping/shipx Cancel), which the local one confirms at once:
  // its refusal is said in the owner's words, and the parcel stays.
  await expect(ask).toHaveCount(0);
  await expect(card.getByRole("alert")).toHaveText("The carrier has the parcel already and cannot cancel it. The shipment stays on the order.");
  const kept = (await (await page.request.get(`/admin/api/orders/${order.id}`)).json()) as { shipment: { status: string } };
  expect(kept.shipment.status).toBe("confirmed");
});
