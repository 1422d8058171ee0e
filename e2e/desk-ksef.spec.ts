// The owner's desk and KSeF (docs/decisions/ksef.md#what-the-owner-sees-and-does):
// a company order paid in the sandbox whose buyer is named "KSeF-ODMOWA"
// is refused by the local KSeF the first time. On the phone the order's
// document says "odrzucona" with the reason explained in the desk's
// language and KSeF's own words (pl, en, de); "Wyślij ponownie", confirmed,
// sends it again: it becomes "przyjęta" with its KSeF number, and its UPO
// downloads as XML. Nothing sleeps: each step waits for what the daemon's
// KSeF loop does.
import { readFile } from "node:fs/promises";
import { paidOrder, setUp } from "./desk";
import { PHONE_ONLY, expect, test, type Page } from "./fixtures";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

const COMPANY = "Kuźnia KSeF-ODMOWA sp. z o.o.";

/** The desk in lang: its texts and answers follow the browser's language. */
async function speak(page: Page, lang: string) {
  await page.setExtraHTTPHeaders({ "Accept-Language": lang });
  await page.reload();
}

test.describe("desk: KSeF", () => {
  test("a refused invoice explained in pl, en and de, sent again, accepted, its UPO downloaded", PHONE_ONLY, async ({ page, request }, info) => {
    test.slow(); // the order, two answers of KSeF and three languages
    const stamp = Date.now().toString(36);
    const order = await paidOrder(request, `ksef-${stamp}@example.com`, { customer: { company: COMPANY, vat_id: "526-025-02-74" } });
    await setUp(page, `ks${stamp}`);

    // Today's KSeF card names the refused invoice and opens its order.
    const todayCard = page.locator(".desk-today-ksef");
    await expect(async () => {
      await page.reload();
      await expect(todayCard.getByRole("link", { name: /odrzucona przez KSeF/ })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const link = todayCard.getByRole("link", { name: /odrzucona przez KSeF/ }).first();
    const number = (/^(FV\/\d{4}\/\d{4})/.exec((await link.textContent()) ?? "") ?? [])[1]!;
    expect(number).toBeTruthy();
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole("heading", { name: `Zamówienie nr ${order.id}` })).toBeVisible();

    const card = page.locator(".desk-order-documents .desk-document").filter({ hasText: number });
    const chip = card.locator(".desk-ksef__chip");
    await expect(chip).toHaveText("KSeF: odrzucona");
    await expect(card.locator(".desk-ksef__explained")).toContainText("Treść faktury nie przeszła weryfikacji KSeF (kod 450");
    await expect(card.locator(".desk-ksef__reason")).toHaveText("Odpowiedź KSeF: Błąd weryfikacji semantyki dokumentu faktury");
    await expect(card.getByRole("link", { name: `PDF ${number}` })).toHaveCount(0);
    await expect(card).toContainText("PDF będzie dostępny po przyjęciu przez KSeF.");
    await card.screenshot({ path: info.outputPath("ksef-refused-pl.png") });

    await speak(page, "en");
    await expect(chip).toHaveText("KSeF: refused");
    await expect(card.locator(".desk-ksef__explained")).toContainText("The invoice's content failed KSeF's checks (code 450");
    await expect(card.locator(".desk-ksef__reason")).toHaveText("KSeF's answer: Błąd weryfikacji semantyki dokumentu faktury");
    await expect(card.getByRole("button", { name: "Send again" })).toBeVisible();

    await speak(page, "de");
    await expect(chip).toHaveText("KSeF: abgelehnt");
    await expect(card.locator(".desk-ksef__explained")).toContainText("Der Inhalt der Rechnung hat die Prüfung von KSeF nicht bestanden (Code 450");
    await expect(card.locator(".desk-ksef__reason")).toHaveText("Antwort von KSeF: Błąd weryfikacji semantyki dokumentu faktury");
    await expect(card.getByRole("button", { name: "Erneut senden" })).toBeVisible();

    // Back in Polish: send it again, after a confirm naming it; cancelling first changes nothing.
    await speak(page, "pl-PL,pl;q=0.9");
    await expect(chip).toHaveText("KSeF: odrzucona");
    await card.getByRole("button", { name: "Wyślij ponownie" }).click();
    await expect(card.getByText(`Wysłać ${number} ponownie do KSeF?`)).toBeVisible();
    await card.getByRole("button", { name: "Anuluj" }).click();
    await expect(chip).toHaveText("KSeF: odrzucona");
    await card.getByRole("button", { name: "Wyślij ponownie" }).click();
    await card.screenshot({ path: info.outputPath("ksef-confirm-pl.png") });
    await card.getByRole("button", { name: "Tak, wyślij" }).click();

    // The daemon sends it at once and KSeF answers within seconds: the page follows.
    await expect(chip).toHaveText(/^KSeF: przyjęta · \d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/, { timeout: 30_000 });
    const ksefNumber = ((await chip.textContent()) ?? "").split(" · ")[1]!;
    await expect(card.locator(".desk-ksef__explained")).toHaveCount(0);
    await expect(card.getByRole("link", { name: `PDF ${number}` })).toBeVisible();
    await card.screenshot({ path: info.outputPath("ksef-accepted-pl.png") });

    const [upo] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: `UPO ${number}` }).click()]);
    expect(upo.suggestedFilename()).toBe(`UPO-${number.replaceAll("/", "-")}.xml`);
    const xml = await readFile((await upo.path())!, "utf8");
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain(ksefNumber);

    // Today no longer lists it.
    await page.getByRole("link", { name: "Dziś" }).click();
    await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
    await expect(page.locator(".desk-today-ksef").getByText(number)).toHaveCount(0);
  });
});
