// The owner's desk prints
// (docs/decisions/desk.md#printing-pages-of-the-desk-not-files): an order's
// build sheet for the workshop and its packing slip for the parcel. Each is
// one A4 page (the browser's own PDF of it, in print media, counted page by
// page); the sheet names every part and preset with its catalogue id, the
// slip the customer's address, in the order's language. What a shopper typed
// shows as text, and a hidden character as its marker.
import { expectNoSeriousViolations } from "./axe";
import { paidOrder, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test, type Page } from "./fixtures";
import { join, resolve } from "node:path";
import { type CatalogCreator, defaultDesign } from "./shop";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

const docs = resolve(__dirname, "..", "docs", "screenshots");
const PARTS = { emitter: "crown", grip: "leather", pommel: "spike" };
// The shop refuses hidden characters from shoppers (e2e/strangers.spec.ts);
// markup it takes, as text.
const FIRST_NAME = "<b>Ola</b>";

/** The page in print media as the browser's A4 PDF: how many pages it has. */
async function printedPages(page: Page): Promise<number> {
  await page.emulateMedia({ media: "print" });
  const pdf = (await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true })).toString("latin1");
  await page.emulateMedia({ media: "screen" });
  // Page objects, not the /Pages tree above them.
  return pdf.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
}

/**
 * Screenshots for a look: the screen at this width (at 1280 px into docs/
 * with UPDATE_SCREENSHOTS), the print media at A4's 794 px and the PDF.
 */
async function shots(page: Page, name: string, project: string, outputPath: (f: string) => string) {
  const desktop = project === "desktop";
  await page.screenshot({ path: desktop && process.env.UPDATE_SCREENSHOTS ? join(docs, `${name}.png`) : outputPath(`${name}-${project}.png`), fullPage: true });
  if (!desktop) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: outputPath(`${name}-print.png`) });
  await page.pdf({ path: outputPath(`${name}.pdf`), format: "A4", preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize(size);
}

test("an order's build sheet and packing slip, each one A4 page", BOTH_WIDTHS, async ({ page, request }, info) => {
  test.slow(); // a payment and two PDFs
  const cr = ((await (await request.get("/catalog.json")).json()) as { creator: CatalogCreator }).creator;
  const design = defaultDesign(cr, PARTS);
  // Every preset different, so each row is told apart.
  const pick = (group: string, i: number) => cr.options[group]![i % cr.options[group]!.length]!.id;
  design.presets = design.presets.map((p, i) => ({ ...p, effect: pick("effects", i), ignition: pick("ignitions", i), retraction: pick("ignitions", i + 1), sound: pick("sounds", i) }));
  expect(design.presets.length).toBeGreaterThanOrEqual(3);
  const email = `print-${Date.now().toString(36)}@example.com`;
  const order = await paidOrder(request, email, {
    locale: "de",
    items: [{ creator: design, quantity: 2 }, { product: "arc", variant: "crystal", quantity: 1 }],
    customer: { first_name: FIRST_NAME, last_name: "Schmidt-Wolkenstein", country: "de", street: "Lange Straße 12", zip: "10115", city: "Berlin" },
  });
  await setUp(page, `pr${Date.now().toString(36)}`);

  // The build sheet, from the order's page.
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole("link", { name: "Drukuj kartę budowy" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/sheet$`));
  const paper = page.locator(".paper");
  await expect(paper.getByRole("heading", { name: `Zamówienie nr ${order.id}` })).toBeVisible();
  const hilt = paper.locator(".hilt-thumb img");
  await expect(hilt).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect.poll(() => hilt.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousViolations(page, { what: "build sheet" });
  await shots(page, "desk-build-sheet", info.project.name, (f) => info.outputPath(f));

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Drukuj" })).toBeHidden();
  await expect(paper).toContainText(`Zamówienie nr ${order.id}`);
  await expect(paper).toContainText("Wysyłka do"); // paid: the ship-by day
  await expect(paper.locator(".paper__qty")).toContainText("2 ×");
  const ids = paper.locator(".sheet > .sheet__rows .sheet__id");
  await expect(ids).toHaveText([...Object.values(PARTS), design.generator]);
  const presets = paper.locator(".sheet__preset");
  await expect(presets).toHaveCount(design.presets.length);
  for (let i = 0; i < design.presets.length; i++) await expect(presets.nth(i).locator("tbody tr")).toHaveCount(7);
  await expect(paper.locator(".paper__others")).toContainText("1 × Arc");
  await page.emulateMedia({ media: "screen" });
  expect(await printedPages(page)).toBe(1);

  // The owner ships it, typing a hidden character into the number.
  await page.getByRole("link", { name: "Wróć do zamówienia" }).click();
  // Still being built: sending is folded under the other actions, and asks first.
  const byHand = page.locator("details.desk-action").filter({ hasText: "Oznacz jako wysłane" });
  if ((await byHand.getAttribute("open")) === null) await byHand.locator("summary").click();
  await page.getByLabel("Przewoźnik", { exact: true }).selectOption({ label: "InPost" });
  await page.getByLabel("Numer przesyłki").fill("620\u202E123");
  await page.getByRole("button", { name: "Wysłane: powiadom klienta", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Tak, wysłane: powiadom klienta" }).click();
  await expect(page.getByRole("status")).toHaveText("Zapisano.");

  // The packing slip: in the order's language (German), the bar in the owner's.
  await page.getByRole("link", { name: "Lista zawartości paczki" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}/slip$`));
  const slip = page.locator(".slip");
  await expect(slip.getByRole("heading", { name: "Lieferschein" })).toBeVisible();
  await expect(slip).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "Drukuj" })).toBeVisible();
  const address = slip.locator(".slip__address");
  await expect(address).toContainText(`${FIRST_NAME} Schmidt-Wolkenstein`);
  await expect(address.locator("b")).toHaveCount(0);
  await expect(address).toContainText("10115 Berlin");
  await expect(address).toContainText("Deutschland");
  await expect(slip.locator(".slip__from")).toContainText("Kraków"); // the shop's own address
  await expect(slip).toContainText(`Bestellung Nr. ${order.id}`);
  await expect(slip.locator(".slip__items tbody tr")).toHaveCount(2);
  await expect(slip.locator(".slip__items")).not.toContainText("€"); // no prices in the parcel
  await expect(slip.locator(".slip__tracking")).toHaveText("Versandt mit InPost, Sendungsnummer 620<U+202E>123");
  await expect(slip).toContainText("Vielen Dank");
  await expectNoSeriousViolations(page, { what: "packing slip" });
  await shots(page, "desk-packing-slip", info.project.name, (f) => info.outputPath(f));
  expect(await printedPages(page)).toBe(1);
});

test("an order of two designs prints one page per design", async ({ page, request }) => {
  const cr = ((await (await request.get("/catalog.json")).json()) as { creator: CatalogCreator }).creator;
  const order = await paidOrder(request, `print2-${Date.now().toString(36)}@example.com`, {
    items: [
      { creator: defaultDesign(cr, PARTS), quantity: 1 },
      { creator: defaultDesign(cr), quantity: 1 },
    ],
  });
  await setUp(page, `p2${Date.now().toString(36)}`);
  await page.goto(`/admin/orders/${order.id}/sheet`);
  await expect(page.locator(".paper__design h2")).toHaveText([`Projekt 1 z 2 · Zamówienie nr ${order.id}`, `Projekt 2 z 2 · Zamówienie nr ${order.id}`]);
  await expect(page.locator(".paper .sheet")).toHaveCount(2);
  expect(await printedPages(page)).toBe(2);
});

test("the printed pages need a session", async ({ page }) => {
  await page.goto("/admin/orders/1/sheet");
  await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
  await expect(page.locator(".paper")).toHaveCount(0);
});
