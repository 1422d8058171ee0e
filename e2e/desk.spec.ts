// The owner's desk (docs/decisions/desk.md): the setup link from
// `orderd owners add`, signing in and out, the activity log, in Polish by
// default, at both widths, keyboard only where it matters, axe on each page.
import { expectNoSeriousViolations } from "./axe";
import { PASSWORD, addOwner, openPlace, paidOrder, pickDay, setUp, signOut } from "./desk";
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { mailTo } from "./mail";
import { OwnDaemon, TEXT, cart, declineCookies } from "./shop";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

test.describe("desk", () => {
  test("setup link, sign out, sign in, activity, in Polish", BOTH_WIDTHS, async ({ page }) => {
    const name = `owner${Date.now().toString(36)}`;
    await setUp(page, name);
    // The token left the address bar.
    expect(page.url()).not.toContain("token");
    await expect(page.locator(".desk-bar__who")).toHaveText(name);
    await expectNoSeriousViolations(page, { what: "today" });

    await openPlace(page, "Aktywność");
    // Other tests' owners share the run's log: find this one's lines.
    const entry = (what: string) => page.locator(".desk-log__entry").filter({ hasText: what }).filter({ hasText: name });
    await expect(entry("Konto skonfigurowane")).toBeVisible();
    await expect(entry("Konto utworzone")).toContainText("na serwerze");
    await expectNoSeriousViolations(page, { what: "activity" });

    await signOut(page);
    await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
    await expectNoSeriousViolations(page, { what: "sign-in" });
    // A wrong password says so and keeps the name typed.
    await page.getByLabel("Nazwa").fill(name);
    await page.getByLabel("Hasło").fill("to nie jest to hasło");
    await page.getByRole("button", { name: "Zaloguj" }).click();
    await expect(page.getByRole("alert")).toHaveText("Nazwa, hasło lub kod są niepoprawne.");
    await expect(page.getByLabel("Nazwa")).toHaveValue(name);
    await page.getByLabel("Hasło").fill(PASSWORD);
    await page.getByRole("button", { name: "Zaloguj" }).click();
    await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
    // A reload keeps the session (the cookie is HttpOnly: the page asks the desk).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
  });

  test("keyboard only: sign in and reach the activity", async ({ page }) => {
    const name = `kb${Date.now().toString(36)}`;
    await setUp(page, name);
    await page.getByRole("button", { name: "Wyloguj", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Nazwa")).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
    // The nav's links come first: today, orders, messages, codes, subscribers, activity.
    for (const name of ["Dziś", "Zamówienia", "Wiadomości", "Kody rabatowe", "Subskrybenci", "Dokumenty", "Aktywność"]) {
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name })).toBeFocused();
    }
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Aktywność" })).toBeVisible();
  });

  test("without a session the desk shows nothing but the sign-in", async ({ page, request }) => {
    for (const path of ["/admin/", "/admin/activity", "/admin/account", "/admin/orders/1/sheet"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
    }
    // The setup page, the one page but the sign-in a stranger with a link sees.
    await page.goto(await addOwner(`ax${Date.now().toString(36)}`));
    await expect(page.getByRole("heading", { name: "Skonfiguruj konto" })).toBeVisible();
    await expectNoSeriousViolations(page, { what: "setup" });
    const me = await request.get("/admin/api/me");
    expect(me.status()).toBe(401);
    const res = await request.get("/admin/");
    expect(res.headers()["x-frame-options"]).toBe("DENY");
    expect(res.headers()["cache-control"]).toBe("no-store");
    expect(res.headers()["content-security-policy"]).toContain("script-src 'self'");
  });

  test("an order found by e-mail, its build sheet and customer, a stage set", BOTH_WIDTHS, async ({ page, request }) => {
    const email = `desk-${Date.now().toString(36)}@example.com`;
    const order = await paidOrder(request, email);
    await setUp(page, `st${Date.now().toString(36)}`);
    await page.getByRole("link", { name: "Zamówienia" }).click();
    await expect(page.getByRole("heading", { name: "Zamówienia" })).toBeVisible();
    await page.getByRole("searchbox").fill(email);
    await page.getByRole("button", { name: "Szukaj" }).click();
    const row = page.locator(".desk-order");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`#${order.id}`);
    await expect(row).toContainText("Opłacone – do budowy");
    await expectNoSeriousViolations(page, { what: "orders" });
    await row.click();
    await expect(page.getByRole("heading", { name: `Zamówienie nr ${order.id}` })).toBeVisible();
    await expect(page.locator(".desk-address")).toContainText("Łucja Warsztatowa");
    await expect(page.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(page.locator(".desk-lines .sheet__id")).toHaveText("crystal"); // the hilt's generator, by the id it is looked up by
    await page.getByLabel("Etap", { exact: true }).selectOption({ label: "Elektronika zamontowana" });
    await page.getByRole("button", { name: "Ustaw etap" }).click();
    await expect(page.getByRole("status")).toHaveText("Etap zapisany.");
    await expect(page.locator(".desk-stages .is-done")).toHaveCount(3); // the earlier stages count as reached
    await expectNoSeriousViolations(page, { what: "order" });
    // The shopper's page shows the stage.
    const view = (await (await request.get(`/v1/orders/${order.hash}?locale=pl`)).json()) as { production?: { current?: string } };
    expect(view.production?.current).toBe("electronics");
  });

  test("take one order through every stage to sent, and refund another through the sandbox, from the desk", async ({ page, request }) => {
    test.slow(); // two payments
    const shipEmail = `ship-${Date.now().toString(36)}@example.com`;
    const refundEmail = `refund-${Date.now().toString(36)}@example.com`;
    const toShip = await paidOrder(request, shipEmail);
    const toRefund = await paidOrder(request, refundEmail);
    await setUp(page, `sh${Date.now().toString(36)}`);

    await page.goto(`/admin/orders/${toShip.id}`);
    await expect(page.getByRole("heading", { name: `Zamówienie nr ${toShip.id}` })).toBeVisible();
    // Every production stage in turn, each one on the shopper's page.
    const stages = ["parts-ordered", "hilt-machined", "electronics", "tested", "ready"];
    const names = ["Części zamówione", "Rękojeść wytoczona", "Elektronika zamontowana", "Testy zakończone", "Gotowe do wysyłki"];
    for (const [i, label] of names.entries()) {
      await page.getByLabel("Etap", { exact: true }).selectOption({ label });
      await page.getByRole("button", { name: "Ustaw etap" }).click();
      await expect(page.locator(".desk-stages .is-done")).toHaveCount(i + 1);
      await expect
        .poll(async () => ((await (await request.get(`/v1/orders/${toShip.hash}?locale=pl`)).json()) as { production?: { current?: string } }).production?.current)
        .toBe(stages[i]);
    }
    // A Polish courier order goes with InPost: the parcel card comes first
    // and sending with a number typed by hand is folded away under it.
    const byHand = page.locator("details.desk-action").filter({ hasText: "Oznacz jako wysłane" });
    if ((await byHand.getAttribute("open")) === null) await byHand.locator("summary").click();
    await page.getByLabel("Przewoźnik", { exact: true }).selectOption({ label: "InPost" });
    await page.getByLabel("Numer przesyłki").fill("620123456789");
    await page.getByRole("button", { name: "Wysłane: powiadom klienta", exact: true }).click();
    // Asked first, naming the number and the e-mail (e2e/desk-next.spec.ts has the details).
    await page.getByRole("alertdialog").getByRole("button", { name: "Tak, wysłane: powiadom klienta" }).click();
    await expect(page.getByRole("status")).toHaveText("Zapisano.");
    await expect(page.locator(".desk-page__lead .status-badge")).toHaveText("Wysłane");
    const sent = (await (await request.get(`/v1/orders/${toShip.hash}?locale=pl`)).json()) as { status: string; tracking_url: string };
    expect(sent.status).toBe("sent");
    expect(sent.tracking_url).toBe("https://inpost.pl/sledzenie-przesylek?number=620123456789");
    await mailTo(shipEmail, "620123456789");

    await page.goto(`/admin/orders/${toRefund.id}`);
    await page.getByText("Zwrot przez operatora płatności").click();
    await page.getByLabel("Powód (klient go przeczyta)").first().fill("Brak części");
    await page.getByRole("button", { name: "Zwróć", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: /^Tak, zwróć / }).click();
    await expect(page.getByRole("status")).toHaveText("Zapisano.");
    // Everything paid back: the order is cancelled, the refund listed, the shopper told.
    await expect(page.locator(".desk-page__lead .status-badge")).toHaveText("Anulowane");
    await expect(page.locator(".desk-plain").filter({ hasText: "wykonany" })).toContainText("tryb testowy"); // the sandbox, in the desk's words
    // It carries the correction of the order's invoice or receipt as a PDF, as the payment's e-mail the invoice.
    const refundMail = await mailTo(refundEmail, "Brak części");
    expect(refundMail).toMatch(/filename="?[FR]K-\d{4}-\d{4}\.pdf/);
    expect(refundMail).toMatch(/W załączniku przesyłamy (fakturę korygującą FK|korektę potwierdzenia sprzedaży RK)\/\d{4}\/\d{4}/);
    await expectNoSeriousViolations(page, { what: "order after a refund" });
  });

  test("pause the shop from Today and see the shop's button change, then open it again", async ({ page }) => {
    const shop = await OwnDaemon.start(); // pausing the run's daemon would touch every other test
    try {
      const out = await shop.owner("owners", "add", "marek");
      const link = /https?:\/\/\S+\/admin\/setup#\S+/.exec(out)![0];
      const u = new URL(link);
      await page.goto(shop.url + u.pathname + u.hash);
      await page.getByLabel("Nowe hasło").fill(PASSWORD);
      await page.getByLabel("Powtórz hasło").fill(PASSWORD);
      await page.getByRole("button", { name: "Zapisz i zaloguj" }).click();
      await expect(page.getByText("Zamówienia są otwarte.")).toBeVisible();
      // Paused until a day: the owner names it, the shoppers read it.
      const back = new Date(Date.now() + 40 * 86_400_000);
      await pickDay(page, "Zamówienia ruszą ponownie (opcjonalnie)", back.toISOString().slice(0, 10));
      await page.getByRole("button", { name: "Wstrzymaj zamówienia" }).click();
      await expect(page.getByText("Zamówienia są wstrzymane: przyciski w sklepie o tym informują.")).toBeVisible();
      await expect(page.locator(".desk-switch__reopens")).toContainText(String(back.getUTCFullYear()));

      const shopper = await page.context().newPage();
      await declineCookies(shopper);
      await shopper.goto(shop.url + "/pl/shop/arc");
      // The page was built open: its button asks the daemon when pressed
      // (e2e/paused.spec.ts), and then reads the paused text.
      const add = shopper.getByRole("button", { name: TEXT.pl.add, exact: true });
      await add.or(shopper.getByRole("button", { name: TEXT.pl.paused, exact: true })).click();
      await expect(shopper.getByRole("button", { name: TEXT.pl.paused, exact: true })).toBeVisible();
      const notice = shopper.getByRole("dialog").locator(".modal__reopens");
      await expect(notice).toContainText("Zamówienia przyjmujemy ponownie od");
      await expect(notice).toContainText(String(back.getUTCDate()));
      await expect(notice).toContainText(String(back.getUTCFullYear()));
      await shopper.keyboard.press("Escape"); // the paused modal

      await page.getByRole("button", { name: "Otwórz zamówienia" }).click();
      await expect(page.getByText("Zamówienia są otwarte.")).toBeVisible();
      await shopper.reload();
      await shopper.getByRole("button", { name: TEXT.pl.add, exact: true }).click();
      await expect.poll(async () => (await cart(shopper)).length).toBe(1); // open again: the basket takes it
      await expectNoSeriousViolations(page, { what: "today" });
    } finally {
      await shop.stop();
    }
  });

  test("a discount code made in the desk discounts the basket, and stops when disabled", async ({ page, request }) => {
    const code = `DESK${Date.now().toString(36).toUpperCase()}`;
    await setUp(page, `cp${Date.now().toString(36)}`);
    await page.getByRole("link", { name: "Kody rabatowe" }).click();
    await page.getByLabel("Kod", { exact: true }).fill(code.toLowerCase());
    await page.getByLabel("Wartość").fill("10");
    await page.getByRole("button", { name: "Utwórz kod" }).click();
    const row = page.locator(".desk-coupon", { hasText: code });
    await expect(row).toContainText("−10%");
    await expect(row).toContainText("użyty 0 razy");
    await expectNoSeriousViolations(page, { what: "coupons" });
    const quote = async () => {
      const res = await request.post("/v1/quote", { data: { locale: "pl", country: "pl", code, items: [{ product: "arc", variant: "crystal", quantity: 1 }] } });
      return (await res.json()) as { totals?: { discount: number }; errors?: Record<string, string> };
    };
    expect((await quote()).totals?.discount).toBeGreaterThan(0);
    await row.getByRole("button", { name: "Wyłącz" }).click();
    await expect(row).toContainText("wyłączony");
    expect((await quote()).totals?.discount ?? 0).toBe(0);
  });

  test("subscribers: the announcement previewed in each language, the list downloaded", async ({ page }) => {
    await setUp(page, `sb${Date.now().toString(36)}`);
    await page.getByRole("link", { name: "Subskrybenci" }).click();
    await expect(page.getByRole("heading", { name: "Ogłoś sprzedaż" })).toBeVisible();
    for (const [l, word] of [["PL", "/pl/"], ["EN", "/"], ["DE", "/de/"]] as const) {
      await page.getByRole("button", { name: `Podgląd ${l}` }).click();
      await expect(page.locator(".desk-preview")).toHaveAttribute("lang", l.toLowerCase());
      await expect(page.locator(".desk-preview pre")).toContainText(word);
    }
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Pobierz listę (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("subscribers.csv");
    await expectNoSeriousViolations(page, { what: "subscribers" });
  });
});
