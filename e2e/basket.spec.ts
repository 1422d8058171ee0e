// The basket and the checkout on the real build and the real daemon: adding
// from product pages, the persisted cart, the daemon's prices, the form's
// client and server errors, the order and its e-mail, and the shop-wide
// cases (paused orders, a changed price list) on a daemon of their own.
import { bothWidthsIf, expect, type Page, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { watchConsole } from "./console";
import { MAIL_DIR, mailTo, outboxDrained } from "./mail";
import {
  type CatalogCreator,
  defaultDesign,
  LOCALES,
  OwnDaemon,
  TEXT,
  acceptCookies,
  basketReady,
  recordToasts,
  toastsSeen,
  cart,
  commerceEvents,
  countrySelect,
  customer,
  declineCookies,
  field,
  fillCheckout,
  orderPosts,
  path,
  seedBasketOnce,
  type Locale,
} from "./shop";

// page.route() does not see requests a service worker answers: keep it out.
test.use({ serviceWorkers: "block" });

function problems(page: Page): string[] {
  return watchConsole(
    page,
    (msg) =>
      // Chromium logs every non-2xx fetch; the API's 409 and 422 are expected here.
      (msg.text().startsWith("Failed to load resource") && new URL(msg.location().url, "http://x").pathname.startsWith("/v1/")),
  );
}

async function addFromProductPage(page: Page, locale: Locale, slug: string, variant?: RegExp) {
  await page.goto(path(locale, `/shop/${slug}`));
  if (variant) await page.getByRole("radio", { name: variant }).check();
  await page.getByRole("button", { name: TEXT[locale].add, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: TEXT[locale].added }).first()).toBeVisible();
}

const badge = (page: Page) => page.locator(".cart-badge__count");

for (const locale of LOCALES) {
  test(`${locale}: add from product pages, remove by position, reload, check out with errors first, order`, bothWidthsIf(locale === "en"), async ({ page }) => {
    test.slow(); // three product pages, two reloads, two order attempts
    const seen = problems(page);
    await acceptCookies(page);
    await addFromProductPage(page, locale, "arc", /crystal|kryształem|Kristall/i);
    await addFromProductPage(page, locale, "plug");
    await addFromProductPage(page, locale, "talon");
    await expect(badge(page)).toHaveText("3");
    expect(await cart(page)).toEqual([
      { product: "arc", variant: "crystal", quantity: 1 },
      { product: "plug", quantity: 1 },
      { product: "talon", variant: "standard", quantity: 1 },
    ]);

    await page.goto(path(locale, "/basket"));
    await basketReady(page);
    const lines = page.locator(".basket-line");
    await expect(lines).toHaveCount(3);
    // The second line goes, by its position.
    await lines.nth(1).getByRole("button", { name: TEXT[locale].remove }).click();
    await expect(lines).toHaveCount(2);
    expect((await cart(page)).map((i) => i.product)).toEqual(["arc", "talon"]);

    await page.reload();
    await basketReady(page);
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText("Arc");
    // Prices from the daemon, in the locale's currency: Arc + crystal.
    const arcPrice = locale === "pl" ? "1 649,00 zł" : locale === "de" ? "384,00 €" : "€384.00";
    await expect(lines.first().locator(".basket-line__total")).toHaveText(arcPrice);
    await lines.first().getByRole("combobox").selectOption("2");
    const twoArcs = locale === "pl" ? "3 298,00 zł" : locale === "de" ? "768,00 €" : "€768.00";
    await expect(lines.first().locator(".basket-line__total")).toHaveText(twoArcs);

    await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
    // Ordering with nothing filled in: every field says why, next to it.
    const order = page.getByRole("button", { name: TEXT[locale].order });
    await order.click();
    for (const f of ["first_name", "last_name", "email", "phone", "street", "zip", "city"] as const) {
      await expect(field(page, locale, f)).toHaveAttribute("aria-invalid", "true");
    }
    await expect(page.locator(".field-error").filter({ hasText: TEXT[locale].fillIn }).first()).toBeVisible();
    await expect(page.getByText(TEXT[locale].termsRequired)).toBeVisible();
    // Focus went to the first field in error.
    await expect(field(page, locale, "first_name")).toBeFocused();

    // Filled in, but with a postal code the daemon refuses for the country:
    // its 422 is shown next to the field, and nothing typed is lost.
    const c = customer(locale, "basket");
    await fillCheckout(page, locale, { ...c, zip: "ABC" });
    await order.click();
    const zip = field(page, locale, "zip");
    await expect(zip).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".form-field--zip .field-error")).toHaveText(TEXT[locale].zipInvalid);
    await expect(field(page, locale, "street")).toHaveValue(c.street);

    // A reload keeps what was typed (the tab's draft) and the step.
    await page.reload();
    await basketReady(page);
    await expect(field(page, locale, "email")).toHaveValue(c.email);
    await expect(countrySelect(page, locale)).toHaveValue(c.country);
    await expect(page.getByRole("checkbox", { name: TEXT[locale].terms })).toBeChecked();

    await zip.fill(c.zip);
    // Shipping and the delivery estimate follow the country.
    await expect(page.locator(".basket-summary")).toContainText(/3–7/);
    await recordToasts(page);
    await page.getByRole("button", { name: TEXT[locale].order }).click();
    await page.waitForURL(new RegExp(`${path(locale, "/status/")}[A-Za-z0-9_-]{20,}$`));
    // The toast the basket raised shows on the status page it went to.
    await expect.poll(async () => (await toastsSeen(page)).some((s) => s.includes(TEXT[locale].placedToast))).toBe(true);
    expect(await cart(page)).toEqual([]);
    await expect(badge(page)).toBeHidden();

    // The e-mail carries the same status link.
    const hash = new URL(page.url()).pathname.split("/").pop()!;
    const mail = await mailTo(c.email);
    expect(mail).toContain(`${path(locale, "/status/")}${hash}`);

    const events = (await commerceEvents(page)).map((e) => e.event);
    expect(events).toEqual([]); // a new page: the earlier ones were pushed on their pages
    expect(seen).toEqual([]);
  });
}

test("the data layer gets add_to_cart, remove_from_cart and begin_checkout only after consent", async ({ page }) => {
  await declineCookies(page);
  await page.goto("/shop/arc");
  await page.getByRole("button", { name: "Add to basket", exact: true }).click();
  await expect(badge(page)).toHaveText("1");
  expect(await commerceEvents(page)).toEqual([]);

  // Accepted now, from the footer's Cookie settings: later events are pushed.
  await page.locator(".site-footer").getByRole("link", { name: "Cookie settings" }).click();
  await page.getByRole("region", { name: /cookie/i }).getByRole("button", { name: "Accept" }).click();
  await page.getByRole("button", { name: "Add to basket", exact: true }).click();
  const added = await commerceEvents(page);
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({ event: "add_to_cart", ecommerce: { currency: "EUR", value: 349, items: [{ item_id: "arc" }] } });

  await page.goto("/basket");
  await basketReady(page);
  await expect(page.locator(".basket-line__total")).toHaveText("€698.00");
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await page.getByRole("button", { name: "Edit basket" }).click();
  await page.getByRole("button", { name: /^Remove Arc/ }).click();
  await expect(page.getByText("Your basket is empty")).toBeVisible();
  const events = await commerceEvents(page);
  expect(events.map((e) => e.event)).toEqual(["begin_checkout", "remove_from_cart"]);
  expect(events[0]!.ecommerce.value).toBe(698);
});

test("a creator design in the basket: its summary, and the no-returns notice before ordering", async ({ page, request }) => {
  await declineCookies(page);
  // The daemon's default design (order.DefaultCreator), from the catalogue.
  const cr = ((await (await request.get("/catalog.json")).json()) as { creator: CatalogCreator }).creator;
  const design = defaultDesign(cr);
  await page.addInitScript(
    (items) => localStorage.setItem("saber-shop.cart.v1", JSON.stringify(items)),
    [{ product: "custom-saber-creator", creator: design, quantity: 1 }, { product: "plug", quantity: 1 }],
  );
  await page.goto("/basket");
  await basketReady(page);
  const line = page.locator(".basket-line").first();
  await expect(line).toContainText("Custom saber");
  await expect(line).toContainText(`${cr.presets} presets`);
  await expect(line.locator(".basket-line__total")).not.toHaveText("…");
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  const notice = page.getByText(TEXT.en.notReturnable);
  await expect(notice).toBeVisible();
  // The order button names it, for screen readers too.
  const order = page.getByRole("button", { name: TEXT.en.order });
  await expect(order).toHaveAccessibleDescription(/cannot be returned/);
  // Without the design the notice goes.
  await page.getByRole("button", { name: "Edit basket" }).click();
  await page.getByRole("button", { name: /^Remove Custom saber/ }).click();
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  await expect(page.getByRole("button", { name: TEXT.en.order })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("the empty basket leads back to the shop and the creator; clearing asks first", async ({ page }) => {
  await declineCookies(page);
  await page.goto("/basket");
  await basketReady(page);
  await expect(page.getByRole("heading", { name: "Your basket is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the shop" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("link", { name: "Design your saber" })).toHaveAttribute("href", "/shop/custom-saber-creator");

  await page.evaluate(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 3 }])));
  await page.reload();
  await basketReady(page);
  await page.getByRole("button", { name: "Clear basket" }).click();
  await page.getByRole("button", { name: "Keep" }).click();
  await expect(page.locator(".basket-line")).toHaveCount(1);
  await page.getByRole("button", { name: "Clear basket" }).click();
  await page.getByRole("button", { name: "Yes, clear" }).click();
  await expect(page.getByRole("heading", { name: "Your basket is empty" })).toBeVisible();
  expect(await cart(page)).toEqual([]);
});

test("the basket follows another tab's changes", async ({ page, context }) => {
  await declineCookies(page);
  await page.goto("/basket");
  await basketReady(page);
  const other = await context.newPage();
  await other.goto("/shop/plug");
  await other.getByRole("button", { name: "Add to basket", exact: true }).click();
  await expect(page.locator(".basket-line")).toHaveCount(1);
  await expect(page.locator(".basket-line__total")).toHaveText("€15.00");
});

test("shipping countries come from GET /v1/deliveries?items=6, every page; a failure keeps the build's list", async ({ page }) => {
  await declineCookies(page);
  await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 1 }])));
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/v1/deliveries")) asked.push(new URL(r.url()).search);
  });
  await page.goto("/pl/basket");
  await basketReady(page);
  await expect.poll(() => asked.length).toBe(3); // 16 countries, 6 a page
  expect(asked).toEqual(["?items=6&page=1&locale=pl", "?items=6&page=2&locale=pl", "?items=6&page=3&locale=pl"]);
  await page.getByRole("button", { name: "Przejdź do zamówienia" }).click();
  const options = countrySelect(page, "pl").locator("option");
  await expect(options).toHaveCount(17);
  await expect(options.filter({ hasText: "Polska (19,00 zł)" })).toHaveCount(1);
  // In Polish alphabetical order (Litwa, Luksemburg, Łotwa), the build's
  // order, which the daemon's list follows (no collator in the browser).
  const polishOrder = async () => {
    const names = (await options.allTextContents()).slice(1);
    expect(names).toEqual([...names].sort(new Intl.Collator("pl").compare));
    expect(names.findIndex((n) => n.startsWith("Łotwa"))).toBeGreaterThan(names.findIndex((n) => n.startsWith("Luksemburg")));
  };
  await polishOrder();

  // The daemon cannot be asked: no message, the build's list serves.
  await page.route("**/v1/deliveries*", (route) => route.abort());
  await page.reload();
  await basketReady(page);
  await expect(options).toHaveCount(17);
  await polishOrder();
  await countrySelect(page, "pl").selectOption("cz");
  await expect(page.locator(".basket-summary")).toContainText("Dostawa: Czechy");
  await expect(page.locator(".notice--warn")).toHaveCount(0);
});

test("a double click places one order", async ({ page, request }) => {
  await declineCookies(page);
  await seedBasketOnce(page, "belt-clip");
  const posts = orderPosts(page);
  await page.goto("/basket");
  await basketReady(page);
  await page.getByRole("button", { name: "Proceed to checkout" }).click();
  const c = customer("en", "double");
  await fillCheckout(page, "en", c);
  await page.getByRole("button", { name: /^Order and pay/ }).dblclick();
  await page.waitForURL(/\/status\//);
  expect(posts).toEqual([201]);
  await mailTo(c.email);
  // Only one order e-mail to this address (and one to the owner about
  // it), once the outbox has sent all.
  await outboxDrained(request);
  const { readdir, readFile } = await import("node:fs/promises");
  const to = new RegExp(`^To: .*${c.email.replace(/[.+]/g, "\\$&")}`, "mi");
  let toShopper = 0;
  let aboutIt = 0;
  for (const name of await readdir(MAIL_DIR)) {
    const raw = await readFile(`${MAIL_DIR}/${name}`, "utf8");
    if (to.test(raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " "))) toShopper++;
    else if (raw.includes(c.email)) aboutIt++;
  }
  expect(toShopper).toBe(1);
  expect(aboutIt).toBe(1);
});

test("keyboard alone: from the basket to a placed order", async ({ page }) => {
  await declineCookies(page);
  await seedBasketOnce(page, "connector");
  await page.goto("/basket");
  await basketReady(page);
  const toCheckout = page.getByRole("button", { name: "Proceed to checkout" });
  for (let i = 0; i < 60 && !(await toCheckout.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(toCheckout).toBeFocused();
  await page.keyboard.press("Enter");
  // The form takes focus at its first field.
  await expect(field(page, "en", "first_name")).toBeFocused();
  const c = customer("en", "keys");
  await page.keyboard.type(c.first_name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(c.last_name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(c.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(c.phone);
  await page.keyboard.press("Tab");
  await expect(countrySelect(page, "en")).toBeFocused();
  await page.keyboard.type("Germany");
  await expect(countrySelect(page, "en")).toHaveValue("de");
  await page.keyboard.press("Tab");
  await page.keyboard.type(c.street);
  await page.keyboard.press("Tab");
  await page.keyboard.type(c.zip);
  await page.keyboard.press("Tab");
  await page.keyboard.type(c.city);
  const terms = page.getByRole("checkbox", { name: /I accept the Terms and Conditions/ });
  for (let i = 0; i < 10 && !(await terms.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();
  const order = page.getByRole("button", { name: /^Order and pay/ });
  for (let i = 0; i < 10 && !(await order.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(order).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/status\//);
  await mailTo(c.email);
});

test("a discount code at checkout: below the minimum it is refused with the minimum named", async ({ page }) => {
  await declineCookies(page);
  await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 1 }])));
  await page.goto("/pl/basket");
  await basketReady(page);
  await page.getByRole("button", { name: "Przejdź do zamówienia" }).click();
  await expect(page.getByText("Kody rabatowe są dostępne dla zamówień od 1 000,00 zł.")).toBeVisible();
  const code = page.locator("form.checkout").getByRole("textbox", { name: "Kod rabatowy" });
  await code.fill("NIEMA");
  await page.getByRole("button", { name: "Zastosuj" }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".checkout .field-error")).toBeVisible();
  await expect(code).toHaveValue("NIEMA");
});

for (const locale of LOCALES) {
  test(`${locale}: axe finds nothing serious on the basket, the checkout and its errors`, bothWidthsIf(locale === "en"), async ({ page }) => {
    test.slow(); // three axe scans: 10-20 s each on a busy 2-core machine
    await declineCookies(page);
    await page.goto(path(locale, "/basket"));
    await basketReady(page);
    const scan = (what: string) => expectNoSeriousViolations(page, { what });
    await scan("empty");
    await page.evaluate(() =>
      localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "arc", variant: "crystal", quantity: 1 }, { product: "plug", quantity: 2 }])),
    );
    await page.reload();
    await basketReady(page);
    await expect(page.locator(".basket-line__total").first()).not.toHaveText("…");
    await scan("lines");
    await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
    await page.getByRole("button", { name: TEXT[locale].order }).click();
    await expect(page.getByText(TEXT[locale].termsRequired)).toBeVisible();
    await scan("checkout with errors");
  });
}

test.describe("on a daemon of its own", () => {
  test.describe.configure({ mode: "serial" });
  let shop: OwnDaemon;
  test.beforeAll(async () => {
    shop = await OwnDaemon.start();
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  for (const locale of LOCALES) {
    test(`${locale}: a paused shop: the order button reads the spec's text and the modal explains`, async ({ page }) => {
      await shop.owner("shop", "pause");
      try {
        await declineCookies(page);
        await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 1 }])));
        await page.goto(shop.url + path(locale, "/basket"));
        await basketReady(page);
        await page.getByRole("button", { name: TEXT[locale].toCheckout }).click();
        const button = page.getByRole("button", { name: TEXT[locale].paused, exact: true });
        await expect(button).toBeVisible();
        await button.click();
        const dialog = page.getByRole("dialog", { name: TEXT[locale].pausedTitle });
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      } finally {
        await shop.owner("shop", "resume");
      }
    });
  }

  test("paused after the basket was priced: the daemon's 409 shows the same button and modal", async ({ page }) => {
    await declineCookies(page);
    await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "plug", quantity: 1 }])));
    await page.goto(shop.url + "/pl/basket");
    await basketReady(page);
    await page.getByRole("button", { name: TEXT.pl.toCheckout }).click();
    await fillCheckout(page, "pl", customer("pl", "paused"));
    await expect(page.getByRole("button", { name: TEXT.pl.order })).toBeEnabled();
    await shop.owner("shop", "pause");
    try {
      await page.getByRole("button", { name: TEXT.pl.order }).click();
      await expect(page.getByRole("dialog", { name: "Zamówienia wstrzymane" })).toBeVisible();
      await page.getByRole("button", { name: "Rozumiem" }).click();
      await expect(page.getByRole("button", { name: "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE", exact: true })).toBeVisible();
      expect(await cart(page)).toHaveLength(1);
    } finally {
      await shop.owner("shop", "resume");
    }
  });

  test("a price change between the basket and the order: the new total, confirmed again", async ({ page }) => {
    await declineCookies(page);
    await page.addInitScript(() => localStorage.setItem("saber-shop.cart.v1", JSON.stringify([{ product: "connector", quantity: 1 }])));
    await page.goto(shop.url + "/basket");
    await basketReady(page);
    await page.getByRole("button", { name: "Proceed to checkout" }).click();
    const c = customer("en", "prices");
    await fillCheckout(page, "en", c);
    // Connector €39.00 + shipping to Germany €15.00.
    await expect(page.getByRole("button", { name: "Order and pay €54.00" })).toBeEnabled();
    await shop.editCatalog((cat) => {
      const p = cat.products.find((x) => x.slug === "connector")!;
      for (const pr of p.prices) pr.amounts.EUR = 4500;
    });
    await expect.poll(async () => (await (await fetch(shop.url + "/v1/shop")).json()).catalog_version).toMatch(/^edited-/);
    await page.getByRole("button", { name: "Order and pay €54.00" }).click();
    await expect(page.getByText("Prices have changed.")).toBeVisible();
    await expect(page.locator(".basket-summary")).toContainText("The new total is €60.00");
    await page.getByRole("button", { name: "Confirm the order at €60.00" }).click();
    await page.waitForURL(/\/status\//);
  });
});

test("an invoice for a company: the NIP checked by the shop, the company on the order and its e-mail", async ({ page }) => {
  await declineCookies(page);
  await seedBasketOnce(page, "belt-clip");
  await page.goto(path("pl", "/basket"));
  await basketReady(page);
  await page.getByRole("button", { name: TEXT.pl.toCheckout }).click();
  const c = customer("pl", "invoice");
  await fillCheckout(page, "pl", c);
  await page.getByRole("checkbox", { name: "Potrzebuję faktury na firmę" }).check();
  const form = page.locator("form.checkout");
  await form.getByLabel("Nazwa firmy").fill("Kuźnia Mieczy sp. z o.o.");
  await form.getByLabel("NIP", { exact: true }).fill("526-025-02-75"); // a wrong check digit
  await page.getByRole("button", { name: TEXT.pl.order }).click();
  await expect(page.locator(".form-field--vat_id .field-error")).toHaveText("Podaj poprawny NIP (10 cyfr) albo unijny numer VAT z prefiksem kraju, np. DE123456789.");
  await expect(form.getByLabel("Nazwa firmy")).toHaveValue("Kuźnia Mieczy sp. z o.o."); // nothing typed is lost
  await expectNoSeriousViolations(page, { what: "checkout with an invoice" });
  await form.getByLabel("NIP", { exact: true }).fill("526-025-02-74");
  await page.getByRole("button", { name: TEXT.pl.order }).click();
  await page.waitForURL(/\/pl\/status\//);
  await expect(page.locator(".order-customer__company")).toContainText("Kuźnia Mieczy sp. z o.o.");
  await expect(page.locator(".order-customer__company")).toContainText("NIP: PL5260250274");
  expect(await mailTo(c.email)).toContain("NIP: PL5260250274");
});
