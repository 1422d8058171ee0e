// A locker order's parcel from the desk (docs/shipping.md#labels-from-the-desk),
// against the daemon's local ShipX: the owner, on a phone in Polish or at a
// desk in English, creates the shipment, opens its label (a PDF read back
// with pdftotext: the locker's code and the tracking number are on it),
// marks the order sent in one tap, and the shopper's status page shows the
// statuses the carrier reports as they come (ready for pickup, delivered).
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { addOwner, PASSWORD, paidOrder } from "./desk";
import { expect, PHONE_ONLY, test, type APIRequestContext, type Page } from "./fixtures";
import { OwnDaemon } from "./shop";

const run = promisify(execFile);

const WORDS = {
  pl: {
    setup: "Skonfiguruj konto", password: "Nowe hasło", repeat: "Powtórz hasło", save: "Zapisz i zaloguj", today: "Dziś",
    create: "Utwórz przesyłkę w InPost", tracking: "Numer przesyłki:", label: "Etykieta A6", send: "Wysłane: powiadom klienta",
    yes: "Tak, wysłane: powiadom klienta", sent: "Wysłane", where: "Paczkomat InPost",
  },
  en: {
    setup: "Set up your account", password: "New password", repeat: "Repeat the password", save: "Save and sign in", today: "Today",
    create: "Create shipment with InPost", tracking: "Tracking number:", label: "Label A6", send: "Sent: notify the customer",
    yes: "Yes, sent: e-mail the customer", sent: "Sent", where: "InPost parcel locker",
  },
} as const;

async function signIn(page: Page, lang: "pl" | "en", setupLink: string) {
  const w = WORDS[lang];
  await page.goto(setupLink);
  await expect(page.getByRole("heading", { name: w.setup })).toBeVisible();
  await page.getByLabel(w.password).fill(PASSWORD);
  await page.getByLabel(w.repeat).fill(PASSWORD);
  await page.getByRole("button", { name: w.save }).click();
  await expect(page.getByRole("heading", { name: w.today, exact: true })).toBeVisible();
}

/** The text of the PDF at path, fetched with the page's session, as pdftotext reads it. */
async function pdfText(page: Page, path: string): Promise<string> {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const file = test.info().outputPath(`label-${Date.now()}.pdf`);
  await writeFile(file, await res.body());
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return stdout;
}

/** Moves the local ShipX's parcel id to its next status, as InPost would report it. */
async function advance(request: APIRequestContext, id: string) {
  const res = await request.post("/sandbox/parcels/advance", { form: { id, lang: "en" }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers()["location"] ?? "").not.toContain("msg=");
}

for (const lang of ["pl", "en"] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale: lang === "pl" ? "pl-PL" : "en-GB", extraHTTPHeaders: { "Accept-Language": lang === "pl" ? "pl-PL,pl;q=0.9" : "en-GB,en;q=0.9" } });

    test(`the owner creates a locker parcel, prints its label and sends it; the status page follows the carrier (${lang})`, lang === "pl" ? PHONE_ONLY : {}, async ({ page, request }) => {
      test.slow(); // a payment, the carrier's confirmation, four statuses
      const w = WORDS[lang];
      const code = lang === "pl" ? "KRA04M" : "WAW104M";
      const email = `parcel-${lang}-${Date.now().toString(36)}@example.com`;
      const order = await paidOrder(request, email, { locale: lang, items: [{ product: "plug", quantity: 1 }], delivery: { method: "locker", point: code } });

      await signIn(page, lang, await addOwner(`parcels-${lang}-${Date.now().toString(36)}`));
      await page.goto(`/admin/orders/${order.id}`);
      const card = page.locator(".desk-shipment");
      await expect(card).toContainText(`${w.where}`);
      await expect(card).toContainText(code);
      await card.getByRole("button", { name: w.create }).click();
      await expect(card.getByText(w.tracking)).toBeVisible();
      const tracking = /(\d{24})/.exec((await card.locator(".desk-shipment__tracking").textContent()) ?? "")?.[1] ?? "";
      expect(tracking).toHaveLength(24);
      // Nothing wider than the screen on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`desk-parcel-${lang}.png`), fullPage: true });

      const href = await card.getByRole("link", { name: w.label }).getAttribute("href");
      const text = await pdfText(page, href!);
      expect(text.replace(/\s/g, "")).toContain(tracking);
      expect(text).toContain(code);

      await card.getByRole("button", { name: w.send, exact: true }).click();
      // Asked first, in the card (e2e/desk-next.spec.ts has the details).
      await card.getByRole("alertdialog").getByRole("button", { name: w.yes }).click();
      await expect(page.locator(".desk-page__lead .status-badge")).toHaveText(w.sent);

      // The carrier reports: collected, in transit, in the locker, delivered.
      const desk = (await (await page.request.get(`/admin/api/orders/${order.id}`)).json()) as { shipment: { id: string } };
      const parcel = async () =>
        ((await (await request.get(`/v1/orders/${order.hash}?locale=${lang}`)).json()) as { parcel?: { status: string } }).parcel?.status;
      for (const want of ["collected", "in_transit", "ready_for_pickup"]) {
        await advance(request, desk.shipment.id);
        expect(await parcel()).toBe(want);
      }
      const status = lang === "pl" ? `/pl/status/${order.hash}` : `/status/${order.hash}`;
      await page.goto(status);
      await expect(page.locator("[data-parcel-status='ready_for_pickup']").first()).toBeVisible();
      await advance(request, desk.shipment.id);
      expect(await parcel()).toBe("delivered");
      await page.reload();
      await expect(page.locator("[data-parcel-status='delivered']").first()).toBeVisible();
    });
  });
}

test("a carrier outage while creating the parcel: the owner is told, nothing is created, the next try creates one", async ({ page, playwright }) => {
  test.slow(); // a daemon of its own: taking the carrier down must touch no other test
  const shop = await OwnDaemon.start();
  try {
    const request = await playwright.request.newContext({ baseURL: shop.url });
    const order = await paidOrder(request, `outage-${Date.now().toString(36)}@example.com`, {
      items: [{ product: "plug", quantity: 1 }], delivery: { method: "locker", point: "KRA06M" },
    });
    const link = /https?:\/\/\S+\/admin\/setup#\S+/.exec(await shop.owner("owners", "add", `outage-${Date.now().toString(36)}`))![0];
    const setup = new URL(link);
    await page.setExtraHTTPHeaders({ "Accept-Language": "pl-PL,pl;q=0.9" });
    await signIn(page, "pl", shop.url + setup.pathname + setup.hash);
    await page.goto(`${shop.url}/admin/orders/${order.id}`);
    const card = page.locator(".desk-shipment");
    expect((await request.post("/sandbox/parcels/down?on=1")).status()).toBe(204);
    await card.getByRole("button", { name: WORDS.pl.create }).click();
    await expect(card.getByRole("alert")).toContainText("Przewoźnik nie odpowiada");
    let desk = (await (await page.request.get(`${shop.url}/admin/api/orders/${order.id}`)).json()) as { shipment?: { id: string } };
    expect(desk.shipment).toBeUndefined();
    expect((await request.post("/sandbox/parcels/down?on=0")).status()).toBe(204);
    await card.getByRole("button", { name: WORDS.pl.create }).click();
    await expect(card.getByText(WORDS.pl.tracking)).toBeVisible();
    desk = (await (await page.request.get(`${shop.url}/admin/api/orders/${order.id}`)).json()) as { shipment?: { id: string } };
    expect(desk.shipment?.id).toBeTruthy();
    await request.dispose();
  } finally {
    await shop.stop();
  }
});
