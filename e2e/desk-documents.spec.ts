// The owner's desk
// (docs/decisions/invoices-and-documents.md#the-desks-documents-page-is-a-list-of-cards):
// the accounting documents. An order paid through the sandbox has its invoice
// (or receipt) on the Documents page of this month and on its order's page;
// the PDF and the accountant's CSV download; a month without documents says
// so, and the month stays in the URL.
import { readFile } from "node:fs/promises";
import { expectNoSeriousViolations } from "./axe";
import { paidOrder, pickDay, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test } from "./fixtures";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

test.describe("desk: documents", () => {
  test("a paid order's invoice listed, its PDF and the month's CSV downloaded", BOTH_WIDTHS, async ({ page, request }) => {
    test.slow(); // axe
    const stamp = Date.now().toString(36);
    const order = await paidOrder(request, `docs-${stamp}@example.com`);
    await setUp(page, `dc${stamp}`);
    await page.getByRole("link", { name: "Dokumenty" }).click();
    await expect(page.getByRole("heading", { name: "Dokumenty", level: 1 })).toBeVisible();
    const card = page.locator(".desk-document").filter({ has: page.getByRole("link", { name: `Zamówienie #${order.id}`, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Łucja Warsztatowa");
    const number = (await card.locator("strong").first().textContent())!;
    expect(number).toMatch(/^(FV|R)\/\d{4}\/\d{4}$/);
    await expectNoSeriousViolations(page, { what: "documents" });

    const [pdf] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: `PDF ${number}` }).click()]);
    expect(pdf.suggestedFilename()).toBe(number.replaceAll("/", "-") + ".pdf");
    expect((await readFile((await pdf.path())!)).subarray(0, 4).toString()).toBe("%PDF");

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Pobierz CSV dla księgowej" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^documents-\d{4}-\d{2}\.csv$/);
    const text = await readFile((await csv.path())!, "utf8");
    expect(text.split("\r\n")[0]).toContain('"number","kind","issue_date"');
    expect(text).toContain(`"${number}"`);

    // The order's page lists it too.
    await card.getByRole("link", { name: `Zamówienie #${order.id}`, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Zamówienie nr ${order.id}` })).toBeVisible();
    await expect(page.locator(".desk-order-documents").getByRole("link", { name: `PDF ${number}` })).toBeVisible();

    // A month long before the shop: nothing, said so; the month is in the URL and survives a reload.
    await page.getByRole("link", { name: "Dokumenty" }).click();
    await pickDay(page, "Miesiąc", "2020-01");
    await expect(page.getByText("W tym miesiącu nie wystawiono żadnych dokumentów.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/documents\?month=2020-01$/);
    await page.reload();
    await expect(page.getByLabel("Miesiąc")).toHaveValue("01");
    await expect(page.getByLabel("Rok")).toHaveValue("2020");
    await expect(page.getByText("W tym miesiącu nie wystawiono żadnych dokumentów.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pobierz CSV dla księgowej" })).toHaveAttribute("href", "/admin/api/documents.csv?month=2020-01");
    await expectNoSeriousViolations(page, { what: "documents, an empty month" });
  });
});
