// Site-wide layout: the language switcher keeps the page, the phone menu
// works by keyboard, the footer's community block is on the home page only.
import { expect, test } from "@playwright/test";

test("the language switcher leads to the same page in the other locale", async ({ page }, info) => {
  await page.goto("/shop/arc");
  if (info.project.name === "phone") {
    await page.locator("summary.menu-toggle__button").click();
  }
  const pl = page.locator('a[hreflang="pl"]:visible').first();
  await expect(pl).toHaveAttribute("href", "/pl/shop/arc");
  await pl.click();
  await expect(page).toHaveURL(/\/pl\/shop\/arc$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  // A translated post slug is followed too.
  await page.goto("/de/blog/how-a-hilt-is-made");
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) =>
    Object.fromEntries(ls.map((l) => [l.getAttribute("hreflang"), new URL(l.getAttribute("href")!).pathname])),
  );
  expect(alternates.en).toBe("/blog/how-a-hilt-is-made");
});

test("the phone menu opens and is operable by keyboard", async ({ page }, info) => {
  test.skip(info.project.name !== "phone", "the menu collapses on phones only");
  await page.goto("/pl/");
  const toggle = page.locator("summary.menu-toggle__button");
  await expect(toggle).toBeVisible();
  await expect(page.locator(".menu--drawer")).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  const drawer = page.locator(".menu--drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.locator("a")).toHaveCount(8);
  await page.keyboard.press("Tab");
  await expect(drawer.locator("a").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pl\/shop\/custom-saber-creator$/);
});

test("the desktop menu shows the 8 items and marks the current one", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop");
  await page.goto("/de/faq");
  const bar = page.locator(".menu--bar");
  await expect(bar.locator("a")).toHaveCount(8);
  await expect(bar.locator('a[aria-current="page"]')).toHaveAttribute("href", "/de/faq");
});

test("the community block is in the home page's footer only", async ({ page }) => {
  await page.goto("/");
  const social = page.locator("footer").getByRole("link", { name: /youtube/i });
  await expect(social.first()).toBeAttached();
  await page.goto("/faq");
  await expect(page.locator("footer").getByRole("link", { name: /youtube/i })).toHaveCount(0);
  // Both have the country sites, the terms and privacy pages and the contact link.
  for (const path of ["/", "/faq"]) {
    await page.goto(path);
    const footer = page.locator("footer");
    await expect(footer.locator('a[href="/pl/"]')).toBeAttached();
    await expect(footer.locator('a[href="/legal-terms"]')).toBeAttached();
    await expect(footer.locator('a[href="/legal-privacy"]')).toBeAttached();
    await expect(footer.locator('a[href="/contact"]').first()).toBeAttached();
  }
});

test("the product page hides the footer on phones only", async ({ page }, info) => {
  await page.goto("/shop/arc");
  const footer = page.locator("footer").first();
  if (info.project.name === "phone") await expect(footer).toBeHidden();
  else await expect(footer).toBeVisible();
});
