// Product safety information (GPSR art. 19 and 9(7);
// docs/legal.md#product-safety): every product page shows, in its own
// language, the manufacturer with its addresses, the product's type and
// model and the safety text with the owner's age, and links to the text
// in the other languages of the delivery countries; each opens on a page
// of its own with the site's interface around the text in its language.
// The creator's buy box links to the same section of its page.
import { expect, test, BOTH_WIDTHS } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { declineCookies, islandReady, LOCALES, path, type Locale } from "./shop";

const WORDS: Record<Locale, { title: string; age: string; kind: string; creatorLink: string; other: string }> = {
  en: { title: "Safety information", age: "Not suitable for children under 14 years.", kind: "Hilt",
    creatorLink: "Model SF-CUSTOM-26 · manufacturer and safety information", other: "Read it in another language:" },
  pl: { title: "Informacje dotyczące bezpieczeństwa", age: "Nie nadaje się dla dzieci poniżej 14 lat.", kind: "Rękojeść",
    creatorLink: "Model SF-CUSTOM-26 · producent i informacje dotyczące bezpieczeństwa", other: "Przeczytaj w innym języku:" },
  de: { title: "Sicherheitshinweise", age: "Nicht geeignet für Kinder unter 14 Jahren.", kind: "Griff",
    creatorLink: "Modell SF-CUSTOM-26 · Hersteller und Sicherheitshinweise", other: "In einer anderen Sprache lesen:" },
};

const CZECH_AGE = "Není vhodné pro děti do 14 let.";

/** Where SAFETY_SHOTS names a folder, the layout test saves its pictures there (e2e/README.md, Output). */
const SHOTS = process.env.SAFETY_SHOTS;

for (const locale of LOCALES) {
  test(`${locale}: a product page's safety section, and a link to the Czech text`, async ({ page }) => {
    await declineCookies(page);
    await page.goto(path(locale, "/shop/arc"));
    const section = page.locator("section#safety");
    await expect(section.getByRole("heading", { level: 2, name: WORDS[locale].title, exact: true })).toBeVisible();
    await expect(section.getByText("Saber Forge Marek Kowalczyk")).toBeVisible();
    await expect(section.locator(".safety__facts dd").first()).toContainText("ul. Rzemieślnicza 14/330-363 Kraków, Poland");
    await expect(section.locator(".safety__facts").getByRole("link", { name: "hello@saberforge.example" })).toHaveAttribute("href", "mailto:hello@saberforge.example");
    await expect(section.locator("dd", { hasText: "SF-ARC-26" })).toBeVisible();
    await expect(section.locator("dd", { hasText: new RegExp(`^${WORDS[locale].kind}$`) })).toBeVisible();
    // The text in the page's language, with the age from config.toml.
    await expect(section.locator(`.safety__text[lang="${locale}"]`)).toContainText(WORDS[locale].age);
    await expect(section.locator(".safety__text h3").first()).toBeVisible();
    // The other languages by their own names, marked as such; not this one.
    const languages = section.getByRole("navigation", { name: WORDS[locale].other });
    await expect(languages.getByRole("link")).toHaveCount(12);
    await expect(languages.locator(`a[hreflang="${locale}"]`)).toHaveCount(0);
    const czech = languages.getByRole("link", { name: "čeština", exact: true });
    await expect(czech).toHaveAttribute("lang", "cs");
    await expect(czech).toHaveAttribute("hreflang", "cs");
    await czech.click();
    await expect(page).toHaveURL(new RegExp(`${path(locale, "/safety/cs")}$`));
    // The site's interface in its locale, the text in Czech.
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1, name: `${WORDS[locale].title} – čeština`, exact: true })).toBeVisible();
    await expect(page.locator('h1 span[lang="cs"]')).toHaveText("čeština");
    await expect(page.locator('.safety__text[lang="cs"]')).toContainText(CZECH_AGE);
    await expect(page.getByRole("heading", { level: 2, name: "Bezpečnostní informace" })).toHaveAttribute("lang", "cs");
    await expect(page.locator(".safety__facts").getByText("Saber Forge Marek Kowalczyk")).toBeVisible();
  });
}

test("the creator's buy box links to its safety section", async ({ page }) => {
  await declineCookies(page);
  await page.goto("/shop/custom-saber-creator");
  await islandReady(page, "Creator");
  const link = page.getByRole("link", { name: WORDS.en.creatorLink });
  await expect(link).toHaveAttribute("href", "#safety");
  await link.click();
  const section = page.locator("section#safety");
  await expect(section).toBeInViewport();
  await expect(section.locator("dd", { hasText: "SF-CUSTOM-26" })).toBeVisible();
  await expect(section.locator('.safety__text[lang="en"]')).toContainText(WORDS.en.age);
});

test.describe("layout", BOTH_WIDTHS, () => {
  test("the safety section and the Czech page fit the width, axe-clean", async ({ page }) => {
    // Two axe scans of long pages.
    test.slow();
    await declineCookies(page);
    for (const route of ["/shop/arc", "/safety/cs"]) {
      await page.goto(route);
      const box = page.locator(route === "/shop/arc" ? "section#safety" : "article.safety-page");
      await box.scrollIntoViewIfNeeded();
      // Nothing sticks out sideways (the long e-mail and web addresses wrap).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      // The language links are tap targets of at least 24 px (WCAG 2.5.8).
      for (const a of await box.locator(".safety__language-list a").all()) {
        expect((await a.boundingBox())!.height).toBeGreaterThanOrEqual(24);
      }
      if (SHOTS) {
        const width = page.viewportSize()!.width;
        await box.screenshot({ path: `${SHOTS}/safety-${route === "/shop/arc" ? "arc" : "cs"}-${width}.png` });
      }
      await expectNoSeriousViolations(page, { include: route === "/shop/arc" ? "section#safety" : undefined, what: route });
    }
  });
});
