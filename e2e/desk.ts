// What the desk's specs share: an account from the owner's
// command, its setup in the browser, orders placed (and paid) through the
// shop's API.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Page } from "./fixtures";
import { DATA, orderdBinary } from "./shop";

const run = promisify(execFile);

/** A fresh account through the owner's command; its setup link's path. */
export async function addOwner(name: string): Promise<string> {
  const { stdout } = await run(await orderdBinary(), ["-data", DATA, "owners", "add", name]);
  const link = /https?:\/\/\S+\/admin\/setup#\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no setup link in: ${stdout}`);
  const u = new URL(link);
  return u.pathname + u.hash;
}

export const PASSWORD = "miecz świetlny z warsztatu";

/** Sets up the account name through its setup link, in Polish; the desk's Today is shown. */
export async function setUp(page: Page, name: string) {
  await page.goto(await addOwner(name));
  await expect(page.getByRole("heading", { name: "Skonfiguruj konto" })).toBeVisible();
  await page.getByLabel("Nowe hasło").fill(PASSWORD);
  await page.getByLabel("Powtórz hasło").fill(PASSWORD);
  await page.getByRole("button", { name: "Zapisz i zaloguj" }).click();
  await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
}

/** Where an order goes: the site's locale decides the currency (pl: PLN, en and de: EUR). */
export interface Destination {
  locale: "pl" | "en" | "de";
  country: string;
  zip: string;
  city: string;
}

export const KRAKOW: Destination = { locale: "pl", country: "pl", zip: "00-001", city: "Kraków" };

/** What an order holds: an Arc hilt from the Polish site unless told other items, locale or customer fields. */
export interface OrderOptions {
  items?: unknown[];
  locale?: string;
  customer?: Record<string, string>;
  /** The delivery method and locker ({ method: "locker", point: "KRA01M" }); absent: the courier. */
  delivery?: { method: string; point?: string };
}

async function place(request: APIRequestContext, email: string, o: OrderOptions): Promise<{ id: number; hash: string }> {
  const { items = [{ product: "arc", variant: "crystal", quantity: 1 }], locale = "pl", customer = {}, delivery } = o;
  const quote = await request.post("/v1/quote", { data: { locale, country: customer.country ?? "pl", code: "", items, method: delivery?.method ?? "" } });
  expect(quote.status(), await quote.text()).toBe(200);
  const { totals } = (await quote.json()) as { totals: { total: number } };
  const res = await request.post("/v1/orders", {
    data: {
      locale, terms_accepted: true, expected_total: totals.total, code: "", items, delivery,
      customer: { first_name: "Łucja", last_name: "Warsztatowa", email, phone: "+48 600 100 200", country: "pl", street: "Długa 1", zip: "00-001", city: "Kraków", ...customer },
    },
    headers: { "Idempotency-Key": `desk-${Date.now()}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const placed = (await res.json()) as { hash: string; order: { id: number } };
  return { id: placed.order.id, hash: placed.hash };
}

/** A placed (unpaid) order of an Arc hilt for email, through the API. */
export async function placedOrder(request: APIRequestContext, email: string, to: Destination = KRAKOW): Promise<{ id: number; hash: string }> {
  return place(request, email, { locale: to.locale, customer: { country: to.country, zip: to.zip, city: to.city } });
}

/** A paid order for email (OrderOptions), paid by the sandbox's bank page through the API. */
export async function paidOrder(request: APIRequestContext, email: string, o: OrderOptions = {}): Promise<{ id: number; hash: string }> {
  const locale = o.locale ?? "pl";
  const placed = await place(request, email, o);
  const pay = await request.post(`/v1/orders/${placed.hash}/payments`, { data: { method: "bank", locale } });
  const { url } = (await pay.json()) as { url: string };
  const page = new URL(url);
  const decided = await request.post(page.pathname, { form: { decision: "pay" }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  await expect
    .poll(async () => ((await (await request.get(`/v1/orders/${placed.hash}?locale=${locale}`)).json()) as { status: string }).status)
    .toBe("paid");
  return placed;
}

/**
 * Opens one of the desk's places by its name in the menu (Polish unless
 * told): on a phone the places past the bottom bar are under "Więcej"
 * (More), on a wide screen every place is in the top bar.
 */
export async function openPlace(page: Page, name: string, more = "Więcej") {
  const link = page.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) await page.getByRole("button", { name: more, exact: true }).click();
  await link.click();
}

/** Signs out (Polish unless told): on a phone from under "Więcej", on a wide screen from the foot. */
export async function signOut(page: Page, name = "Wyloguj", more = "Więcej") {
  const button = page.getByRole("button", { name, exact: true });
  if (!(await button.isVisible())) await page.getByRole("button", { name: more, exact: true }).click();
  await button.click();
}

/**
 * Picks day iso ("YYYY-MM-DD", "YYYY-MM" for a month, "" for none) in the
 * desk's day picker (desk/DateField.tsx) whose label is label: the year,
 * the month, the day, as the owner would.
 */
export async function pickDay(page: Page, label: string, iso: string) {
  const first = page.getByLabel(label, { exact: true });
  const group = first.locator("xpath=ancestor::*[@role='group'][1]");
  if (iso === "") {
    await first.selectOption("");
    return;
  }
  const [y, m, d] = iso.split("-");
  await group.locator(".desk-datefield__year").selectOption(y!);
  await group.locator(".desk-datefield__month").selectOption(m!);
  if (d) await group.locator(".desk-datefield__day").selectOption(d);
}
