// Requests from outside (docs/api.md#requests-from-outside): a page of
// another site cannot make its visitors' browsers place orders or sign
// addresses up, while the shop's own forms still post with JavaScript off; a
// shopper who lost the order e-mail gets the links again from the status
// page.
import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { MAIL_DIR, mailTo } from "./mail";
import { PORT } from "./paths";

const SHOP = `http://127.0.0.1:${PORT}`;

// Each test walks several pages and waits for e-mails: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

type Locale = "en" | "pl" | "de";
const PREFIX: Record<Locale, string> = { en: "", pl: "/pl", de: "/de" };

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** An order as the basket sends it, priced by the shop's own quote. */
async function orderBody(request: APIRequestContext, locale: Locale, email: string) {
  const items = [{ product: "belt-clip", quantity: 1 }];
  const quote = await request.post(`${SHOP}/v1/quote`, { data: { locale, country: "pl", code: "", items } });
  expect(quote.status()).toBe(200);
  const { totals } = (await quote.json()) as { totals: { total: number } };
  return {
    locale,
    terms_accepted: true,
    expected_total: totals.total,
    code: "",
    customer: {
      first_name: "Anna", last_name: "Nowak", email, phone: "+48 600 100 200",
      country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa",
    },
    items,
  };
}

/** Every .eml file to `to` so far (none: the directory may not exist yet). */
async function mailsTo(to: string): Promise<number> {
  let names: string[] = [];
  try {
    names = (await readdir(MAIL_DIR)).filter((n) => n.endsWith(".eml"));
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) {
    const head = (await readFile(join(MAIL_DIR, name), "utf8")).split("\r\n\r\n")[0]!;
    if (head.replace(/\r\n[ \t]+/g, " ").includes(to)) n++;
  }
  return n;
}

/** A second web server: "another site", on another port of this machine. */
async function evilSite(pages: Record<string, string>): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const html = pages[req.url ?? ""];
    res.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Watches the shop's answers to writes, whatever page sent them. */
function shopWrites(page: Page): { path: string; status: number }[] {
  const seen: { path: string; status: number }[] = [];
  page.on("response", (r) => {
    const u = new URL(r.url());
    if (u.port === String(PORT) && r.request().method() === "POST") seen.push({ path: u.pathname, status: r.status() });
  });
  return seen;
}

test.describe("requests from another site", () => {
  test("cannot place an order or subscribe: forms and no-cors fetches are refused", async ({ page, request }) => {
    const victim = uniqueEmail("victim");
    const order = await orderBody(request, "en", victim);
    // A text/plain form whose one field makes the body the order's JSON.
    const json = JSON.stringify(order);
    const name = json.slice(0, -1) + ',"x":"';
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    const pages = {
      "/order-form": `<!doctype html><form method="post" enctype="text/plain" action="${SHOP}/v1/orders">` +
        `<input name="${esc(name)}" value='"}'></form><script>document.forms[0].submit()</script>`,
      "/subscribe-form": `<!doctype html><form method="post" action="${SHOP}/v1/subscribers">` +
        `<input name="email" value="${victim}"><input name="locale" value="en"></form><script>document.forms[0].submit()</script>`,
      "/fetch": `<!doctype html><script>
        window.done = Promise.all([
          fetch(${JSON.stringify(SHOP + "/v1/orders")}, { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: ${JSON.stringify(json)} }),
          // A Blob without a type sends no Content-Type at all: taken as JSON before.
          fetch(${JSON.stringify(SHOP + "/v1/orders")}, { method: "POST", mode: "no-cors", body: new Blob([${JSON.stringify(json)}]) }),
          fetch(${JSON.stringify(SHOP + "/v1/subscribers")}, { method: "POST", mode: "no-cors", body: new URLSearchParams({ email: ${JSON.stringify(victim)}, locale: "en" }) }),
        ]).then(() => "sent", (e) => String(e));
      </script>`,
    };
    const evil = await evilSite(pages);
    try {
      const seen = shopWrites(page);
      // localhost is another site than 127.0.0.1 (cross-site); 127.0.0.1 on
      // another port is the same site but another origin (same-site).
      for (const host of [`localhost:${evil.port}`, `127.0.0.1:${evil.port}`]) {
        for (const form of ["/order-form", "/subscribe-form"]) {
          const answer = page.waitForResponse((r) => r.url().startsWith(SHOP) && r.request().method() === "POST");
          await page.goto(`http://${host}${form}`);
          const r = await answer;
          expect(r.status(), `${host}${form}`).toBe(403);
          expect((await r.json()).code).toBe("cross_site");
        }
        await page.goto(`http://${host}/fetch`);
        expect(await page.evaluate(() => (window as unknown as { done: Promise<string> }).done)).toBe("sent");
      }
      await expect.poll(() => seen.length).toBe(10);
      expect(seen.every((s) => s.status === 403), JSON.stringify(seen)).toBe(true);

      // A control written after the attempts: once its e-mail is out, any
      // e-mail the attempts had caused would be out too.
      const control = uniqueEmail("control");
      const ok = await request.post(`${SHOP}/v1/orders`, { data: await orderBody(request, "en", control) });
      expect(ok.status()).toBe(201);
      await mailTo(control);
      expect(await mailsTo(victim)).toBe(0);
    } finally {
      evil.server.close();
    }
  });
});

test.describe("the shop's own forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ["en", "pl", "de"] as const) {
    test(`notify me and contact post as plain forms (${locale})`, async ({ page }) => {
      const seen = shopWrites(page);
      const email = uniqueEmail(`nojs-${locale}`);
      await page.goto(`${PREFIX[locale]}/contact`);
      const notify = page.locator("form.notify-form");
      await notify.locator('input[type="email"]').fill(email);
      // Enter on the focused button, not a click at coordinates: without
      // JavaScript nothing tells the test when the web fonts have swapped,
      // and a late swap moved the button from under one click (pl, 2026-11-24).
      await Promise.all([page.waitForURL("**/v1/subscribers"), notify.locator('button[type="submit"]').press("Enter")]);
      expect(seen.at(-1)).toEqual({ path: "/v1/subscribers", status: 202 });
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      expect(await mailTo(email)).toContain("/v1/subscribers/confirm/");

      await page.goto(`${PREFIX[locale]}/contact`);
      const contact = page.locator("form.contact-form");
      await contact.locator('input[type="email"]').fill(email);
      await contact.locator("textarea").fill("Is the Talon emitter in stock?");
      await Promise.all([page.waitForURL("**/v1/contact"), contact.locator('button[type="submit"]').press("Enter")]);
      expect(seen.at(-1)).toEqual({ path: "/v1/contact", status: 201 });
    });
  }
});

const LINKS = {
  en: {
    title: "Lost the e-mail with your order link?",
    label: "E-mail address of the order",
    submit: "Send me the links",
    done: (e: string) => `If there are orders for ${e}, we have sent their links to it.`,
    invalid: "Please enter a valid e-mail address.",
    order: (n: number) => `Order #${n}`,
    mail: "Here they are, newest first",
  },
  pl: {
    title: "Zgubiona wiadomość z linkiem do zamówienia?",
    label: "Adres e-mail z zamówienia",
    submit: "Wyślij mi linki",
    done: (e: string) => `Jeśli pod adresem ${e} są zamówienia, wysłaliśmy na niego linki do nich.`,
    invalid: "Podaj poprawny adres e-mail.",
    order: (n: number) => `Zamówienie nr ${n}`,
    mail: "Oto one, od najnowszego",
  },
  de: {
    title: "E-Mail mit dem Bestelllink verloren?",
    label: "E-Mail-Adresse der Bestellung",
    submit: "Links zuschicken",
    done: (e: string) => `Falls es zu ${e} Bestellungen gibt, haben wir die Links dazu dorthin geschickt.`,
    invalid: "Bitte gib eine gültige E-Mail-Adresse ein.",
    order: (n: number) => `Bestellung Nr. ${n}`,
    mail: "Hier sind sie, die neueste zuerst",
  },
} as const;

for (const locale of ["en", "pl", "de"] as const) {
  const T = LINKS[locale];
  test(`resend my order links from the status page (${locale})`, async ({ page, request }) => {
    const email = uniqueEmail(`links-${locale}`);
    // The order is placed in Polish; the links come in the page's language.
    const res = await request.post(`${SHOP}/v1/orders`, { data: await orderBody(request, "pl", email) });
    expect(res.status()).toBe(201);
    const placed = (await res.json()) as { hash: string; order: { id: number } };

    await page.goto(`${PREFIX[locale]}/status/`);
    const form = page.locator("section.order-links");
    await expect(form.getByRole("heading", { name: T.title })).toBeVisible();
    const field = form.getByLabel(T.label, { exact: true });
    // A typo: the message in the page's language, and the typing is kept.
    await field.fill("anna@");
    await form.getByRole("button", { name: T.submit }).click();
    await expect(form.getByRole("alert")).toHaveText(T.invalid);
    await expect(field).toHaveValue("anna@");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page, { include: "section.order-links" });

    await field.fill(email);
    await form.getByRole("button", { name: T.submit }).click();
    await expect(form.getByText(T.done(email))).toBeVisible();

    const mail = await mailTo(email, `/status/${placed.hash}`);
    expect(mail).toContain(T.mail); // in the language of the page asked from
    const link = new RegExp(`https?://[^\\s"<>]+/pl/status/${placed.hash}`).exec(mail)?.[0];
    expect(link, "the order's link in the e-mail").toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: LINKS.pl.order(placed.order.id) })).toBeVisible();
  });
}
