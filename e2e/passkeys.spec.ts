// Passkeys on the owner's desk
// (docs/decisions/desk-security.md#passkeys-the-kept-webauthn-library), with
// Chromium's virtual authenticator (CDP WebAuthn domain): add one on the
// Passkeys page, sign out, sign in with the passkey alone (no name, no
// password), find both in the activity, remove it. WebAuthn needs a secure
// context and a domain as relying party ID: http://localhost counts,
// http://127.0.0.1 does not, so this spec browses the run's daemon at
// localhost.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expectNoSeriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { PORT } from "./paths";
import { DATA, orderdBinary } from "./shop";

const run = promisify(execFile);
const LOCAL = `http://localhost:${PORT}`;

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

test("passkey: add, sign in with it alone, see it in the activity, remove it", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const name = `pk${Date.now().toString(36)}`;
  const { stdout } = await run(await orderdBinary(), ["-data", DATA, "owners", "add", name]);
  const link = /https?:\/\/\S+\/admin\/setup#\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`no setup link in: ${stdout}`);
  const u = new URL(link);
  await page.goto(LOCAL + u.pathname + u.hash);
  await page.getByLabel("Nowe hasło").fill("miecz świetlny z warsztatu");
  await page.getByLabel("Powtórz hasło").fill("miecz świetlny z warsztatu");
  await page.getByRole("button", { name: "Zapisz i zaloguj" }).click();
  await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();

  await page.getByRole("link", { name: "Klucze", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Klucze dostępu" })).toBeVisible();
  await expect(page.getByText("Nie ma jeszcze kluczy")).toBeVisible();
  await page.getByLabel("Nazwa klucza").fill("telefon");
  await page.getByRole("button", { name: "Dodaj klucz dostępu" }).click();
  await expect(page.getByRole("status")).toHaveText("Klucz dostępu dodany. Następnym razem zaloguj się nim.");
  await expect(page.locator(".desk-passkeys__item")).toHaveCount(1);
  await expect(page.locator(".desk-passkeys__name")).toHaveText("telefon");
  await expect(page.locator(".desk-passkeys__item")).toContainText("jeszcze nieużyty");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe("localhost");
  await expectNoSeriousViolations(page, { what: "passkeys" });

  await page.getByRole("button", { name: "Wyloguj", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
  await page.getByRole("button", { name: "Wejdź kluczem dostępu" }).click();
  await expect(page.getByRole("heading", { name: "Dziś" })).toBeVisible();
  await expect(page.locator(".desk-bar__who")).toHaveText(name);
  expect((await page.request.get(`${LOCAL}/admin/api/me`)).status()).toBe(200);
  const me = (await (await page.request.get(`${LOCAL}/admin/api/me`)).json()) as { method: string };
  expect(me.method).toBe("passkey");

  await page.getByRole("link", { name: "Aktywność" }).click();
  const entry = (what: string) => page.locator(".desk-log__entry").filter({ hasText: what }).filter({ hasText: name });
  await expect(entry("Dodano klucz dostępu")).toContainText("telefon");
  await expect(entry("Logowanie").filter({ hasText: "passkey" })).toBeVisible();

  await page.getByRole("link", { name: "Klucze", exact: true }).click();
  await expect(page.locator(".desk-passkeys__item")).toContainText("ostatnio użyty");
  await page.getByRole("button", { name: "Usuń telefon" }).click();
  await expect(page.getByRole("status")).toHaveText("Klucz dostępu usunięty.");
  await expect(page.getByText("Nie ma jeszcze kluczy")).toBeVisible();
  await page.getByRole("link", { name: "Aktywność" }).click();
  await expect(entry("Usunięto klucz dostępu")).toContainText("telefon");

  // The removed passkey, still on the device, signs nobody in.
  await page.getByRole("button", { name: "Wyloguj", exact: true }).click();
  await page.getByRole("button", { name: "Wejdź kluczem dostępu" }).click();
  await expect(page.getByRole("alert")).toHaveText("Klucz dostępu nie został przyjęty.");
  await expect(page.getByRole("heading", { name: "Logowanie" })).toBeVisible();
});
