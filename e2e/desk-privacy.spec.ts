// The owner's desk
// (docs/decisions/legal.md#the-personal-data-card-is-on-the-subscribers-page):
// a person's request about their data. The Personal data card downloads
// everything held about one address as JSON and erases what may go at once;
// the orders stay for the tax period and the answer says until when.
import { readFile } from "node:fs/promises";
import { expectNoSeriousViolations } from "./axe";
import { openPlace, placedOrder, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test } from "./fixtures";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

test.describe("desk: personal data", () => {
  test("export as JSON, then erase: the order is kept with its anonymisation day", BOTH_WIDTHS, async ({ page, request }) => {
    test.slow(); // axe
    const stamp = Date.now().toString(36);
    const email = `privacy-${stamp}@example.com`;
    const order = await placedOrder(request, email);
    await setUp(page, `pd${stamp}`);
    await openPlace(page, "Subskrybenci");
    const card = page.locator(".desk-privacy");
    await expect(card.getByRole("heading", { name: "Dane osobowe" })).toBeVisible();
    await card.getByLabel("Jego adres e-mail").fill(email);
    await expectNoSeriousViolations(page, { what: "subscribers with the personal data card" });

    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Pobierz wszystko (JSON)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      email: string;
      orders: { order: { id: number; customer: { email: string } } }[];
    };
    expect(data.email).toBe(email);
    expect(data.orders.map((o) => o.order.id)).toEqual([order.id]);
    expect(data.orders[0]!.order.customer.email).toBe(email);

    page.once("dialog", (d) => void d.accept());
    await card.getByRole("button", { name: "Usuń" }).click();
    const done = card.getByRole("status");
    await expect(done).toContainText("Brak zapisu na powiadomienia. Usunięte wiadomości: 0.");
    await expect(done).toContainText(`Zamówienie #${order.id} zostaje na okres podatkowy i zostanie zanonimizowane`);
  });
});
