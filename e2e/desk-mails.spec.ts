// The owner's desk
// (docs/decisions/desk.md#an-orders-e-mails-can-be-opened-and-sent-again): an
// order's e-mails open as the customer got them (in a frame that runs
// nothing) and go again, word for word.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { openPlace, paidOrder, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { MAIL_DIR } from "./mail";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

/** How many e-mails of kind (the .eml's name ends with it) to `to` the daemon has written. */
async function count(to: string, kind: string): Promise<number> {
  let n = 0;
  for (const name of (await readdir(MAIL_DIR)).filter((f) => f.endsWith(`-${kind}.eml`))) {
    if ((await readFile(join(MAIL_DIR, name), "utf8")).includes(`<${to}>`)) n++;
  }
  return n;
}

test("an order's e-mail opens as it was sent and goes again, word for word", BOTH_WIDTHS, async ({ page, request }) => {
  test.slow(); // a payment, axe
  const email = `mails-${Date.now().toString(36)}@example.com`;
  const order = await paidOrder(request, email);
  await setUp(page, `ml${Date.now().toString(36)}`);
  page.on("dialog", (d) => void d.accept()); // the resend's confirmation
  await page.goto(`/admin/orders/${order.id}`);
  const placed = page.locator(".desk-mail").filter({ hasText: `Zamówienie #${order.id} przyjęte` }).filter({ hasText: email });
  // Delivered e-mails have the buttons; the worker may still be sending.
  await expect(async () => {
    await page.reload();
    await expect(placed.getByRole("button", { name: "Otwórz" })).toBeVisible({ timeout: 1000 });
  }).toPass();

  await placed.getByRole("button", { name: "Otwórz" }).click();
  const frame = placed.locator("iframe.desk-mail__frame");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator("iframe.desk-mail__frame").getByRole("heading", { name: "Dziękujemy za zamówienie!" })).toBeVisible();
  await expectNoSeriousViolations(page, { what: "order with an e-mail open" });
  await placed.getByRole("button", { name: "Sam tekst" }).click();
  await expect(placed.locator(".desk-mail__text")).toContainText(`#${order.id}`);

  const before = await count(email, "order_placed");
  expect(before).toBe(1);
  await placed.getByRole("button", { name: "Wyślij ponownie" }).click();
  await expect(page.getByRole("status")).toHaveText("Dodany ponownie do wysyłki; wyjdzie za chwilę.");
  await expect.poll(() => count(email, "order_placed")).toBe(2);
  // The activity log names it.
  await openPlace(page, "Aktywność");
  await expect(page.locator(".desk-log__entry").filter({ hasText: "E-mail wysłany ponownie" }).filter({ hasText: `#${order.id}` })).toBeVisible();
});
