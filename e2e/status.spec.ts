// The order status page against the real daemon and its payment sandbox:
// the order as placed, discount codes, card (3-D Secure, success, decline,
// the form's own checks, keyboard only), bank transfer and PayPal, the paid
// order's invoice as a PDF download (pl), the currency mismatch, and
// axe-core, in every locale.
import { type APIRequestContext, bothWidthsIf, expect, type Page, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { money } from "./money";
import { DATA, PORT, RUN_DIR } from "./paths";
import { acceptCookies } from "./shop";

// The daemon's own links (the sandbox's return address, and the origin the
// card's encryption is bound to) use localhost: be on that origin.
test.use({ baseURL: `http://localhost:${PORT}` });

type Locale = "en" | "pl" | "de";

const TEXT = {
  en: {
    order: (n: number) => `Order #${n}`,
    payBy: "please pay by",
    placed: "Order placed",
    pending: "Payment pending",
    paid: "Paid",
    minimum: `Discount codes are available for orders from €235.00.`,
    declined: "Something went wrong. Check your credit card data.",
    threeDS: "Confirm with your card issuer",
    waitText: "The payment system will confirm your payment within a few minutes.",
    bank: "Bank transfer / BLIK",
    bankGo: "Continue to bank transfer / BLIK",
    paypalGo: "Continue to PayPal",
    couponLabel: "Discount code",
    apply: "Apply",
    discount: (code: string) => `Discount (${code})`,
    numberInvalid: "This card number is not valid. Check it and try again.",
    expiryPast: "This card has expired. Check the date or use another card.",
    cvcInvalid: "The CVC has 3 digits (4 on American Express).",
    nameRequired: "Enter the name as it appears on the card.",
    notFound: "Order not found",
    toShop: "Go to the shop",
    loadError: "We could not load your order. Check your connection and try again.",
    retry: "Try again",
    loading: "Loading your order…",
    mismatch: ["The currency set is incompatible with this order.", "To see the order status page, switch to the appropriate version of the site."],
  },
  pl: {
    order: (n: number) => `Zamówienie nr ${n}`,
    payBy: "zapłać do",
    placed: "Zamówienie złożone",
    pending: "Płatność w toku",
    paid: "Opłacone",
    minimum: `Kody rabatowe są dostępne dla zamówień od 1\u00a0000,00\u00a0zł.`,
    declined: "Coś poszło nie tak. Sprawdź dane swojej karty.",
    threeDS: "Potwierdź u wydawcy karty",
    waitText: "System płatności potwierdzi Twoją płatność w ciągu kilku minut.",
    bank: "Przelew / BLIK",
    bankGo: "Przejdź do przelewu / BLIK",
    paypalGo: "Przejdź do PayPal",
    couponLabel: "Kod rabatowy",
    apply: "Zastosuj",
    discount: (code: string) => `Rabat (${code})`,
    numberInvalid: "Ten numer karty jest nieprawidłowy. Sprawdź go i spróbuj ponownie.",
    expiryPast: "Ta karta straciła ważność. Sprawdź datę lub użyj innej karty.",
    cvcInvalid: "Kod CVC ma 3 cyfry (4 na karcie American Express).",
    nameRequired: "Wpisz imię i nazwisko tak, jak na karcie.",
    notFound: "Nie znaleziono zamówienia",
    toShop: "Przejdź do sklepu",
    loadError: "Nie udało się wczytać zamówienia. Sprawdź połączenie i spróbuj ponownie.",
    retry: "Spróbuj ponownie",
    loading: "Wczytujemy Twoje zamówienie…",
    mismatch: ["Ustawiona waluta jest niezgodna z tym zamówieniem.", "Aby zobaczyć stronę statusu zamówienia, przełącz się na odpowiednią wersję strony."],
  },
  de: {
    order: (n: number) => `Bestellung Nr. ${n}`,
    payBy: "Bitte bezahle bis zum",
    placed: "Bestellung aufgegeben",
    pending: "Zahlung läuft",
    paid: "Bezahlt",
    minimum: `Rabattcodes gibt es für Bestellungen ab 235,00\u00a0€.`,
    declined: "Etwas ist schiefgelaufen. Bitte prüfe deine Kreditkartendaten.",
    threeDS: "Bei deiner Bank bestätigen",
    waitText: "Das Zahlungssystem bestätigt deine Zahlung in den nächsten Minuten.",
    bank: "Überweisung / BLIK",
    bankGo: "Weiter zu Überweisung / BLIK",
    paypalGo: "Weiter zu PayPal",
    couponLabel: "Rabattcode",
    apply: "Einlösen",
    discount: (code: string) => `Rabatt (${code})`,
    numberInvalid: "Diese Kartennummer ist ungültig. Prüfe sie und versuche es erneut.",
    expiryPast: "Diese Karte ist abgelaufen. Prüfe das Datum oder nimm eine andere Karte.",
    cvcInvalid: "Der CVC hat 3 Ziffern (4 bei American Express).",
    nameRequired: "Gib den Namen so ein, wie er auf der Karte steht.",
    notFound: "Bestellung nicht gefunden",
    toShop: "Zum Shop",
    loadError: "Deine Bestellung konnte nicht geladen werden. Prüfe deine Verbindung und versuche es erneut.",
    retry: "Erneut versuchen",
    loading: "Deine Bestellung wird geladen …",
    mismatch: ["Die eingestellte Währung passt nicht zu dieser Bestellung.", "Um die Statusseite der Bestellung zu sehen, wechsle zur passenden Version der Website."],
  },
} as const;

const PREFIX: Record<Locale, string> = { en: "", pl: "/pl", de: "/de" };

/** Above both minimums (€235 / 1000 zł) and below them. */
const BIG = [{ product: "arc", variant: "crystal", quantity: 1 }, { product: "belt-clip", quantity: 1 }];
const SMALL = [{ product: "belt-clip", quantity: 1 }];

/** The sandbox confirms SANDBOX_DELAY (e2e/paths.ts) after a payment starts; the page polls every 2.5 s. Slack for a busy machine. */
const PAID_WITHIN = 20_000;

const CARDS = { success: "4242 4242 4242 4242", threeDS: "4000 0027 6000 3184", declined: "4000 0000 0000 0002" };

interface Placed {
  hash: string;
  status_url: string;
  order: { id: number; currency: string; totals: { total: number; subtotal: number }; lines: { name: string }[] };
}

async function placeOrder(request: APIRequestContext, locale: Locale, items: object[] = BIG): Promise<Placed> {
  const quote = await request.post("/v1/quote", { data: { locale, country: "pl", code: "", items } });
  expect(quote.status()).toBe(200);
  const { totals } = (await quote.json()) as { totals: { total: number } };
  const res = await request.post("/v1/orders", {
    data: {
      locale,
      terms_accepted: true,
      expected_total: totals.total,
      code: "",
      customer: {
        first_name: "Anna", last_name: "Nowak", email: `status-${locale}@example.com`, phone: "+48 600 100 200",
        country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa",
      },
      items,
    },
    headers: { "Idempotency-Key": `status-${Date.now()}-${Math.random()}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Placed;
}

/** A discount code, made with the owner's command (the run's daemon binary) over the daemon's socket. */
function addCoupon(percent: number): string {
  const code = `ST${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
  execFileSync(join(RUN_DIR, "orderd"), ["-data", DATA, "coupons", "add", code, "--percent", String(percent)], { stdio: "pipe" });
  return code;
}

const status = (page: Page) => page.locator(".order-head .status-badge");
const cardField = (page: Page, ac: string) => page.locator(`.card-form input[autocomplete="${ac}"]`);

async function fillCard(page: Page, number: string, expiry = "12/34", cvc = "123", name = "Anna Nowak") {
  await cardField(page, "cc-number").fill(number);
  await cardField(page, "cc-name").fill(name);
  await cardField(page, "cc-exp").fill(expiry);
  await cardField(page, "cc-csc").fill(cvc);
}

const payButton = (page: Page) => page.locator(".card-form button[type=submit]");

/** The field's error: the element its aria-describedby names first. */
async function fieldError(page: Page, ac: string) {
  const input = cardField(page, ac);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const ids = (await input.getAttribute("aria-describedby"))!.split(" ");
  return page.locator(`[id="${ids[0]}"]`);
}

/**
 * The paid order's invoice (docs/legal.md#documents-on-the-status-page)
 * under "Dokumenty": one link, which
 * downloads the PDF named after its number. Checked on the Polish site,
 * whose orders are in złoty.
 */
async function expectInvoiceDownload(page: Page) {
  const docs = page.getByRole("region", { name: "Dokumenty" });
  const link = docs.getByRole("link", { name: /^Faktura FV\/\d{4}\/\d{4} \(PDF\)$/ });
  await expect(link).toHaveCount(1);
  await expect(docs).toContainText(/wystawiono \d{1,2} \p{L}+ \d{4}/u);
  const number = /FV\/\d{4}\/\d{4}/.exec((await link.textContent()) ?? "")![0];
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll("/", "-")}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

for (const locale of ["en", "pl", "de"] as const) {
  const T = TEXT[locale];
  test.describe(`status ${locale}`, () => {
    test("shows the placed order", async ({ page, request }) => {
      const placed = await placeOrder(request, locale);
      expect(placed.status_url).toBe(`${PREFIX[locale]}/status/${placed.hash}`);
      await page.goto(placed.status_url);
      await expect(page.getByRole("heading", { name: T.order(placed.order.id) })).toBeVisible();
      await expect(status(page)).toContainText(T.placed);
      await expect(page.locator(".order-timeline__step.is-current")).toContainText(T.placed);
      for (const line of placed.order.lines) await expect(page.locator(".order-line__name", { hasText: line.name })).toBeVisible();
      const total = money(locale, placed.order.totals.total, placed.order.currency);
      await expect(page.locator(".order-totals__total dd")).toHaveText(total);
      await expect(page.locator(".order-totals__note")).toContainText(money(locale, locale === "pl" ? 12 : 4, placed.order.currency));
      await expect(page.locator(".order-customer")).toContainText("Długa 1");
      // The payment choice offers the sandbox's three methods.
      await expect(page.locator(".payment__method")).toHaveCount(3);
      // An unpaid order says by when to pay (the daemon's -cancel-unpaid-days).
      await expect(page.locator(".order-next__text")).toContainText(T.payBy);
    });

    test("a discount code below the minimum is disabled and says why", async ({ page, request }) => {
      const placed = await placeOrder(request, locale, SMALL);
      await page.goto(placed.status_url);
      const field = page.getByLabel(T.couponLabel, { exact: true });
      await expect(field).toBeDisabled();
      await expect(page.getByRole("button", { name: T.apply })).toBeDisabled();
      await expect(page.locator(".coupon__minimum")).toHaveText(T.minimum);
      const described = await field.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${described}"]`).textContent()).toBe(T.minimum);
    });

    test("a discount code above the minimum applies; an unknown one is refused at the field", async ({ page, request }) => {
      const placed = await placeOrder(request, locale);
      const code = addCoupon(10);
      await page.goto(placed.status_url);
      const field = page.getByLabel(T.couponLabel, { exact: true });
      await field.fill("NO-SUCH-CODE");
      await page.getByRole("button", { name: T.apply }).click();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      const errorId = (await field.getAttribute("aria-describedby"))!;
      await expect(page.locator(`[id="${errorId}"]`)).toHaveAttribute("role", "alert");
      await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty();
      await expect(field).toHaveValue("NO-SUCH-CODE");

      await field.fill(code.toLowerCase());
      await page.getByRole("button", { name: T.apply }).click();
      await expect(page.locator(".order-totals__discount dt")).toHaveText(T.discount(code));
      const discount = Math.round(placed.order.totals.subtotal / 10);
      await expect(page.locator(".order-totals__total dd")).toHaveText(money(locale, placed.order.totals.total - discount, placed.order.currency));
      await expect(page.locator(".toast")).toBeVisible();
      // One code per order: the field is gone.
      await expect(page.getByLabel(T.couponLabel, { exact: true })).toHaveCount(0);
    });

    test("card with 3-D Secure: issuer page, approve, back, paid", async ({ page, request }) => {
      const placed = await placeOrder(request, locale);
      await page.goto(placed.status_url);
      await fillCard(page, CARDS.threeDS);
      await payButton(page).click();
      const confirm = page.getByRole("link", { name: T.threeDS });
      await expect(confirm).toBeFocused();
      await confirm.click();
      await expect(page).toHaveURL(/\/v1\/sandbox\/3ds\//);
      await page.locator('button[value="approve"]').click();
      await expect(page).toHaveURL(new RegExp(`${placed.status_url}$`));
      // Pending until the sandbox's webhook (SANDBOX_DELAY), then paid by the next poll.
      await expect(status(page)).toHaveText(new RegExp(`${T.paid}$`), { timeout: PAID_WITHIN });
      await expect(page.locator(".order-timeline__step.is-current")).toContainText(T.paid);
    });

    test("a success card is paid within the confirmation delay", async ({ page, request }) => {
      await acceptCookies(page);
      const placed = await placeOrder(request, locale);
      await page.goto(placed.status_url);
      await fillCard(page, CARDS.success);
      // Every text the badge shows, recorded in the page: "pending" lasts
      // until the first poll, which a busy machine may give the test little
      // time to see.
      await page.evaluate(() => {
        const seen: string[] = ((window as unknown as { badgeTexts: string[] }).badgeTexts = []);
        const badge = () => document.querySelector(".order-head .status-badge")?.textContent ?? "";
        new MutationObserver(() => seen.at(-1) !== badge() && seen.push(badge())).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      // Nothing to download before the payment.
      await expect(page.locator(".order-documents")).toHaveCount(0);
      await payButton(page).click();
      await expect(page.getByText(T.waitText)).toBeVisible();
      await expect(status(page)).toHaveText(new RegExp(`${T.paid}$`), { timeout: PAID_WITHIN });
      const seen = await page.evaluate(() => (window as unknown as { badgeTexts: string[] }).badgeTexts);
      expect(seen.findIndex((s) => s.endsWith(T.pending)), `badge texts: ${seen.join(" | ")}`).toBeGreaterThanOrEqual(0);
      expect(seen.findIndex((s) => s.endsWith(T.pending))).toBeLessThan(seen.findIndex((s) => s.endsWith(T.paid)));
      // The purchase event, once, also after a reload.
      const purchases = () =>
        page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string; ecommerce?: { transaction_id?: string } }[] }).dataLayer ?? []).filter((e) => e.event === "purchase"));
      await expect.poll(async () => (await purchases()).map((e) => e.ecommerce?.transaction_id)).toEqual([String(placed.order.id)]);
      await page.reload();
      await expect(status(page)).toHaveText(new RegExp(`${T.paid}$`));
      expect(await purchases()).toEqual([]);
      if (locale === "pl") await expectInvoiceDownload(page);
    });

    test("a declined card shows the payment error and keeps the fields", async ({ page, request }) => {
      const placed = await placeOrder(request, locale);
      await page.goto(placed.status_url);
      await fillCard(page, CARDS.declined);
      await payButton(page).click();
      const alert = page.locator(".card-form .notice--error");
      await expect(alert).toHaveText(T.declined);
      await expect(alert).toBeFocused();
      await expect(cardField(page, "cc-number")).toHaveValue(CARDS.declined);
      await expect(cardField(page, "cc-name")).toHaveValue("Anna Nowak");
      await expect(status(page)).toContainText(T.placed);
      // Typed card data never reaches the address or storage.
      expect(page.url()).not.toContain("4000");
      const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage }));
      expect(stored).not.toContain("4000");
    });

    test("PayPal and bank transfer end paid", async ({ page, request }) => {
      test.slow(); // two payments
      for (const [method, go, decision] of [["PayPal", T.paypalGo, "approve"], [T.bank, T.bankGo, "pay"]] as const) {
        const placed = await placeOrder(request, locale);
        await page.goto(placed.status_url);
        await page.getByRole("button", { name: method, exact: true }).click();
        await expect(page.getByRole("button", { name: method, exact: true })).toHaveAttribute("aria-pressed", "true");
        await page.getByRole("button", { name: go }).click();
        await expect(page).toHaveURL(/\/v1\/sandbox\/(paypal|bank)\//);
        await page.locator(`button[value="${decision}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${placed.status_url}$`));
        await expect(status(page)).toHaveText(new RegExp(`${T.paid}$`), { timeout: PAID_WITHIN });
      }
    });

    test("the card form's own checks are shown at the fields", async ({ page, request }) => {
      const placed = await placeOrder(request, locale);
      let posted = false;
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().includes("/payments")) posted = true;
      });
      await page.goto(placed.status_url);
      await fillCard(page, "4242 4242 4242 4241", "01/19", "12", "");
      await payButton(page).click();
      await expect(await fieldError(page, "cc-number")).toHaveText(T.numberInvalid);
      await expect(await fieldError(page, "cc-name")).toHaveText(T.nameRequired);
      await expect(await fieldError(page, "cc-exp")).toHaveText(T.expiryPast);
      await expect(await fieldError(page, "cc-csc")).toHaveText(T.cvcInvalid);
      await expect(cardField(page, "cc-number")).toBeFocused();
      await expect(cardField(page, "cc-number")).toHaveValue("4242 4242 4242 4241");
      await expect(cardField(page, "cc-exp")).toHaveValue("01/19");
      await expect(cardField(page, "cc-csc")).toHaveValue("12");
      await expect(page.locator(".card-brand")).toHaveText("Visa");
      expect(posted).toBe(false);
    });

    test("a card payment with the keyboard alone", async ({ page, request }) => {
      const placed = await placeOrder(request, locale);
      await page.goto(placed.status_url);
      const number = cardField(page, "cc-number");
      await expect(number).toBeVisible();
      for (let i = 0; i < 80 && !(await number.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
      await expect(number).toBeFocused();
      await page.keyboard.type("4242424242424242");
      await expect(number).toHaveValue(CARDS.success);
      await page.keyboard.press("Tab");
      await page.keyboard.type("Anna Nowak");
      await page.keyboard.press("Tab");
      await page.keyboard.type("1234");
      await expect(cardField(page, "cc-exp")).toHaveValue("12/34");
      await page.keyboard.press("Tab");
      await page.keyboard.type("123");
      await page.keyboard.press("Enter");
      await expect(status(page)).toHaveText(new RegExp(`${T.paid}$`), { timeout: PAID_WITHIN });
    });

    test("no serious axe violations: placed, card form with errors, paid", bothWidthsIf(locale === "en"), async ({ page, request }) => {
      test.slow(); // three axe runs and a payment
      const check = () => expectNoSeriousViolations(page);
      const placed = await placeOrder(request, locale);
      await page.goto(placed.status_url);
      await expect(cardField(page, "cc-number")).toBeVisible();
      await check();
      await payButton(page).click();
      await expect(cardField(page, "cc-number")).toHaveAttribute("aria-invalid", "true");
      await check();
      await fillCard(page, CARDS.success);
      await payButton(page).click();
      await expect(status(page)).toHaveText(new RegExp(`${T.paid}$`), { timeout: PAID_WITHIN });
      await check();
    });

    test("an unknown order, a failed load and the loading state", async ({ page, request }) => {
      await page.goto(`${PREFIX[locale]}/status/not-an-order`);
      await expect(page.getByRole("heading", { name: T.notFound })).toBeVisible();
      await expect(page.getByRole("link", { name: T.toShop })).toHaveAttribute("href", `${PREFIX[locale]}/shop`);
      await page.goto(`${PREFIX[locale]}/status/`);
      await expect(page.getByRole("heading", { name: T.notFound })).toBeVisible();

      const placed = await placeOrder(request, locale);
      await page.route("**/v1/orders/*", (r) => r.abort("internetdisconnected"));
      await page.goto(placed.status_url);
      await expect(page.getByText(T.loadError)).toBeVisible();
      await page.unroute("**/v1/orders/*");
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/v1/orders/*", async (r) => {
        await held;
        await r.continue();
      });
      await page.getByRole("button", { name: T.retry }).click();
      await expect(page.getByText(T.loading)).toBeVisible();
      release();
      await expect(page.getByRole("heading", { name: T.order(placed.order.id) })).toBeVisible();
    });
  });
}

test.describe("currency mismatch", () => {
  test("a PLN order on the EUR sites links to the Polish site", async ({ page, request }) => {
    const placed = await placeOrder(request, "pl", SMALL);
    for (const [prefix, T] of [["", TEXT.en], ["/de", TEXT.de]] as const) {
      await page.goto(`${prefix}/status/${placed.hash}`);
      await expect(page.getByRole("heading", { name: T.mismatch[0] })).toBeVisible();
      await expect(page.getByText(T.mismatch[1])).toBeVisible();
      await expect(page.locator(".order-status__mismatch a")).toHaveAttribute("href", `/pl/status/${placed.hash}`);
      await expect(page.locator(".order-head, .order-lines, .payment")).toHaveCount(0);
    }
    await page.locator(".order-status__mismatch a").click();
    await expect(page.getByRole("heading", { name: TEXT.pl.order(placed.order.id) })).toBeVisible();
  });

  test("EUR orders on the Polish site link to their own version", async ({ page, request }) => {
    for (const locale of ["en", "de"] as const) {
      const placed = await placeOrder(request, locale, SMALL);
      await page.goto(`/pl/status/${placed.hash}`);
      await expect(page.getByRole("heading", { name: TEXT.pl.mismatch[0] })).toBeVisible();
      await expect(page.getByText(TEXT.pl.mismatch[1])).toBeVisible();
      await expect(page.locator(".order-status__mismatch a")).toHaveAttribute("href", `${PREFIX[locale]}/status/${placed.hash}`);
      await expect(page.locator(".order-head, .order-lines, .payment")).toHaveCount(0);
    }
  });
});

test("the card encryption's script loads when the shopper starts on the card form, not with the page", async ({ page, request }) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.text());
  });
  const encryptionLoaded = async () => (await Promise.all(scripts)).some((t) => t.includes("RSA"));
  const placed = await placeOrder(request, "en");
  await page.goto(placed.status_url);
  await expect(page.locator('saber-island[component-url*="/OrderStatus-"]')).toHaveAttribute("hydrated", "");
  await expect(cardField(page, "cc-number")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await encryptionLoaded()).toBe(false);
  await cardField(page, "cc-number").focus();
  await expect.poll(encryptionLoaded).toBe(true);
  // And the card still pays.
  await fillCard(page, CARDS.success);
  await payButton(page).click();
  await expect(status(page)).toHaveText(new RegExp(`${TEXT.en.paid}$`), { timeout: PAID_WITHIN });
});
