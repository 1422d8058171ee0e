// The EU's notice on the legal guarantee (docs/legal.md#the-eu-guarantee-notice):
// on a product page, right under the creator's buy box and in the basket, in the
// page's language, with its QR code and its link to the same address, at
// 375 and 1280 px, axe-clean; and in the order confirmation e-mail. The
// words expected are content/data/guarantee-notice.toml's. Layout shift:
// e2e/cls.spec.ts covers these pages with the notice on them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { mailTo } from "./mail";
import { acceptCookies, type Locale, LOCALES, path, placeOrder, ROOT } from "./shop";

const NOTICES = readFileSync(join(ROOT, "content/data/guarantee-notice.toml"), "utf8");

/** The notice's title lines, QR address and printed link in locale's language. */
function notice(locale: Locale) {
  const section = NOTICES.split(/^\[/m).find((s) => s.startsWith(`${locale}]`));
  if (!section) throw new Error(`no [${locale}] in guarantee-notice.toml`);
  const value = (key: string) => new RegExp(`^${key} = (.*)$`, "m").exec(section)?.[1] ?? "";
  return {
    title: JSON.parse(value("title")) as string[],
    qr: JSON.parse(value("qr")) as string,
    link: JSON.parse(value("link")) as string,
    when: JSON.parse(value("todo_when")) as string,
  };
}

const PLACES = [
  { name: "product page", route: "/shop/arc" },
  { name: "creator, under the buy box", route: "/shop/custom-saber-creator", within: ".creator-guarantee" },
  { name: "basket", route: "/basket" },
];

test.describe("the EU guarantee notice", BOTH_WIDTHS, () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page);
  });
  for (const locale of LOCALES) {
    for (const place of PLACES) {
      test(`${place.name} in ${locale}`, async ({ page, request }) => {
        const n = notice(locale);
        await page.goto(path(locale, place.route));
        const box = place.within ? page.locator(place.within).locator(".gnotice") : page.locator(".gnotice");
        await expect(box).toHaveCount(1);
        await box.scrollIntoViewIfNeeded();
        await expect(box).toBeVisible();
        await expect(box).toHaveAttribute("lang", locale);
        await expect(box.getByRole("heading", { name: n.title.join(" ") })).toBeVisible();
        await expect(box).toContainText(n.when);
        const link = box.getByRole("link", { name: n.link });
        await expect(link).toHaveAttribute("href", n.qr);
        // The QR code is drawn: its image loaded, square, at its size.
        const qr = link.locator("img");
        await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const size = await qr.boundingBox();
        expect(size && Math.round(size.width) === Math.round(size.height) && size.width >= 120).toBe(true);
        const svg = await request.get((await qr.getAttribute("src"))!);
        expect(svg.headers()["content-type"]).toContain("image/svg+xml");
        // Nothing of it is wider than the screen.
        const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoSeriousViolations(page, { include: ".gnotice", what: `${place.name} ${locale}` });
      });
    }
  }

  // The screenshot set: the notice at both widths in each language, to be
  // compared with the Commission's template by eye.
  for (const locale of LOCALES) {
    test(`screenshot: guarantee notice ${locale}`, async ({ page }, info) => {
      await page.goto(path(locale, "/shop/arc"));
      // The sticky header would cover the notice's top in the picture.
      // (Through the CSSOM: the CSP allows no inline style sheet.)
      await page.locator(".site-header").evaluate((h: HTMLElement) => h.style.setProperty("position", "static", "important"));
      const box = page.locator(".gnotice");
      await box.scrollIntoViewIfNeeded();
      await expect.poll(() => box.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const file = `guarantee-notice-${locale}-${info.project.name}.png`;
      const out = process.env.UPDATE_SCREENSHOTS ? join(ROOT, "docs", "screenshots", file) : info.outputPath(file);
      await box.screenshot({ path: out, animations: "disabled" });
    });
  }
});

test("the order confirmation e-mail carries the notice", async ({ request }) => {
  const email = `notice-${Date.now().toString(36)}@example.com`;
  await placeOrder(request, email);
  const n = notice("en"); // placeOrder orders in English
  const mail = await mailTo(email, n.link);
  for (const s of [...n.title, n.when, n.qr, `/legal/guarantee-qr-en.png`]) expect(mail).toContain(s);
  const png = await request.get("/legal/guarantee-qr-en.png");
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
});
