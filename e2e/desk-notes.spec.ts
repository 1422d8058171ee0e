// The owner's desk
// (docs/decisions/desk.md#order-notes-are-private-and-never-edited,
// docs/decisions/desk.md#the-lists-filters-live-in-the-address): private
// notes on an order (text, never HTML), the shopper's stage e-mail choice,
// and the order list's filters kept in the address (reload and the way back
// keep them).
import { expectNoSeriousViolations } from "./axe";
import { pickDay, placedOrder, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test, type Page } from "./fixtures";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

/** An order's row in the list. */
const row = (page: Page, id: number) => page.locator(`a.desk-order[href="/admin/orders/${id}"]`);

/** The list's "Filters" disclosure. */
const filters = (page: Page) => page.locator(".desk-more > summary");

/** A day (UTC, as the filters count days) days from today, YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("desk: notes and filters", () => {
  test("a note with markup stays text after a reload; a refused one keeps what was typed", async ({ page, request }) => {
    test.slow(); // axe
    const order = await placedOrder(request, `notes-${Date.now().toString(36)}@example.com`);
    await setUp(page, `nt${Date.now().toString(36)}`);
    page.on("dialog", (d) => {
      throw new Error(`a note ran script: ${d.message()}`);
    });
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole("heading", { name: `Zamówienie nr ${order.id}` })).toBeVisible();
    await expect(page.getByText("Klient nie prosił o e-maile o etapach.")).toBeVisible();
    await expect(page.getByText("Nie ma jeszcze notatek.")).toBeVisible();

    const markup = "<img src=x onerror=alert(1)>";
    const field = page.getByLabel("Nowa notatka");
    await field.fill(`${markup}\nklient dzwonił, chce przed 12.`);
    await page.getByRole("button", { name: "Dodaj notatkę" }).click();
    await expect(page.getByRole("status")).toHaveText("Notatka dodana.");
    await expect(field).toHaveValue("");

    const tooLong = "ż".repeat(2001);
    await field.fill(tooLong);
    await page.getByRole("button", { name: "Dodaj notatkę" }).click();
    await expect(page.locator(".desk-notes").getByRole("alert")).toHaveText("Notatka jest za długa: najwyżej 2000 znaków.");
    await expect(field).toHaveValue(tooLong);

    await page.reload();
    const note = page.locator(".desk-note__text");
    await expect(note).toHaveCount(1);
    expect(await note.innerText()).toBe(`${markup}\nklient dzwonił, chce przed 12.`); // the line break kept
    await expect(page.locator(".desk-notes img")).toHaveCount(0);
    await expect(page.locator(".desk-note__meta")).toContainText("nt");
    await expectNoSeriousViolations(page, { what: "order with notes" });
    // The shopper's answer has no notes.
    const shopper = await (await request.get(`/v1/orders/${order.hash}?locale=pl`)).text();
    expect(shopper).not.toContain("onerror");
  });

  test("filters by currency, country and date, kept by a reload and the way back", BOTH_WIDTHS, async ({ page, request }) => {
    test.slow(); // axe, two orders
    const stamp = Date.now().toString(36);
    const pln = await placedOrder(request, `pln-${stamp}@example.com`); // Kraków, the Polish site: PLN
    const eur = await placedOrder(request, `eur-${stamp}@example.com`, { locale: "de", country: "de", zip: "10115", city: "Berlin" });
    await setUp(page, `fl${stamp}`);
    await page.getByRole("link", { name: "Zamówienia" }).click();
    await expect(row(page, eur.id)).toBeVisible();
    await expect(row(page, pln.id)).toBeVisible();

    await filters(page).click();
    await page.getByLabel("Waluta").selectOption("EUR");
    await expect(row(page, pln.id)).toHaveCount(0);
    await expect(row(page, eur.id)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/orders\?currency=EUR$/);
    await expectNoSeriousViolations(page, { what: "orders with filters" });

    // A reload keeps the filter; so does the way back from an order.
    await page.reload();
    await expect(row(page, eur.id)).toBeVisible();
    await expect(row(page, pln.id)).toHaveCount(0);
    await expect(filters(page)).toHaveText("Filtry: 1, EUR"); // the folded filters name what they hold
    await row(page, eur.id).click();
    await expect(page.getByRole("heading", { name: `Zamówienie nr ${eur.id}` })).toBeVisible();
    await page.getByRole("link", { name: "Wszystkie zamówienia" }).click();
    await expect(page).toHaveURL(/\?currency=EUR$/);
    await expect(row(page, pln.id)).toHaveCount(0);
    await filters(page).click();
    await expect(page.getByLabel("Waluta")).toHaveValue("EUR");

    await page.getByLabel("Waluta").selectOption("");
    await page.getByLabel("Kraj").selectOption({ label: "Polska" });
    await expect(row(page, eur.id)).toHaveCount(0);
    await expect(row(page, pln.id)).toBeVisible();
    await page.getByLabel("Kraj").selectOption({ label: "Niemcy" });
    await expect(row(page, pln.id)).toHaveCount(0);
    await expect(row(page, eur.id)).toBeVisible();
    await page.getByRole("button", { name: "Wyczyść filtry" }).click();
    await expect(row(page, pln.id)).toBeVisible();

    // Dates: both were placed today; a span that ends yesterday has neither,
    // and one that ends before it starts is refused in the owner's words.
    await pickDay(page, "Złożone od", day(0));
    await expect(row(page, pln.id)).toBeVisible();
    await expect(row(page, eur.id)).toBeVisible();
    await pickDay(page, "Złożone do", day(-1));
    await expect(page.getByRole("alert")).toHaveText("Tego filtra nie da się użyć. Sprawdź daty (RRRR-MM-DD) i spróbuj ponownie.");
    await expect(row(page, pln.id)).toHaveCount(0);
    await pickDay(page, "Złożone od", "");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(row(page, pln.id)).toHaveCount(0);
    await expect(row(page, eur.id)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`\\?to=${day(-1)}$`));
  });
});
