// Production stages on the shopper's status page
// (docs/decisions/orders-and-payments.md#the-status-page-names-the-stages-from-the-catalogue):
// a paid order with two stages set by the owner's command shows them under
// "paid" with their times, the stages still to come and the ship estimate;
// the e-mail per stage is turned on with the keyboard and the next stage
// e-mails the shopper. At phone and desktop width, with a screenshot of each.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { BOTH_WIDTHS, expect, test, type APIRequestContext, type Page } from "./fixtures";
import { mailTo } from "./mail";
import { DATA, PORT, RUN_DIR } from "./paths";

// The sandbox's return address is on localhost: be on that origin.
test.use({ baseURL: `http://localhost:${PORT}` });

/** The sandbox confirms SANDBOX_DELAY after the payment starts; the page polls every 2.5 s. */
const PAID_WITHIN = 20_000;

interface Placed {
  hash: string;
  status_url: string;
  order: { id: number };
}

async function placeOrder(request: APIRequestContext, email: string): Promise<Placed> {
  const items = [{ product: "arc", variant: "crystal", quantity: 1 }];
  const quote = await request.post("/v1/quote", { data: { locale: "en", country: "de", code: "", items } });
  expect(quote.status()).toBe(200);
  const { totals } = (await quote.json()) as { totals: { total: number } };
  const res = await request.post("/v1/orders", {
    data: {
      locale: "en", terms_accepted: true, expected_total: totals.total, code: "", items,
      customer: { first_name: "Ada", last_name: "Lovelace", email, phone: "+49 30 1234567", country: "de", street: "Unter den Linden 1", zip: "10117", city: "Berlin" },
    },
    headers: { "Idempotency-Key": `stages-${Date.now()}-${Math.random()}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Placed;
}

/** The owner's command (the run's daemon binary) over the daemon's socket. */
function owner(...args: string[]): string {
  return execFileSync(join(RUN_DIR, "orderd"), ["-data", DATA, ...args], { encoding: "utf8", stdio: "pipe" });
}

const status = (page: Page) => page.locator(".order-head .status-badge");

async function payByBankTransfer(page: Page, placed: Placed) {
  await page.goto(placed.status_url);
  await page.getByRole("button", { name: "Bank transfer / BLIK", exact: true }).click();
  await page.getByRole("button", { name: "Continue to bank transfer / BLIK" }).click();
  await expect(page).toHaveURL(/\/v1\/sandbox\/bank\//);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(new RegExp(`${placed.status_url}$`));
  await expect(status(page)).toHaveText(/Paid$/, { timeout: PAID_WITHIN });
}

test("a paid order shows its stages, the estimate and the e-mail per stage", BOTH_WIDTHS, async ({ page, request }, info) => {
  test.slow(); // a payment, three owner commands
  const email = `stages-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const placed = await placeOrder(request, email);
  await payByBankTransfer(page, placed);
  // Paid, no stage yet: every stage pending, the estimate from the payment.
  const stages = page.locator(".order-stages__stage");
  await expect(stages).toHaveCount(5);
  await expect(page.locator(".order-stages__stage.is-done")).toHaveCount(0);

  expect(owner("orders", "stage", String(placed.order.id), "parts-ordered")).toContain("is now at stage parts-ordered");
  expect(owner("orders", "stage", placed.hash, "hilt-machined")).toContain("no e-mail (the customer did not ask for stage e-mails)");
  await page.reload();
  await expect(status(page)).toHaveText(/Paid$/);

  const list = page.getByRole("list", { name: "Stages of the build" });
  await expect(list.getByRole("listitem")).toHaveText([
    /^Parts ordered.+\d{2}:\d{2}$/,
    /^Hilt machined \(current stage\).+\d{2}:\d{2}$/,
    /^Electronics fittedNot yet$/,
    /^TestedNot yet$/,
    /^Ready to shipNot yet$/,
  ]);
  await expect(page.locator(".order-stages__estimate")).toHaveText(/^Estimated dispatch: \d{1,2} [A-Z][a-z]+ \d{4}$/);
  // The stages sit under "paid", the step in force; "sent" is still to come.
  await expect(page.locator(".order-timeline__step.is-current")).toContainText("Paid");
  await expect(page.locator(".order-timeline__step.is-current .order-stages")).toBeVisible();

  // The opt-in, with the keyboard: focus, Space, saved.
  const box = page.getByRole("checkbox", { name: "E-mail me at each stage of the build" });
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
  await expect(page.getByText("We will e-mail you at each stage of the build.")).toBeVisible();
  const stored = await (await request.get(`/v1/orders/${placed.hash}`)).json();
  expect(stored.production.emails).toBe(true);
  // Nothing wider than the screen at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSeriousViolations(page);
  await page.locator(".order-stages").scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`stages-${info.project.name}.png`), fullPage: true });
  await page.locator(".order-stages").locator("xpath=ancestor::section").screenshot({ path: info.outputPath(`stages-progress-${info.project.name}.png`) });

  // The next stage e-mails the shopper once; setting it again does not.
  expect(owner("orders", "stage", placed.hash, "electronics")).toContain(`e-mail to ${email} queued`);
  expect(owner("orders", "stage", placed.hash, "electronics")).toContain("already at stage electronics");
  const mail = await mailTo(email, "Electronics fitted");
  expect(mail).toContain("Next stage: Electronics fitted");
  expect(mail).toContain("We now expect to send it by");
  await page.reload();
  await expect(list.getByRole("listitem").nth(2)).toHaveText(/^Electronics fitted \(current stage\).+\d{2}:\d{2}$/);
  await expect(box).toBeChecked();
});

test("the stage e-mails are offered on a paid order only", async ({ page, request }) => {
  const placed = await placeOrder(request, `stages-unpaid-${Date.now().toString(36)}@example.com`);
  await page.goto(placed.status_url);
  await expect(status(page)).toHaveText(/Order placed$/);
  await expect(page.locator(".order-stages")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "E-mail me at each stage of the build" })).toHaveCount(0);
  const res = await request.post(`/v1/orders/${placed.hash}/stage-emails`, { data: { on: true, locale: "en" } });
  expect(res.status()).toBe(409);
  expect((await res.json()).code).toBe("stage_emails_not_allowed");
});
