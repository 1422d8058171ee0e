// Site-wide UI islands on the real build: the cookie banner with Google
// Consent Mode v2 and the tag manager, toasts, the footer's notify-me form
// and the contact form against the real daemon (its e-mails land as .eml
// files in the test run's data directory) and against mocked failures.
import { BOTH_WIDTHS, expect, type Page, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { watchConsole as watchShared } from "./console";
import { mailTo } from "./mail";
import { afterFrames, afterIdle, hydratedIsland } from "./shop";
import { consentCommands, DENIED, GRANTED, withTagManagerId } from "./consent";

// page.route() does not see requests a service worker answers: keep it out.
test.use({ serviceWorkers: "block" });

const CONSENT_KEY = "saber-shop.cookie-consent";
const HIDDEN_KEY = "saber-shop.cookie-consent.hidden";

function watchConsole(page: Page): string[] {
  return watchShared(page, (msg) =>
    // Chromium logs every non-2xx fetch; the API's 501 and 422 are expected.
    (msg.text().startsWith("Failed to load resource") && new URL(msg.location().url, "http://x").pathname.startsWith("/v1/")),
  );
}

const banner = (page: Page) => page.getByRole("region", { name: /cookie/i });
/** The banner is server-rendered; the site-wide script marks its host once it has decided. */
const consentDecided = (page: Page) => page.locator("saber-consent[state]");
const hydrated = hydratedIsland;
/** Idle islands wait for an idle main thread: on a busy page that takes seconds. */
// The footer signup hydrates when it comes into view (it is below the fold
// on every page): bring it there, then wait for it.
async function notifyReady(page: Page) {
  await page.locator(".notify-form").scrollIntoViewIfNeeded();
  await expect(hydrated(page, "NotifyMe")).toBeAttached();
}

test.describe("cookie banner", () => {
  test("shows on the first visit; Decline is kept (e2e/consent.spec.ts for how long)", async ({ page, browser, baseURL }) => {
    const problems = watchConsole(page);
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept" })).toBeVisible();
    // Consent Mode v2 defaults are in the data layer before anything else.
    expect(await consentCommands(page)).toEqual([["consent", "default", { ...DENIED, wait_for_update: 500 }]]);

    // Keyboard: the banner's controls are reachable with Tab.
    await banner(page).getByRole("button", { name: "Decline" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);

    await page.goto("/shop");
    await expect(consentDecided(page)).toHaveAttribute("state", "declined");
    await expect(banner(page)).toHaveCount(0);
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY))!)).toMatchObject({ choice: "declined" });
    expect(await consentCommands(page)).toHaveLength(1); // defaults only, no update

    // Another browser (context) asks.
    const other = await browser.newContext({ baseURL });
    const again = await other.newPage();
    await again.goto("/shop");
    await expect(banner(again)).toBeVisible();
    await other.close();
    expect(problems).toEqual([]);
  });

  test("Learn more opens the privacy page in the locale and hides the banner for the session", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/pl/");
    const region = page.getByRole("region", { name: "Zgoda na pliki cookie" });
    await expect(region).toBeVisible();
    await region.getByRole("link", { name: "Dowiedz się więcej" }).click();
    await expect(page).toHaveURL(/\/pl\/legal-privacy$/);
    await expect(consentDecided(page)).toHaveAttribute("state", "hidden");
    await expect(region).toHaveCount(0);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), HIDDEN_KEY)).toBe("1");
    expect(problems).toEqual([]);
  });

  test("Accept persists, grants consent, and with no tag manager id loads no script", async ({ page }) => {
    const problems = watchConsole(page);
    const gtm: string[] = [];
    page.on("request", (r) => r.url().includes("googletagmanager") && gtm.push(r.url()));
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY))!)).toMatchObject({ choice: "accepted" });
    expect(await consentCommands(page)).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", GRANTED],
    ]);

    // The next page load: no banner, consent granted straight away.
    await page.reload();
    await expect(consentDecided(page)).toHaveAttribute("state", "accepted");
    await expect.poll(() => consentCommands(page)).toHaveLength(2);
    await expect(banner(page)).toHaveCount(0);
    // The real config has tag_manager_id = "": never a tag manager script.
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
    expect(gtm).toEqual([]);

    // Events still reach the data layer.
    await page.evaluate(() => window.dataLayer!.push({ event: "probe" }));
    expect(await page.evaluate(() => window.dataLayer!.some((e) => (e as { event?: string }).event === "probe"))).toBe(true);
    expect(problems).toEqual([]);
  });

  test("a configured tag manager loads after Accept, not before, and directly on later visits", async ({ page }) => {
    const problems = watchConsole(page);
    const gtm = await withTagManagerId(page, "GTM-TEST");
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await afterIdle(page);
    expect(gtm, "nothing loads before consent").toEqual([]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);

    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => gtm).toEqual(["https://www.googletagmanager.com/gtm.js?id=GTM-TEST"]);
    await expect(page.locator('head script[src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST"]')).toHaveCount(1);
    const layer = await page.evaluate(() =>
      (window.dataLayer ?? []).map((e) => ((e as IArguments)[0] === "consent" ? `consent ${(e as IArguments)[1]}` : (e as { event?: string }).event)),
    );
    expect(layer).toEqual(["consent default", "consent update", "gtm.js"]);

    // Later page loads: the flag is cleared, tracking loads without a click.
    await page.goto("/faq");
    await expect.poll(() => gtm.length).toBe(2);
    await expect(banner(page)).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("server-rendered hidden: never shown without JavaScript, and shown without React", async ({ browser, baseURL, page }) => {
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/shop/arc");
    await expect(plain.locator("saber-consent .cookie-banner")).toBeAttached();
    await expect(banner(plain)).toHaveCount(0);
    await noScript.close();

    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    await page.goto("/shop/arc");
    await expect(banner(page)).toBeVisible();
    await expect(consentDecided(page)).toHaveAttribute("state", "show");
    expect(scripts.filter((s) => /\/(runtime|CookieBanner)-/.test(s)), "no React for the banner").toEqual([]);
  });

  test("Accept in another tab hides the banner here and grants consent", async ({ page, context }) => {
    const problems = watchConsole(page);
    await page.goto("/faq");
    await expect(banner(page)).toBeVisible();
    const other = await context.newPage();
    await other.goto("/gallery");
    await banner(other).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(consentDecided(page)).toHaveAttribute("state", "accepted");
    await expect.poll(() => consentCommands(page)).toEqual([
      ["consent", "default", { ...DENIED, wait_for_update: 500 }],
      ["consent", "update", GRANTED],
    ]);
    // consent.ts took over from the inline head script: the banner's own
    // hidden attribute says, nothing else keeps it open.
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-consent"))).toBe(false);
    expect(problems).toEqual([]);
  });

  test("the inline head script decides before the first paint, with the site-wide module never run", async ({ page }) => {
    // Without the module, only consent-boot.ts (inlined in <head>) can show
    // the banner: what it decides is what the first paint has.
    await page.route(/\/assets\/sitewide-[^/]+\.js$/, (r) => r.abort());
    const day = 24 * 3600 * 1000;
    const record = (choice: string, daysAgo: number, version = "1") => JSON.stringify({ choice, at: Date.now() - daysAgo * day, version });
    const cases: [string, string | null, string | null, boolean][] = [
      ["nothing stored", null, null, true],
      ["declined last month", record("declined", 30), null, false],
      ["accepted last week", record("accepted", 7), null, false],
      ["a choice for another consent_version", record("declined", 30, "0"), null, true],
      ["a choice older than consent_months (6)", record("declined", 200), null, true],
      ["not one of ours", "false", null, true],
      ["Learn more earlier in this session", null, "1", false],
    ];
    await page.goto("/faq");
    for (const [name, stored, hidden, shown] of cases) {
      await page.evaluate(({ k, v, hk, h }) => {
        localStorage.clear();
        sessionStorage.clear();
        if (v !== null) localStorage.setItem(k, v);
        if (h !== null) sessionStorage.setItem(hk, h);
      }, { k: CONSENT_KEY, v: stored, hk: HIDDEN_KEY, h: hidden });
      await page.goto("/contact");
      const el = page.locator(".cookie-banner");
      if (shown) await expect(el, name).toBeVisible();
      else await expect(el, name).toBeHidden();
      expect(await consentDecided(page).count(), `${name}: consent.ts never ran`).toBe(0);
    }
  });

  test("appears on a first visit without moving anything (no layout shift)", BOTH_WIDTHS, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
          const where = (e.sources ?? []).map((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)?.outerHTML.slice(0, 60));
          w.shifts.push(`${e.value.toFixed(4)} ${where.join(" | ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const path of ["/contact", "/pl/faq", "/de/shop/count"]) {
      await page.goto(path);
      await expect(consentDecided(page)).toHaveAttribute("state", "show");
      await expect(banner(page)).toBeVisible();
      await afterIdle(page);
      expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), path).toEqual([]);
    }
  });

  test("while shown, the banner leaves the end of the page reachable", BOTH_WIDTHS, async ({ page }) => {
    await page.goto("/contact");
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await afterFrames(page);
    const last = await page.locator(".site-footer__disclaimer").boundingBox();
    const top = await banner(page).boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(top!.y + 1);
  });
});

test.describe("forms", () => {
  // The banner is tested above; here it would only be in the way.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((k) => sessionStorage.setItem(k, "1"), HIDDEN_KEY);
  });

  test("the server-rendered forms post without JavaScript", async ({ request }) => {
    const html = await (await request.get("/contact")).text();
    expect(html).toContain('<form class="contact-form" action="/v1/contact" method="post">');
    expect(html).toContain('<form class="notify-form" action="/v1/subscribers" method="post">');
    expect(html).toMatch(/<input type="hidden" name="locale" value="en"\/>/);
  });

  test("notify me: a server failure shows the translated error and keeps the address", async ({ page }) => {
    const problems = watchConsole(page);
    await page.route("**/v1/subscribers", (r) =>
      r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "internal", message: "x" }) }),
    );
    for (const [prefix, error] of [
      ["", "Could not save your e-mail. Please try again later."],
      ["/pl", "Nie udało się zapisać adresu e-mail. Spróbuj ponownie później."],
    ] as const) {
      await page.goto(`${prefix}/`);
      await notifyReady(page);
      const form = page.locator(".notify-form");
      const email = form.locator('input[type="email"]');
      await expect(email).toHaveAttribute("autocomplete", "email");
      await email.fill("ala@example.com");
      const posted = page.waitForRequest("**/v1/subscribers");
      await form.getByRole("button").click();
      expect((await posted).postDataJSON()).toEqual({ email: "ala@example.com", locale: prefix ? "pl" : "en" });
      await expect(form.getByRole("alert")).toHaveText(error);
      await expect(email).toHaveValue("ala@example.com");
      await expect(form.getByRole("button")).toBeEnabled();
      await expect(email).toHaveAttribute("aria-describedby", (await form.getByRole("alert").getAttribute("id"))!);
    }
    expect(problems).toEqual([]);
  });

  test("notify me: a 422 shows the field's message next to the field", async ({ page }) => {
    const problems = watchConsole(page);
    await page.route("**/v1/subscribers", (r) =>
      r.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ errors: { email: "This address cannot receive e-mail." } }) }),
    );
    await page.goto("/");
    await notifyReady(page);
    const form = page.locator(".notify-form");
    await form.locator('input[type="email"]').fill("nobody@example.invalid");
    await form.getByRole("button").click();
    await expect(form.getByRole("alert")).toHaveText("This address cannot receive e-mail.");
    await expect(form.locator('input[type="email"]')).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator('input[type="email"]')).toHaveValue("nobody@example.invalid");
    expect(problems).toEqual([]);
  });

  test("notify me: while the request is under way the button is disabled and says so", async ({ page }) => {
    const problems = watchConsole(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/v1/subscribers", async (r) => {
      await held;
      await r.fulfill({ status: 201, contentType: "application/json", body: "{}" });
    });
    await page.goto("/pl/faq");
    await notifyReady(page);
    const form = page.locator(".notify-form");
    await form.locator('input[type="email"]').fill("ala@example.com");
    await form.getByRole("button").click();
    await expect(form.getByRole("button")).toBeDisabled();
    await expect(form.getByRole("button")).toHaveText("Wysyłanie…");
    await expect(form).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.locator(".site-footer__notify").getByText("Adres e-mail zapisany")).toBeVisible();
    expect(problems).toEqual([]);
  });

  for (const [prefix, saved] of [
    ["", "E-mail saved"],
    ["/pl", "Adres e-mail zapisany"],
    ["/de", "E-Mail gespeichert"],
  ] as const) {
    test(`notify me: saved, with a toast for about 3 s (${prefix || "/"})`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.route("**/v1/subscribers", (r) => r.fulfill({ status: 201, contentType: "application/json", body: "{}" }));
      await page.goto(`${prefix}/`);
      await notifyReady(page);
      await expect(hydrated(page, "Toasts")).toBeAttached();
      const footer = page.locator(".site-footer__notify");
      await footer.locator('input[type="email"]').fill("ala@example.com");
      await page.evaluate(() => {
        const w = window as unknown as { __toast: { added?: number; removed?: number } };
        w.__toast = {};
        new MutationObserver((records) => {
          for (const r of records) {
            if (r.addedNodes.length) w.__toast.added ??= performance.now();
            if (r.removedNodes.length) w.__toast.removed ??= performance.now();
          }
        }).observe(document.querySelector(".toasts")!, { childList: true });
      });
      const start = Date.now();
      await footer.getByRole("button").click();
      await expect(footer.getByText(saved)).toBeVisible();
      expect(Date.now() - start, "pending is shown at least 200 ms").toBeGreaterThanOrEqual(200);

      const toast = page.locator(".toasts").getByText(saved);
      await expect(page.locator(".toasts")).toHaveAttribute("role", "status");
      await expect(page.locator(".toasts")).toHaveAttribute("aria-live", "polite");
      await expect(toast).toBeVisible();
      await expect(toast).toHaveCount(0);
      // Measured in the page (observer above), not by this runner, which a busy machine delays.
      const lasted = await page.evaluate(() => {
        const w = window as unknown as { __toast: { added?: number; removed?: number } };
        return w.__toast.removed! - w.__toast.added!;
      });
      expect(lasted).toBeGreaterThanOrEqual(2900);
      expect(lasted).toBeLessThan(4000);
      expect(problems).toEqual([]);
    });
  }

  test("toasts hydrate with the first other island and show a toast raised before they did", async ({ page }) => {
    const problems = watchConsole(page);
    await page.route("**/v1/subscribers", (r) => r.fulfill({ status: 201, contentType: "application/json", body: "{}" }));
    // The toast list's chunk is held until the signup has raised its toast.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/Toasts-*.js", async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto("/faq");
    await afterIdle(page);
    // Nothing on this page needs React until the footer signup shows.
    await expect(page.locator("saber-island[hydrated]")).toHaveCount(0);
    await expect(page.locator("saber-island[component-url*='/Toasts-'] .toasts")).toBeAttached();

    await notifyReady(page);
    const footer = page.locator(".site-footer__notify");
    await footer.locator('input[type="email"]').fill("ala@example.com");
    await footer.getByRole("button").click();
    await expect(footer.getByText("E-mail saved")).toBeVisible();
    await expect(hydrated(page, "Toasts")).toHaveCount(0);
    release();
    await expect(hydrated(page, "Toasts")).toBeAttached();
    await expect(page.locator(".toasts").getByText("E-mail saved")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("contact form: a server failure keeps what was typed and shows the translated error", async ({ page }) => {
    const problems = watchConsole(page);
    await page.route("**/v1/contact", (r) => r.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
    await page.goto("/de/contact");
    await expect(hydrated(page, "ContactForm")).toBeAttached();
    const form = page.locator(".contact-form");
    await form.getByLabel("Deine E-Mail-Adresse").fill("max@example.com");
    await form.getByLabel("Deine Nachricht").fill("Hallo! Gibt es das Arc-Heft in Blau?");
    await form.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Deine Nachricht konnte nicht gesendet werden. Bitte versuche es später noch einmal oder schreib uns eine E-Mail.",
    );
    await expect(form.getByLabel("Deine E-Mail-Adresse")).toHaveValue("max@example.com");
    await expect(form.getByLabel("Deine Nachricht")).toHaveValue("Hallo! Gibt es das Arc-Heft in Blau?");
    expect(problems).toEqual([]);
  });

  for (const [prefix, sent] of [
    ["", "Message sent"],
    ["/pl", "Wiadomość wysłana"],
  ] as const) {
    test(`contact form: sent (${prefix || "/"})`, async ({ page }) => {
      const problems = watchConsole(page);
      const bodies: unknown[] = [];
      await page.route("**/v1/contact", (r) => {
        bodies.push(r.request().postDataJSON());
        return r.fulfill({ status: 201, contentType: "application/json", body: "{}" });
      });
      await page.goto(`${prefix}/contact`);
      await expect(hydrated(page, "ContactForm")).toBeAttached();
      const form = page.locator(".contact-form");
      await form.locator('input[type="email"]').fill("ala@example.com");
      await form.locator("textarea").fill("Hello there");
      await form.getByRole("button").click();
      const done = page.locator(".contact__message").getByText(sent);
      await expect(done).toBeVisible();
      await expect(page.locator(".toasts").getByText(sent)).toBeVisible();
      expect(bodies).toEqual([{ email: "ala@example.com", message: "Hello there", locale: prefix ? "pl" : "en" }]);
      expect(problems).toEqual([]);
    });
  }
});

test("axe: banner, form error and toast states have no serious violations", BOTH_WIDTHS, async ({ page }) => {
  await page.route("**/v1/subscribers", (r) => r.fulfill({ status: 201, contentType: "application/json", body: "{}" }));
  await page.route("**/v1/contact", (r) => r.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
  await page.goto("/pl/contact");
  await expect(banner(page)).toBeVisible();
  await expect(hydrated(page, "ContactForm")).toBeAttached();
  await notifyReady(page);
  const form = page.locator(".contact-form");
  await form.locator('input[type="email"]').fill("ala@example.com");
  await form.locator("textarea").fill("Dzień dobry");
  await form.getByRole("button").click();
  await expect(form.getByRole("alert")).toBeVisible();
  await page.locator(".notify-form input[type=email]").fill("ala@example.com");
  await page.locator(".notify-form button").click();
  await expect(page.locator(".toast")).toBeVisible();
  // (the scan waits for the toast's entry animation to end)
  await expectNoSeriousViolations(page);
});

test.describe("forms against the real daemon", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((k) => sessionStorage.setItem(k, "1"), HIDDEN_KEY);
  });

  test("notify me: double opt-in e-mail in the shopper's language, and its link confirms", async ({ page }, info) => {
    const problems = watchConsole(page);
    const address = `fan-${info.project.name}-${Date.now()}@example.com`;
    await page.goto("/de/faq");
    await notifyReady(page);
    const form = page.locator(".notify-form");
    await form.locator('input[type="email"]').fill(address);
    await form.getByRole("button").click();
    await expect(page.locator(".site-footer__notify").getByText("E-Mail gespeichert")).toBeVisible();
    const mail = await mailTo(address);
    expect(mail).toMatch(/^Subject:\s+=\?UTF-8\?/m);
    const link = mail.match(/http:\/\/[^\s"<>]+\/v1\/subscribers\/confirm\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, "confirmation link in the e-mail").toBeTruthy();
    const res = await page.goto(link!);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-Mail bestätigt");
    expect(problems).toEqual([]);
  });

  test("contact form: the message reaches the owner with Reply-To the sender", async ({ page }, info) => {
    const problems = watchConsole(page);
    const address = `writer-${info.project.name}-${Date.now()}@example.com`;
    await page.goto("/pl/contact");
    await expect(hydrated(page, "ContactForm")).toBeAttached();
    const form = page.locator(".contact-form");
    await form.locator('input[type="email"]').fill(address);
    await form.locator("textarea").fill("Czy Talon będzie w wersji z kryształem? <b>pilne</b>");
    await form.getByRole("button").click();
    await expect(page.locator(".contact__message").getByText("Wiadomość wysłana")).toBeVisible();
    const mail = await mailTo("hello@saberforge.example", address);
    expect(mail).toMatch(new RegExp(`^Reply-To: .*${address.replace(/[.+]/g, "\\$&")}`, "m"));
    expect(mail).toContain("&lt;b&gt;pilne&lt;/b&gt;");
    expect(problems).toEqual([]);
  });

  test("a 422 from the daemon shows its translated message next to the field", async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto("/pl/");
    await notifyReady(page);
    const form = page.locator(".notify-form");
    // Passes the browser's own check (type=email) but not the daemon's.
    await form.locator('input[type="email"]').fill("ala@localhost");
    await form.getByRole("button").click();
    await expect(form.getByRole("alert")).toHaveText("Podaj poprawny adres e-mail.");
    await expect(form.locator('input[type="email"]')).toHaveValue("ala@localhost");
    expect(problems.filter((p) => !p.includes("422"))).toEqual([]);
  });
});
