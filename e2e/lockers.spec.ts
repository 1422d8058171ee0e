// InPost's parcel lockers at the checkout (docs/shipping.md#at-the-checkout),
// against the run's daemon and its local ShipX (internal/shipping/shipxfake:
// lockers around Kraków's 30-363, KRA99M closable through
// /sandbox/parcels/close): an accessory ordered to a locker found by
// postcode and paid, the status page naming the locker; a saber's basket,
// which no locker takes, by courier with the reason; a locker closed after
// it was chosen, refused at the picker with everything typed kept; no
// request to another site during the whole flow; axe with the picker open;
// "near me" granted and refused; a parcel created from the desk and moved
// along by the local ShipX, in words on the status page.
import { expectNoSeriousViolations } from "./axe";
import { paidOrder, setUp } from "./desk";
import { BOTH_WIDTHS, PHONE_ONLY, expect, test, type APIRequestContext, type Page } from "./fixtures";
import { PORT } from "./paths";
import { TEXT, basketReady, customer, declineCookies, fillCheckout, path, seedBasketOnce, type Locale } from "./shop";

// The card's encryption and the daemon's links say localhost.
test.use({ baseURL: `http://localhost:${PORT}`, serviceWorkers: "block" });
const ORIGIN = `http://localhost:${PORT}`;

const L = {
  en: {
    locker: /^InPost parcel locker/,
    courier: /^Courier/,
    search: "Postcode, town or street",
    searchButton: "Search",
    found: /lockers? found near 30-363\./,
    choose: (code: string) => `Choose ${code}`,
    change: /^Change/,
    chosen: "Your parcel locker",
    closed: "This parcel locker is out of service now. Please choose another: the rest of your order is kept as it is.",
    tooBig: "This parcel will not fit in a parcel locker: we send it by courier.",
    phoneHint: "The carrier texts the pickup code for the locker to this number.",
    method: "Delivery method: InPost parcel locker",
    paid: "Paid",
    courierCost: "€5.00",
  },
  pl: {
    locker: /^Paczkomat InPost/,
    courier: /^Kurier/,
    search: "Kod pocztowy, miejscowość lub ulica",
    searchButton: "Szukaj",
    found: /Znaleźliśmy \d+ paczkomat\S* w okolicy: 30-363\./,
    choose: (code: string) => `Wybierz ${code}`,
    change: /^Zmień/,
    chosen: "Twój paczkomat",
    closed: "Ten paczkomat jest teraz nieczynny. Wybierz inny: reszta zamówienia czeka bez zmian.",
    tooBig: "Ta paczka nie zmieści się w paczkomacie: wyślemy ją kurierem.",
    phoneHint: "Na ten numer przewoźnik wyśle SMS-em kod odbioru z paczkomatu.",
    method: "Sposób dostawy: Paczkomat InPost",
    paid: "Opłacone",
    courierCost: "19,00\u00a0zł",
  },
} as const;

/** A shopper in Poland whatever the site's language, with a mobile number. */
function polishShopper(tag: string) {
  return { ...customer("pl", tag), first_name: "Zofia", last_name: "Kowalczyk", street: "Rzemieślnicza 5", zip: "30-363", city: "Kraków" };
}

/** Every request the page makes to an origin other than the shop's. */
function foreignRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.protocol !== "data:" && u.protocol !== "blob:" && u.origin !== ORIGIN) seen.push(r.url());
  });
  return seen;
}

async function toCheckout(page: Page, locale: Locale, product: string) {
  await declineCookies(page);
  await seedBasketOnce(page, product);
  await page.goto(path(locale, "/basket"));
  await basketReady(page);
  await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
}

/** Searches by postcode with Enter and waits for the daemon's answer and the list. */
async function searchLockers(page: Page, locale: "pl" | "en", q: string) {
  const field = page.getByLabel(L[locale].search, { exact: true });
  await field.fill(q);
  const answer = page.waitForResponse((r) => r.url().includes("/v1/points?") && r.request().method() === "GET");
  await field.press("Enter");
  expect((await answer).status()).toBe(200);
  await expect(page.locator(".lockers__status")).toHaveText(L[locale].found);
}

async function chooseLocker(page: Page, locale: "pl" | "en", code: string) {
  await page.getByRole("button", { name: L[locale].choose(code), exact: true }).click();
  const card = page.locator(".locker-chosen");
  await expect(card).toContainText(code);
  await expect(page.getByRole("button", { name: L[locale].change })).toBeFocused();
}

const cases: { locale: "pl" | "en"; tag: object }[] = [
  { locale: "pl", tag: PHONE_ONLY },
  { locale: "en", tag: {} },
];

for (const { locale, tag } of cases) {
  test(`${locale}: an accessory to a locker found by postcode, ordered and paid; the status page names the locker; no other site asked`, tag, async ({ page }) => {
    test.slow(); // a whole purchase with the sandbox's confirmation
    const T = L[locale];
    const foreign = foreignRequests(page);
    await toCheckout(page, locale, "plug");
    const c = polishShopper(`lockers-${locale}`);
    await fillCheckout(page, locale, c);

    // The methods with their prices and times; the courier by default.
    const lockerRadio = page.getByRole("radio", { name: T.locker });
    await expect(page.getByRole("radio", { name: T.courier })).toBeChecked();
    await expect(lockerRadio).toBeEnabled();
    await lockerRadio.check();
    await expect(page.getByText(T.phoneHint)).toBeVisible();

    await searchLockers(page, locale, "30-363");
    const results = page.locator(".lockers__list > li");
    expect(await results.count()).toBeGreaterThan(0);
    expect(await results.count()).toBeLessThanOrEqual(8);
    await expect(page.locator(".lockers__map .lockers__map-dot")).toHaveCount(await results.count());
    const first = results.filter({ hasText: "KRA01M" });
    await expect(first).toContainText("Rzemieślnicza 1, 30-363 Kraków");
    await expect(first.getByRole("link", { name: /KRA01M/ })).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=50\.0297/);
    await expect(first.getByRole("link", { name: /KRA01M/ })).toHaveAttribute("target", "_blank");
    await chooseLocker(page, locale, "KRA01M");
    await expect(page.locator(".basket-summary__point")).toContainText("KRA01M");

    // The order carries the method and the locker.
    const posted = page.waitForRequest((r) => r.url().endsWith("/v1/orders") && r.method() === "POST");
    await page.getByRole("button", { name: TEXT[locale].order }).click();
    expect((await posted).postDataJSON().delivery).toEqual({ method: "locker", point: "KRA01M" });
    await page.waitForURL(/\/status\//);
    expect(foreign, "requests to other sites from the checkout").toEqual([]);

    // The status page: the method and the locker with its address; paid.
    const delivery = page.locator(".order-delivery");
    await expect(delivery).toContainText(T.method);
    await expect(delivery).toContainText("KRA01M");
    await expect(delivery).toContainText("Rzemieślnicza 1");
    await page.locator('.card-form input[autocomplete="cc-number"]').fill("4242 4242 4242 4242");
    await page.locator('.card-form input[autocomplete="cc-name"]').fill(`${c.first_name} ${c.last_name}`);
    await page.locator('.card-form input[autocomplete="cc-exp"]').fill("12/34");
    await page.locator('.card-form input[autocomplete="cc-csc"]').fill("123");
    await page.locator(".card-form button[type=submit]").click();
    await expect(page.locator(".order-head .status-badge")).toHaveText(new RegExp(`${T.paid}$`), { timeout: 20_000 });
    await expect(delivery).toContainText("KRA01M");
  });
}

test("pl: a saber does not fit a locker: the locker disabled with the reason, the courier priced", async ({ page }) => {
  const T = L.pl;
  await toCheckout(page, "pl", "arc");
  await fillCheckout(page, "pl", polishShopper("lockers-saber"));
  const lockerRadio = page.getByRole("radio", { name: T.locker });
  await expect(lockerRadio).toBeDisabled();
  await expect(page.locator(".method.is-disabled")).toContainText(T.tooBig);
  await expect(lockerRadio).toHaveAccessibleDescription(new RegExp(T.tooBig.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByRole("radio", { name: T.courier })).toBeChecked();
  await expect(page.locator(".basket-summary__row").filter({ hasText: "Kurier" })).toContainText(T.courierCost);
  await expect(page.locator(".lockers")).toHaveCount(0);
});

test("pl: a locker closed after it was chosen: its message at the picker, everything typed kept, another locker orders", async ({ page, request }) => {
  test.slow(); // two order attempts
  const T = L.pl;
  try {
    await toCheckout(page, "pl", "belt-clip");
    const c = polishShopper("lockers-closed");
    await fillCheckout(page, "pl", c);
    await page.getByRole("radio", { name: T.locker }).check();
    await searchLockers(page, "pl", "30-363");
    await chooseLocker(page, "pl", "KRA99M");

    const closed = await request.post("/sandbox/parcels/close?code=KRA99M");
    expect(closed.status()).toBe(204);
    const refused = page.waitForResponse((r) => r.url().endsWith("/v1/orders") && r.request().method() === "POST");
    await page.getByRole("button", { name: TEXT.pl.order }).click();
    expect((await refused).status()).toBe(422);

    // The message at the picker, its search open again and focused, the
    // closed locker no longer offered; nothing typed lost.
    await expect(page.locator(".lockers__error")).toHaveText(T.closed);
    const search = page.getByLabel(T.search, { exact: true });
    await expect(search).toBeFocused();
    await expect(page.locator(".lockers__list")).not.toContainText("KRA99M");
    for (const f of ["first_name", "last_name", "email", "phone", "street", "zip", "city"] as const) {
      await expect(page.locator("form.checkout").getByLabel(TEXT.pl.fields[f], { exact: true })).toHaveValue(c[f]);
    }
    await expect(page.getByRole("checkbox", { name: TEXT.pl.terms })).toBeChecked();
    await expect(page.getByRole("radio", { name: T.locker })).toBeChecked();

    await chooseLocker(page, "pl", "KRA01M");
    await expect(page.locator(".lockers__error")).toHaveCount(0);
    await page.getByRole("button", { name: TEXT.pl.order }).click();
    await page.waitForURL(/\/status\//);
    await expect(page.locator(".order-delivery")).toContainText("KRA01M");
  } finally {
    await request.post("/sandbox/parcels/open?code=KRA99M");
  }
});

test("en: axe with the locker picker open and its results listed", BOTH_WIDTHS, async ({ page }) => {
  test.slow(); // an axe scan
  await toCheckout(page, "en", "belt-clip");
  await fillCheckout(page, "en", polishShopper("lockers-axe"));
  await page.getByRole("radio", { name: L.en.locker }).check();
  await searchLockers(page, "en", "30-363");
  await expectNoSeriousViolations(page, { what: "checkout with the locker picker" });
});

test.describe("near me", () => {
  test.use({ geolocation: { latitude: 50.0301, longitude: 19.9352 }, permissions: ["geolocation"] });

  test("en: the browser's location, asked on the tap only, finds the lockers around it", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/v1/points?")) asked.push(new URL(r.url()).search);
    });
    await toCheckout(page, "en", "belt-clip");
    await fillCheckout(page, "en", polishShopper("lockers-near"));
    await page.getByRole("radio", { name: L.en.locker }).check();
    expect(asked).toEqual([]);
    const answer = page.waitForResponse((r) => r.url().includes("/v1/points?") && r.url().includes("&lat="));
    await page.getByRole("button", { name: "Near me" }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.locator(".lockers__status")).toHaveText(/lockers? found near you\./);
    expect(asked).toEqual([expect.stringMatching(/^\?carrier=inpost&lat=50\.0301&lon=19\.9352&locale=en$/)]);
    await expect(page.locator(".lockers__list > li").first()).toContainText(/\d+\u00a0m away/);
  });
});

test("pl: a refused location says so and keeps the search by postcode", async ({ page, context }) => {
  await context.clearPermissions();
  await toCheckout(page, "pl", "belt-clip");
  await fillCheckout(page, "pl", polishShopper("lockers-denied"));
  await page.getByRole("radio", { name: L.pl.locker }).check();
  await searchLockers(page, "pl", "30-363");
  await page.getByRole("button", { name: "W pobliżu mnie" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Przeglądarka nie udostępniła Twojej lokalizacji." })).toBeVisible();
  await expect(page.locator(".lockers__list > li").first()).toBeVisible();
});

/** A paid order of a plug to KRA01M, through the shop's API. */
function paidLockerOrder(request: APIRequestContext, email: string): Promise<{ id: number; hash: string }> {
  return paidOrder(request, email, {
    items: [{ product: "plug", quantity: 1 }],
    customer: { first_name: "Zofia", last_name: "Kowalczyk", street: "Rzemieślnicza 5", zip: "30-363", city: "Kraków" },
    delivery: { method: "locker", point: "KRA01M" },
  });
}

test.describe("the parcel", () => {
  // The desk in Polish, as the owner has it.
  test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

  test("pl: the parcel's way in words on the status page: created from the desk, moved along by the local ShipX", async ({ page, request }) => {
    test.slow(); // a paid order, a desk account, the carrier's webhooks
    const order = await paidLockerOrder(request, `lockers-parcel-${Date.now().toString(36)}@example.com`);
    await setUp(page, `lockers${Date.now().toString(36)}`);
    const { csrf } = (await (await page.request.get("/admin/api/me")).json()) as { csrf: string };
    const created = await page.request.post(`/admin/api/orders/${order.id}/shipment`, { headers: { "X-CSRF-Token": csrf } });
    expect(created.status(), await created.text()).toBe(200);

    // The sandbox's page lists the shipment by the order's number; each
    // advance is a webhook to the daemon.
    const control = await (await request.get("/sandbox/parcels/?lang=en")).text();
    const item = control.split("<li>").find((li) => new RegExp(`#${order.id}</dd>`).test(li));
    const shipment = /name="id" value="(\d+)"/.exec(item ?? "")?.[1];
    expect(shipment, "the order's shipment on the sandbox's page").toBeTruthy();
    const parcel = async () => ((await (await request.get(`/v1/orders/${order.hash}?locale=pl`)).json()) as { parcel?: { status: string } }).parcel?.status;
    await expect.poll(parcel).toBe("confirmed");
    for (const next of ["collected", "in_transit", "ready_for_pickup"]) {
      const moved = await request.post("/sandbox/parcels/advance", { form: { id: shipment!, lang: "en" }, maxRedirects: 0 });
      expect(moved.status()).toBe(303);
      await expect.poll(parcel).toBe(next);
    }

    await page.goto(`/pl/status/${order.hash}`);
    const delivery = page.locator(".order-delivery");
    await expect(delivery).toContainText("Sposób dostawy: Paczkomat InPost");
    await expect(delivery).toContainText("KRA01M");
    await expect(delivery.locator(".order-delivery__status")).toHaveText("Paczka: czeka na odbiór");
    await expect(delivery).toContainText(/Numer przesyłki: \d+/);
    await expect(delivery.getByRole("link", { name: "Śledź przesyłkę" })).toHaveAttribute("href", /^https:\/\//);
    const notes = page.locator(".order-timeline__note--parcel");
    await expect(notes).toHaveText([/^Paczka: odebrana przez przewoźnika \(/, /^Paczka: w drodze \(/, /^Paczka: czeka na odbiór \(/]);
  });
});
