// What the shopper accepts must be readable
// (docs/decisions/legal.md#the-legal-documents-are-pages-of-the-site): the
// footer's terms and privacy links and the checkout's terms link lead to
// pages of this site, in the shopper's language, served by the daemon itself.
import { expect, test, type Page } from "./fixtures";
import { basketReady, declineCookies, LOCALES, path, TEXT, type Locale } from "./shop";

const LEGAL: Record<Locale, { terms: string; privacy: string; termsTitle: string; privacyTitle: string }> = {
  en: { terms: "Terms and Conditions", privacy: "Privacy Policy", termsTitle: "Terms and Conditions", privacyTitle: "Privacy Policy" },
  pl: { terms: "Regulamin", privacy: "Polityka prywatności", termsTitle: "Regulamin sklepu", privacyTitle: "Polityka prywatności" },
  de: { terms: "AGB", privacy: "Datenschutzerklärung", termsTitle: "Allgemeine Geschäftsbedingungen (AGB)", privacyTitle: "Datenschutzerklärung" },
};

/** Follows a link and checks the answer is this site's page with the heading. */
async function follow(page: Page, click: () => Promise<unknown>, route: string, heading: string) {
  const [res] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === route), click()]);
  expect(res.status()).toBe(200);
  expect(new URL(res.url()).origin).toBe(new URL(page.url()).origin);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
}

for (const locale of LOCALES) {
  test(`${locale}: the footer's terms and privacy links open the site's own pages`, async ({ page }) => {
    await declineCookies(page);
    await page.goto(path(locale, "/"));
    const footer = page.locator("footer.site-footer");
    await follow(page, () => footer.getByRole("link", { name: LEGAL[locale].terms, exact: true }).click(), path(locale, "/legal-terms"), LEGAL[locale].termsTitle);
    await follow(page, () => footer.getByRole("link", { name: LEGAL[locale].privacy, exact: true }).click(), path(locale, "/legal-privacy"), LEGAL[locale].privacyTitle);
  });

  test(`${locale}: the checkout's terms link opens the terms in a new tab`, async ({ page, context }) => {
    await declineCookies(page);
    await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 1 }])));
    await page.goto(path(locale, "/basket"));
    await basketReady(page);
    await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
    const checkbox = page.getByRole("checkbox", { name: TEXT[locale].terms });
    const link = page.locator(".checkout__terms").getByRole("link", { name: LEGAL[locale].terms, exact: true });
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(path(locale, "/legal-terms"));
    expect((await page.request.get(tab.url())).status()).toBe(200);
    await expect(tab.getByRole("heading", { level: 1, name: LEGAL[locale].termsTitle, exact: true })).toBeVisible();
    // Reading the terms neither ticks nor clears the box.
    await expect(checkbox).not.toBeChecked();
  });
}
