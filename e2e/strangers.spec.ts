// A pasted bidi override or zero-width space in the checkout is
// refused by the browser on its field, in the shopper's language, before
// anything is sent; a name in another script with emoji is an order.
import { bothWidthsIf, expect, test } from "./fixtures";
import { watchConsole } from "./console";
import { LOCALES, OwnDaemon, TEXT, basketReady, customer, declineCookies, field, fillCheckout, orderPosts, path, seedBasketOnce } from "./shop";

test.use({ serviceWorkers: "block" });

const INVISIBLE = {
  en: "This contains invisible characters (such as text direction marks or zero-width spaces), perhaps from copying and pasting. Please type it in again.",
  pl: "Ten tekst zawiera niewidoczne znaki (np. znaczniki kierunku tekstu lub spacje o zerowej szerokości), być może z kopiowania i wklejania. Wpisz go ponownie.",
  de: "Das enthält unsichtbare Zeichen (etwa Textrichtungszeichen oder Leerzeichen ohne Breite), vielleicht durch Kopieren und Einfügen. Bitte tippe es neu ein.",
};

for (const locale of LOCALES) {
  test(`${locale}: hidden characters are refused in the browser; other scripts and emoji are an order`, async ({ page }) => {
    await declineCookies(page);
    await seedBasketOnce(page, "belt-clip");
    const posts = orderPosts(page);
    await page.goto(path(locale, "/basket"));
    await basketReady(page);
    await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
    const c = customer(locale, "strangers");
    await fillCheckout(page, locale, { ...c, last_name: "Nowak\u202Egnp.exe", city: "War\u200Bszawa" });
    const order = page.getByRole("button", { name: TEXT[locale].order });
    await order.click();
    for (const f of ["last_name", "city"] as const) {
      await expect(field(page, locale, f)).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`.form-field--${f} .field-error`)).toHaveText(INVISIBLE[locale]);
    }
    await expect(field(page, locale, "first_name")).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    await field(page, locale, "last_name").fill("Gęślą محمد 👨‍👩‍👧");
    await field(page, locale, "city").fill(c.city);
    await order.click();
    await page.waitForURL(new RegExp(`${path(locale, "/status/")}[A-Za-z0-9_-]{20,}$`));
    expect(posts).toEqual([201]);
  });
}

// `orderd serve -demo` puts a banner on every page, in the page's
// language, without script and within the CSP (no console error), across
// the full width at the top, above the header. The screenshot is for a look.
test.describe("a demo shop", () => {
  let daemon: OwnDaemon;
  test.beforeAll(async () => {
    daemon = await OwnDaemon.start({ extra: ["-demo"] });
  });
  test.afterAll(async () => {
    await daemon?.stop();
  });

  const BANNER = {
    en: "Demo shop: nothing here is for sale.",
    pl: "Sklep demonstracyjny: nic tu nie jest na sprzedaż.",
    de: "Demo-Shop: Hier wird nichts verkauft.",
  };
  for (const locale of LOCALES) {
    test(`${locale}: the demo banner is the first thing on the page`, bothWidthsIf(locale === "en"), async ({ page }, info) => {
      const seen = watchConsole(page);
      await declineCookies(page);
      await page.goto(daemon.url + path(locale, "/shop/arc"));
      const banner = page.getByRole("note").filter({ hasText: BANNER[locale] });
      await expect(banner).toBeVisible();
      await expect(banner).toHaveCSS("background-color", "rgb(255, 212, 59)"); // the style was not blocked
      const box = (await banner.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(box.y).toBe(0);
      expect(Math.round(box.width)).toBeGreaterThanOrEqual(width - 20); // the page's scrollbar aside
      const header = (await page.locator("header").first().boundingBox())!;
      expect(header.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
      await page.screenshot({ path: info.outputPath(`demo-${locale}.png`) });
      expect(seen).toEqual([]);
    });
  }
});
