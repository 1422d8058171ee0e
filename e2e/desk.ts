// What the desk's specs share (desk.spec.ts, desk-print.spec.ts): an owner
// account set up through `orderd owners add` and its setup link, and a
// paid order placed and paid through the API.
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

/** Sets up a fresh owner account in the browser (Polish desk) and signs in. */
export async function setUp(page: Page, name: string) {
  await page.goto(await addOwner(name));
  await expect(page.getByRole("heading", { name: "Skonfiguruj konto" })).toBeVisible();
  await page.getByLabel("Nowe hasło").fill(PASSWORD);
  await page.getByLabel("Powtórz hasło").fill(PASSWORD);
  await page.getByRole("button", { name: "Zapisz i zaloguj" }).click();
  await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
}

/**
 * A paid order for email, paid by the sandbox's bank page through the API:
 * an Arc hilt from the Polish site unless told other items, locale or
 * customer fields.
 */
export async function paidOrder(
  request: APIRequestContext,
  email: string,
  { items = [{ product: "arc", variant: "crystal", quantity: 1 }] as unknown[], locale = "pl", customer = {} as Record<string, string> } = {},
): Promise<{ id: number; hash: string }> {
  const quote = await request.post("/v1/quote", { data: { locale, country: customer.country ?? "pl", code: "", items } });
  expect(quote.status(), await quote.text()).toBe(200);
  const { totals } = (await quote.json()) as { totals: { total: number } };
  const res = await request.post("/v1/orders", {
    data: {
      locale, terms_accepted: true, expected_total: totals.total, code: "", items,
      customer: { first_name: "Łucja", last_name: "Warsztatowa", email, phone: "+48 600 100 200", country: "pl", street: "Długa 1", zip: "00-001", city: "Kraków", ...customer },
    },
    headers: { "Idempotency-Key": `desk-${Date.now()}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const placed = (await res.json()) as { hash: string; order: { id: number } };
  const pay = await request.post(`/v1/orders/${placed.hash}/payments`, { data: { method: "bank", locale } });
  const { url } = (await pay.json()) as { url: string };
  const page = new URL(url);
  const decided = await request.post(page.pathname, { form: { decision: "pay" }, maxRedirects: 0 });
  expect(decided.status()).toBe(303);
  await expect
    .poll(async () => ((await (await request.get(`/v1/orders/${placed.hash}?locale=${locale}`)).json()) as { status: string }).status)
    .toBe("paid");
  return { id: placed.order.id, hash: placed.hash };
}
