// The withdrawal from the contract on the status page
// (docs/legal.md#withdrawal; Directive (EU) 2023/2673): an order of a ready
// hilt, placed and paid through the API, offers "Withdraw from contract
// here"; the form asks only for the name and the address of the confirmation,
// "Confirm withdrawal" sends it, the page and the timeline say it was
// received, the acknowledgement e-mail dates it, and the owner's desk shows
// it. An order of a design from the creator says why it cannot be withdrawn
// from. The order e-mail carries the terms version the order records. At both
// widths, in Polish.
import { expectNoSeriousViolations } from "./axe";
import { paidOrder, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { mailTo } from "./mail";
import { type CatalogCreator, defaultDesign } from "./shop";

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

test.describe("withdrawal from the contract", () => {
  test("a paid order of a ready hilt is withdrawn from on its page, acknowledged and shown to the owner", BOTH_WIDTHS, async ({ page, request }, info) => {
    test.slow(); // a payment, axe, the desk's setup
    const email = `wd-${stamp()}@example.com`;
    const ack = `wd-ack-${stamp()}@example.com`;
    const order = await paidOrder(request, email);

    // The order e-mail: the contract's essentials and the accepted terms.
    const view = (await (await request.get(`/v1/orders/${order.hash}?locale=pl`)).json()) as { terms_version: string };
    expect(view.terms_version).toMatch(/^[0-9a-f]{12}$/);
    const placedMail = await mailTo(email, `Regulamin sklepu (wersja ${view.terms_version})`);
    expect(placedMail).toContain("Prawo odstąpienia od umowy");
    expect(placedMail).toContain("## 1. Sprzedawca");

    await page.goto(`/pl/status/${order.hash}`);
    const section = page.locator(".order-withdrawal");
    await expect(section.getByRole("heading", { name: "Odstąpienie od umowy" })).toBeVisible();
    await expect(section).toContainText(`regulamin w wersji ${view.terms_version}`);
    await section.getByRole("button", { name: "Odstąp od umowy tutaj" }).click();
    const name = section.getByLabel("Imię i nazwisko");
    await expect(name).toBeFocused();
    await expect(name).toHaveValue("Łucja Warsztatowa");
    await expect(section.getByLabel("E-mail do potwierdzenia")).toHaveValue(email);
    // Only the name and the address: no reason, nothing else.
    await expect(section.locator("input, textarea, select")).toHaveCount(2);
    await section.getByLabel("E-mail do potwierdzenia").fill(ack);
    await expectNoSeriousViolations(page, { include: ".order-withdrawal", what: `withdrawal form (${info.project.name})` });

    await section.getByRole("button", { name: "Potwierdź odstąpienie od umowy" }).click();
    await expect(section.getByRole("status")).toContainText(`Potwierdzenie wysłaliśmy na adres ${ack}.`);
    await expect(section.getByRole("button", { name: "Odstąp od umowy tutaj" })).toHaveCount(0);
    await expect(page.locator(".order-timeline")).toContainText("Odstąpienie od umowy otrzymane");
    await page.reload();
    await expect(page.locator(".order-withdrawal").getByRole("status")).toContainText(ack);

    // A second withdrawal answers the first.
    const again = await request.post(`/v1/orders/${order.hash}/withdrawal`, { data: { name: "Ktoś Inny", email: "inny@example.com", locale: "pl" } });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as { order: { withdrawal: { received: { email: string } } } }).order.withdrawal.received.email).toBe(ack);

    const acknowledgement = await mailTo(ack, "odstąpienie od umowy");
    expect(acknowledgement).toMatch(/otrzymaliśmy \d{1,2} \S+ \d{4}, \d{2}:\d{2} CES?T/);
    expect(acknowledgement).toContain(`zamówienia #${order.id}`);
    expect(acknowledgement).toContain("Łucja Warsztatowa");

    await setUp(page, `wd${Date.now().toString(36)}`);
    await page.goto(`/admin/orders/${order.id}`);
    const notice = page.locator(".desk-withdrawal");
    await expect(notice.getByRole("heading", { name: "Odstąpienie od umowy" })).toBeVisible();
    await expect(notice).toContainText(`Potwierdzenie wysłano na ${ack}`);
    await expect(page.locator(".desk-terms-version")).toHaveText(`Zaakceptowany regulamin: wersja ${view.terms_version}`);
  });

  test("an order of a design from the creator says why it cannot be withdrawn from", BOTH_WIDTHS, async ({ page, request }) => {
    const cr = ((await (await request.get("/catalog.json")).json()) as { creator: CatalogCreator }).creator;
    const order = await paidOrder(request, `wd-design-${stamp()}@example.com`, { items: [{ creator: defaultDesign(cr), quantity: 1 }] });
    await page.goto(`/pl/status/${order.hash}`);
    const section = page.locator(".order-withdrawal");
    await expect(section).toContainText("Od tego zamówienia nie można odstąpić: miecz z kreatora jest wykonany według Twojego projektu");
    await expect(section.getByRole("button", { name: "Odstąp od umowy tutaj" })).toHaveCount(0);
    const refused = await request.post(`/v1/orders/${order.hash}/withdrawal`, { data: { name: "Łucja", email: "l@example.com", locale: "pl" } });
    expect(refused.status()).toBe(409);
  });
});
