// A creator design after ordering
// (docs/decisions/shop-in-the-browser.md#a-creator-design-shows-its-hilt-on-the-status-page):
// the status page's line and the "order placed" e-mail show the designed hilt
// – the parts' pictures, as in the basket – not an empty tile, in every
// locale.
import { expect, test } from "./fixtures";
import { mailTo } from "./mail";
import { type CatalogCreator, declineCookies, defaultDesign, LOCALES, type Locale } from "./shop";

const PARTS = { emitter: "crown", grip: "leather", pommel: "spike" };
const NAMES: Record<Locale, string[]> = {
  en: ["Leather wrap", "Spike"],
  pl: ["Owijka skórzana", "Kolec"],
  de: ["Lederwicklung", "Dorn"],
};

for (const locale of LOCALES) {
  test(`${locale}: the status page and the e-mail show the designed hilt`, async ({ page, request }) => {
    const cr = ((await (await request.get("/catalog.json")).json()) as { creator: CatalogCreator }).creator;
    const design = defaultDesign(cr, PARTS);
    const items = [{ creator: design, quantity: 1 }];
    const quote = await request.post("/v1/quote", { data: { locale, country: "pl", code: "", items } });
    expect(quote.status(), await quote.text()).toBe(200);
    const email = `hilt-${locale}-${Date.now().toString(36)}@example.com`;
    const res = await request.post("/v1/orders", {
      data: {
        locale,
        terms_accepted: true,
        expected_total: ((await quote.json()) as { totals: { total: number } }).totals.total,
        code: "",
        customer: { first_name: "Anna", last_name: "Nowak", email, phone: "+48 600 100 200", country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa" },
        items,
      },
      headers: { "Idempotency-Key": `hilt-${locale}-${Date.now()}` },
    });
    expect(res.status()).toBe(201);
    const { status_url } = (await res.json()) as { status_url: string };

    await declineCookies(page);
    await page.goto(status_url);
    const line = page.locator(".order-line").first();
    const thumb = line.locator(".order-line__media .hilt-thumb");
    await expect(thumb).toBeVisible();
    await expect(line.locator(".order-line__noimage")).toHaveCount(0);
    const images = thumb.locator("img");
    await expect(images).toHaveCount(3);
    // Pommel, grip, emitter, lying down as in the basket; each one loaded.
    const parts = [cr.slots[2]!, cr.slots[1]!, cr.slots[0]!].map((s) => s.options.find((o) => o.id === PARTS[s.id as keyof typeof PARTS])!.image);
    for (let i = 0; i < 3; i++) {
      await expect(images.nth(i)).toHaveAttribute("src", parts[i]!);
      await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    for (const n of NAMES[locale]) await expect(thumb).toHaveAttribute("aria-label", new RegExp(n));

    // The "order placed" e-mail: the same pictures, absolute; the parts by name in the text.
    const mail = await mailTo(email);
    // Absolute on the site the e-mail's own status link points to.
    const origin = mail.match(new RegExp(`(https?://[^/"\\s]+)${status_url}`))?.[1];
    expect(origin).toBeTruthy();
    for (const p of parts) expect(mail).toContain(`<img src="${origin}${p}"`);
    const text = mail.slice(mail.indexOf("Content-Type: text/plain"), mail.indexOf("Content-Type: text/html"));
    for (const n of NAMES[locale]) expect(text).toContain(n);
  });
}
