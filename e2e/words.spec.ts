// Layout and words (docs/decisions/languages.md#one-date-style-per-locale):
// one date style per locale on the status
// page (written like the server's, in the browser's own time zone), and the
// language switch of the 404 page leading to the requested path in the
// other language.
import { expect, test, type Page } from "./fixtures";
import { PORT } from "./paths";

test.use({ baseURL: `http://localhost:${PORT}` });

const MONTHS = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  pl: ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
} as const;
type Locale = keyof typeof MONTHS;
const PREFIX: Record<Locale, string> = { en: "", pl: "/pl", de: "/de" };

/** The instant in UTC+05:30 (the browser's zone below), written by hand as docs/decisions/languages.md#go-and-the-browser-format-from-the-same-data says. */
function expected(locale: Locale, iso: string): string {
  const d = new Date(Date.parse(iso) + 5.5 * 3600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const day = locale === "de" ? `${d.getUTCDate()}.` : String(d.getUTCDate());
  return `${day} ${MONTHS[locale][d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

test.describe("status page dates", () => {
  // A zone that is neither the machine's (UTC) nor the workshop's.
  test.use({ timezoneId: "Asia/Kolkata" });

  for (const locale of ["en", "pl", "de"] as const) {
    test(`${locale}: the timeline and the placed date in the locale's one style`, async ({ page, request }) => {
      const items = [{ product: "belt-clip", quantity: 1 }];
      const quote = await request.post("/v1/quote", { data: { locale, country: "pl", code: "", items } });
      const { totals } = (await quote.json()) as { totals: { total: number } };
      const res = await request.post("/v1/orders", {
        data: {
          locale, terms_accepted: true, expected_total: totals.total, code: "", items,
          customer: {
            first_name: "Anna", last_name: "Nowak", email: `dates-${locale}@example.com`, phone: "+48 600 100 200",
            country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa",
          },
        },
        headers: { "Idempotency-Key": `dates-${Date.now()}-${Math.random()}` },
      });
      expect(res.status()).toBe(201);
      const placed = (await res.json()) as { status_url: string; order: { created_at: string; timeline: { at: string }[] } };
      await page.goto(placed.status_url);
      const time = page.locator(".order-timeline__step.is-current time");
      await expect(time).toHaveText(expected(locale, placed.order.timeline[0]!.at));
      await expect(page.locator(".order-head__date")).toContainText(expected(locale, placed.order.created_at));
      // The status page is one shell for every order, like the 404 page: its
      // language links keep the order (they led to /pl/status/ before).
      const hash = new URL(page.url()).pathname.split("/").pop()!;
      for (const l of ["en", "pl", "de"] as const) {
        await expect(page.locator(`.lang-switch a[hreflang=${l}]`).first()).toHaveAttribute("href", `${PREFIX[l]}/status/${hash}`);
      }
    });
  }
});

/** Opens the language switch that is shown (the menu on a phone) and follows the link to locale. */
async function switchTo(page: Page, locale: Locale) {
  const bar = page.locator(".lang-switch--bar");
  if (!(await bar.isVisible())) await page.locator(".menu-toggle__button").click();
  const link = page.locator(".lang-switch:visible a[hreflang=" + locale + "]");
  const before = new URL(page.url()).pathname;
  await Promise.all([page.waitForURL((u) => u.pathname !== before), link.click()]);
}

test.describe("404 language switch", () => {
  for (const [from, path, to, want] of [
    ["en", "/no-such-page", "pl", "/pl/no-such-page"],
    ["pl", "/pl/shop/nope", "en", "/shop/nope"],
    ["de", "/de/blog/gibt-es-nicht", "pl", "/pl/blog/gibt-es-nicht"],
  ] as const) {
    test(`${path} switched to ${to} is ${want}, itself a 404 in that language`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", from);
      await switchTo(page, to);
      expect(new URL(page.url()).pathname).toBe(want);
      await expect(page.locator("html")).toHaveAttribute("lang", to);
      await expect(page.locator(`.lang-switch a[hreflang=${from}]`).first()).toHaveAttribute("href", PREFIX[from] + want.slice(PREFIX[to].length));
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the links lead to the other languages' homes", async ({ page }) => {
      await page.goto("/no-such-page");
      for (const l of ["en", "pl", "de"] as const) {
        await expect(page.locator(`.lang-switch--bar a[hreflang=${l}]`)).toHaveAttribute("href", PREFIX[l] + "/");
      }
    });
  });
});
