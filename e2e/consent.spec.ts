// Cookie consent (docs/legal.md#cookies-and-consent): every path
// of the banner with a tag manager container served as the real one would
// be (its requests answered and counted here): Accept, Decline, withdrawal
// from the "Cookie settings" link (denied update, cookies removed, no tag
// request afterwards), a lapsed choice and a new consent version asking
// again; the link on every page, in every language, reachable by keyboard,
// without layout shift; axe on the reopened banner.
import { BOTH_WIDTHS, expect, type BrowserContext, type Page, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { consentCommands, DENIED, GRANTED, withTagManagerId } from "./consent";
import { afterIdle, CONSENT_KEY, CONSENT_MONTHS, CONSENT_VERSION, consentRecord, LOCALES, path, type Locale } from "./shop";

// page.route() does not see requests a service worker answers: keep it out.
test.use({ serviceWorkers: "block" });

const GTM = "https://www.googletagmanager.com/gtm.js?id=GTM-TEST";
const banner = (page: Page) => page.getByRole("region", { name: /cookie/i });
const host = (page: Page) => page.locator("saber-consent[state]");
const LINK: Record<Locale, string> = { en: "Cookie settings", pl: "Ustawienia plików cookie", de: "Cookie-Einstellungen" };
const footerLink = (page: Page, locale: Locale = "en") => page.locator(".site-footer").getByRole("link", { name: LINK[locale] });

/** The stored choice as the page sees it. */
async function stored(page: Page): Promise<{ choice: string; at: number; version: string } | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** Stores a choice before every page of the test (as an earlier visit would have). */
async function storeBefore(page: Page, value: string) {
  await page.addInitScript(({ key, value }) => localStorage.getItem(key) ?? localStorage.setItem(key, value), { key: CONSENT_KEY, value });
}

/**
 * Records every consent command pushed to the data layer in sessionStorage,
 * so the commands of a page that reloaded itself can still be read.
 */
async function logConsentAcrossPages(page: Page) {
  await page.addInitScript(() => {
    const layer = (window.dataLayer = window.dataLayer ?? []);
    const push = layer.push.bind(layer);
    layer.push = (...items) => {
      for (const e of items) {
        if ((e as IArguments)[0] !== "consent") continue;
        const log = JSON.parse(sessionStorage.getItem("consent-log") ?? "[]") as unknown[];
        log.push(Array.from(e as IArguments));
        sessionStorage.setItem("consent-log", JSON.stringify(log));
      }
      return push(...items);
    };
  });
}

const consentLog = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("consent-log") ?? "[]") as unknown[][]);

/** The cookies Google's tags set on a site, on its host and its parent domain, and one of the shop's own. */
async function addTrackingCookies(context: BrowserContext, hostname: string, parent: string) {
  const c = (name: string, domain: string) => ({ name, value: "GA1.1.123.456", domain, path: "/" });
  await context.addCookies([
    c("_ga", parent),
    c("_ga_ABC123", parent),
    c("_gid", parent),
    c("_gcl_au", parent),
    c("_ga", hostname),
    c("_gid", hostname),
    c("session-pref", hostname),
  ]);
}

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => `${c.name}@${c.domain}`).sort();

test("Accept: the consent update is granted, the tag manager is requested, the choice is stored with its time and version", async ({ page }) => {
  const gtm = await withTagManagerId(page, "GTM-TEST");
  await page.goto("/faq");
  await expect(banner(page)).toBeVisible();
  await afterIdle(page);
  expect(gtm, "no tag request before a choice").toEqual([]);
  const before = Date.now();
  await banner(page).getByRole("button", { name: "Accept" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCommands(page)).toEqual([
    ["consent", "default", { ...DENIED, wait_for_update: 500 }],
    ["consent", "update", GRANTED],
  ]);
  await expect.poll(() => gtm).toEqual([GTM]);
  const r = await stored(page);
  expect(r).toMatchObject({ choice: "accepted", version: CONSENT_VERSION });
  expect(r!.at).toBeGreaterThanOrEqual(before);
  expect(r!.at).toBeLessThanOrEqual(Date.now());
});

test("Decline: no tag request on this page and the next, and the choice is kept", async ({ page }) => {
  const gtm = await withTagManagerId(page, "GTM-TEST");
  await page.goto("/faq");
  await banner(page).getByRole("button", { name: "Decline" }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(host(page)).toHaveAttribute("state", "declined");
  expect(await stored(page)).toMatchObject({ choice: "declined", version: CONSENT_VERSION });
  await afterIdle(page);

  await page.goto("/gallery");
  await expect(host(page)).toHaveAttribute("state", "declined");
  await expect(banner(page)).toHaveCount(0);
  await afterIdle(page);
  expect(await consentCommands(page)).toEqual([["consent", "default", { ...DENIED, wait_for_update: 500 }]]);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(gtm).toEqual([]);
});

test.describe("withdrawal from Cookie settings", BOTH_WIDTHS, () => {
  test("Accept, then Decline from the reopened banner: denied update, cookies removed on the host and parent domain, no tag request afterwards", async ({ page, context, baseURL }) => {
    // A host under a parent domain, as a real shop is (www.shop.example):
    // Google's cookies sit on the parent domain. *.localhost is the loopback.
    const site = new URL(baseURL!);
    site.hostname = "www.shop.localhost";
    const gtm = await withTagManagerId(page, "GTM-TEST");
    await logConsentAcrossPages(page);
    await storeBefore(page, consentRecord("accepted"));
    await page.goto(new URL("/faq", site).href);
    await expect(host(page)).toHaveAttribute("state", "accepted");
    await expect.poll(() => gtm).toEqual([GTM]);
    await addTrackingCookies(context, "www.shop.localhost", ".shop.localhost");
    expect(await cookieNames(context)).toContain("_ga_ABC123@.shop.localhost");

    // The footer's link, by keyboard: the banner opens, takes the focus and
    // says what was chosen.
    const link = footerLink(page);
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await expect(banner(page)).toContainText("Your choice: cookies accepted.");
    expect(page.url(), "the link opens the banner in place").toBe(new URL("/faq", site).href);
    await expectNoSeriousViolations(page, { include: ".cookie-banner", what: "reopened banner" });

    const reloaded = page.waitForEvent("load");
    await banner(page).getByRole("button", { name: "Decline" }).click();
    // The tag manager ran on this page: it reloads, so that nothing of it is left.
    await reloaded;
    await expect(host(page)).toHaveAttribute("state", "declined");
    await expect(banner(page)).toHaveCount(0);
    expect(await consentLog(page)).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", GRANTED],
      ["consent", "update", DENIED],
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
    ]);
    expect(await cookieNames(context)).toEqual(["session-pref@www.shop.localhost"]);
    expect(await stored(page)).toMatchObject({ choice: "declined" });

    await page.goto(new URL("/gallery", site).href);
    await expect(host(page)).toHaveAttribute("state", "declined");
    await afterIdle(page);
    expect(gtm, "one tag request, before the withdrawal").toEqual([GTM]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });

  test("Escape closes the reopened banner and gives the focus back to the link; Accept from it grants again", async ({ page, isMobile }) => {
    await storeBefore(page, consentRecord("declined"));
    // Product pages hide the footer on phones: the menu has the link there.
    await page.goto("/shop/arc");
    await expect(host(page)).toHaveAttribute("state", "declined");
    const link = isMobile ? page.locator(".menu-toggle__panel").getByRole("link", { name: LINK.en }) : footerLink(page);
    const open = async () => {
      if (isMobile) {
        await expect(footerLink(page)).toBeHidden();
        await page.getByText("Menu", { exact: true }).click();
      }
      await link.click();
    };
    await open();
    await expect(banner(page)).toBeFocused();
    await expect(banner(page)).toContainText("Your choice: cookies declined.");
    await expect(page.locator(".menu-toggle[open]"), "the menu closes").toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(banner(page)).toHaveCount(0);
    if (!isMobile) await expect(link).toBeFocused();

    await open();
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(host(page)).toHaveAttribute("state", "accepted");
    expect(await consentCommands(page)).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", GRANTED],
    ]);
  });
});

test("a withdrawal in another tab stops the tag manager here too", async ({ page, context }) => {
  const gtm = await withTagManagerId(page, "GTM-TEST");
  await logConsentAcrossPages(page);
  await storeBefore(page, consentRecord("accepted"));
  await page.goto("/faq");
  await expect.poll(() => gtm).toEqual([GTM]);

  const other = await context.newPage();
  await withTagManagerId(other, "GTM-TEST");
  await other.goto("/gallery");
  await expect(host(other)).toHaveAttribute("state", "accepted");
  const reloadedHere = page.waitForEvent("load");
  await footerLink(other).click();
  await banner(other).getByRole("button", { name: "Decline" }).click();
  await reloadedHere;
  await expect(host(page)).toHaveAttribute("state", "declined");
  expect(await consentLog(page)).toContainEqual(["consent", "update", DENIED]);
  await afterIdle(page);
  expect(gtm).toEqual([GTM]);
});

test("a choice older than consent_months asks again; a younger one holds", async ({ page, context }) => {
  const gtm = await withTagManagerId(page, "GTM-TEST");
  const monthsAgo = (n: number, days = 0) => {
    const d = new Date();
    d.setMonth(d.getMonth() - n);
    d.setDate(d.getDate() - days);
    return d.getTime();
  };
  await storeBefore(page, consentRecord("accepted", monthsAgo(CONSENT_MONTHS, -1)));
  await page.goto("/faq");
  await expect(host(page)).toHaveAttribute("state", "accepted");
  await expect.poll(() => gtm).toHaveLength(1);

  // The stored time set back past the period: the banner asks, nothing loads,
  // and the tag manager's cookies from back then go.
  for (const choice of ["accepted", "declined"] as const) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), { key: CONSENT_KEY, value: consentRecord(choice, monthsAgo(CONSENT_MONTHS, 1)) });
    await addTrackingCookies(context, "127.0.0.1", "127.0.0.1");
    expect(await cookieNames(context)).toContain("_gcl_au@127.0.0.1");
    await page.goto("/gallery");
    await expect(host(page)).toHaveAttribute("state", "show");
    await expect(banner(page)).toBeVisible();
    expect(await consentCommands(page)).toEqual([["consent", "default", { ...DENIED, wait_for_update: 500 }]]);
    expect(await cookieNames(context)).toEqual(["session-pref@127.0.0.1"]);
  }
  await afterIdle(page);
  expect(gtm).toHaveLength(1);
});

test("a choice for another consent version asks again", async ({ page }) => {
  const gtm = await withTagManagerId(page, "GTM-TEST");
  await storeBefore(page, consentRecord("accepted", Date.now(), `${CONSENT_VERSION}-old`));
  await page.goto("/faq");
  await expect(host(page)).toHaveAttribute("state", "show");
  await expect(banner(page)).toBeVisible();
  await afterIdle(page);
  expect(gtm).toEqual([]);
  // The old format ("false" after Accept, no time, no version) asks again too.
  await page.evaluate((k) => localStorage.setItem(k, "false"), CONSENT_KEY);
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test("every page has the Cookie settings link, in its language, server-rendered", async ({ request }) => {
  const pages: string[] = [];
  for (const locale of LOCALES) {
    const xml = await (await request.get(`/sitemap-${locale}.xml`)).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) pages.push(new URL(loc!).pathname);
  }
  // Pages outside the sitemap: the 404 page, the basket and the status shell.
  pages.push("/no-such-page", "/basket", "/pl/basket", "/de/basket");
  expect(pages.length).toBeGreaterThan(60);
  for (const p of pages) {
    const res = await request.get(p);
    const html = await res.text();
    const locale = (/<html lang="(\w+)"/.exec(html)?.[1] ?? "en") as Locale;
    expect(html, p).toContain(`data-consent="open">${LINK[locale]}</a>`);
  }
});

test("the privacy page names the Cookie settings link and how long the choice is kept, in every language", async ({ request }) => {
  const kept: Record<Locale, string> = { en: `${CONSENT_MONTHS} months`, pl: `${CONSENT_MONTHS} mies.`, de: `${CONSENT_MONTHS} Monate` };
  for (const locale of LOCALES) {
    const html = await (await request.get(path(locale, "/legal-privacy"))).text();
    expect(html, locale).toContain(`<strong>${LINK[locale]}</strong>`);
    expect(html, locale).toContain(kept[locale]);
  }
});

test("the link in Polish and German opens the banner in that language", async ({ page }) => {
  await storeBefore(page, consentRecord("accepted"));
  for (const [locale, text] of [["pl", "Twój wybór: pliki cookie zaakceptowane."], ["de", "Deine Wahl: Cookies akzeptiert."]] as const) {
    await page.goto(path(locale, "/faq"));
    await footerLink(page, locale).click();
    await expect(banner(page)).toContainText(text);
  }
});

test("the link causes no layout shift: the footer is laid out the same with and without scripts", BOTH_WIDTHS, async ({ page, browser, baseURL, viewport, isMobile }) => {
  await page.addInitScript(() => {
    (window as unknown as { shifts: string[] }).shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        for (const s of e.sources ?? []) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          if (el?.closest(".site-footer")) (window as unknown as { shifts: string[] }).shifts.push(el.outerHTML.slice(0, 80));
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await storeBefore(page, consentRecord("declined"));
  await page.goto("/faq");
  await expect(host(page)).toHaveAttribute("state", "declined");
  await footerLink(page).scrollIntoViewIfNeeded();
  await afterIdle(page);
  const box = await footerLink(page).boundingBox();
  expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual([]);

  const plain = await browser.newContext({ baseURL, viewport, isMobile, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto("/faq");
  await footerLink(noScript).scrollIntoViewIfNeeded();
  const plainBox = await footerLink(noScript).boundingBox();
  await plain.close();
  expect({ w: box!.width, h: box!.height, x: box!.x }).toEqual({ w: plainBox!.width, h: plainBox!.height, x: plainBox!.x });
});
