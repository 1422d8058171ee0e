// The owner's desk (docs/decisions/desk.md#account-chores-are-in-the-desk-too):
// the account page. Another account made in
// the desk and set up on another phone, then removed; the authenticator
// code turned on and asked at the next sign-in; a backup downloaded that
// the server's own commands read.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { copyFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expectNoSeriousViolations } from "./axe";
import { PASSWORD, openPlace, paidOrder, setUp, signOut } from "./desk";
import { BOTH_WIDTHS, expect, test, type Page } from "./fixtures";
import { orderdBinary } from "./shop";

const run = promisify(execFile);

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

/** RFC 6238 (SHA-1, 6 digits, 30 s) of a base32 key, as an authenticator app computes it. */
function totp(key: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of key.replace(/\s/g, "")) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const o = mac.readUInt8(mac.length - 1) & 0xf;
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function openAccount(page: Page) {
  await openPlace(page, "Konto");
  await expect(page.getByRole("heading", { name: "Konto", exact: true })).toBeVisible();
}

test("another account made in the desk, set up on another phone, then removed", BOTH_WIDTHS, async ({ page, browser }) => {
  test.slow(); // two browsers, axe
  await setUp(page, `ac${Date.now().toString(36)}`);
  await openAccount(page);
  await expect(page.locator(".desk-owner").first()).toBeVisible();
  await expectNoSeriousViolations(page, { what: "account" });

  const helper = `pomoc${Date.now().toString(36)}`;
  const add = page.locator(".desk-owner__add");
  await add.getByLabel("Nazwa").fill(helper);
  await add.getByLabel("Twoje hasło (potwierdzenie)").fill("nie to hasło wcale");
  await add.getByRole("button", { name: "Dodaj i utwórz link konfiguracji" }).click();
  await expect(page.getByRole("alert")).toHaveText("To nie jest Twoje hasło. Nic nie zmieniono.");
  await expect(add.getByLabel("Nazwa")).toHaveValue(helper); // what was typed stays
  await add.getByLabel("Twoje hasło (potwierdzenie)").fill(PASSWORD);
  await add.getByRole("button", { name: "Dodaj i utwórz link konfiguracji" }).click();
  await expect(page.getByRole("status")).toHaveText("Konto dodane. Przekaż link konfiguracji poniżej.");
  const link = new URL((await page.locator(".desk-link-box code").textContent()) ?? "");

  // The helper's own phone.
  const other = await browser.newContext({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl" } });
  const phone = await other.newPage();
  await phone.goto(link.pathname + link.hash);
  await phone.getByLabel("Nowe hasło").fill("hasło pomocnika w warsztacie");
  await phone.getByLabel("Powtórz hasło").fill("hasło pomocnika w warsztacie");
  await phone.getByRole("button", { name: "Zapisz i zaloguj" }).click();
  await expect(phone.getByRole("heading", { name: "Dziś" })).toBeVisible();

  await page.reload();
  const row = page.locator(".desk-owner").filter({ hasText: helper });
  await expect(row).toContainText("skonfigurowane");
  await row.getByRole("button", { name: "Usuń" }).click();
  await row.getByLabel("Twoje hasło (potwierdzenie)").fill(PASSWORD);
  await row.getByRole("button", { name: `Usuń konto ${helper}` }).click();
  await expect(page.getByRole("status")).toHaveText("Konto usunięte.");
  await expect(page.locator(".desk-owner").filter({ hasText: helper })).toHaveCount(0);
  // Signed out on the helper's phone.
  await phone.reload();
  await expect(phone.getByRole("heading", { name: "Logowanie" })).toBeVisible();
  await other.close();
});

test("the authenticator code turned on in the desk is asked at the next sign-in", async ({ page }) => {
  const name = `tp${Date.now().toString(36)}`;
  await setUp(page, name);
  await openAccount(page);
  await page.getByRole("button", { name: "Włącz" }).click();
  const key = (await page.locator(".desk-key").textContent()) ?? "";
  await expect(page.getByRole("link", { name: "otwórz go w aplikacji" })).toHaveAttribute("href", /^otpauth:\/\/totp\//);
  const factor = page.locator(".desk-account__part").filter({ has: page.getByRole("heading", { name: "Kod z aplikacji uwierzytelniającej" }) });
  await factor.getByLabel("Kod z aplikacji").fill("000000");
  await factor.getByLabel("Twoje hasło (potwierdzenie)").fill(PASSWORD);
  await factor.getByRole("button", { name: "Włącz" }).click();
  await expect(page.getByRole("alert")).toContainText("Ten kod nie pasuje do klucza.");
  await factor.getByLabel("Kod z aplikacji").fill(totp(key));
  await factor.getByRole("button", { name: "Włącz" }).click();
  await expect(page.getByRole("status")).toHaveText("Kod jest włączony. Następne logowanie hasłem o niego zapyta.");

  await signOut(page);
  // Signed out once the sign-in page shows (until then the account page,
  // with its own password fields, is still there).
  await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
  await page.getByLabel("Nazwa").fill(name);
  await page.getByLabel("Hasło").fill(PASSWORD);
  await page.getByRole("button", { name: "Zaloguj" }).click();
  await page.getByLabel("Kod z aplikacji uwierzytelniającej").fill(totp(key));
  await page.getByRole("button", { name: "Zaloguj" }).click();
  await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
});

test("a backup downloaded from the desk is a data file the server's commands read", async ({ page, request }) => {
  const email = `backup-${Date.now().toString(36)}@example.com`;
  const order = await paidOrder(request, email);
  await setUp(page, `bk${Date.now().toString(36)}`);
  await openAccount(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Pobierz kopię danych" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orderd-\d{4}-\d\d-\d\d-\d{4}\.db$/);
  const dir = await mkdtemp(join(tmpdir(), "desk-backup-"));
  await copyFile(await download.path(), join(dir, "orderd.db"));
  const { stdout } = await run(await orderdBinary(), ["-data", dir, "orders", "search", email]);
  expect(stdout).toContain(`${order.id}`);
});

test("a contact message with markup reads as text in the desk's Messages", BOTH_WIDTHS, async ({ page, request }) => {
  const email = `kontakt-${Date.now().toString(36)}@example.com`;
  const markup = `<img src=x onerror=alert(1)> Czy zrobicie rękojeść z mosiądzu?`;
  const res = await request.post("/v1/contact", { data: { name: "<b>Ola</b>", email, message: `${markup}\nDruga linia.`, locale: "pl" } });
  expect(res.status(), await res.text()).toBe(201);
  await setUp(page, `ms${Date.now().toString(36)}`);
  page.on("dialog", (d) => {
    throw new Error(`a message ran script: ${d.message()}`);
  });
  await page.getByRole("link", { name: "Wiadomości" }).click();
  const card = page.locator(".desk-message").filter({ hasText: email });
  await expect(card.locator(".desk-message__text")).toHaveText(`${markup}\nDruga linia.`);
  await expect(card.locator("strong")).toHaveText("<b>Ola</b>");
  await expect(card.locator("img")).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Odpowiedz: ${email}` })).toHaveAttribute("href", `mailto:${email}`);
  await expectNoSeriousViolations(page, { what: "messages" });
});
