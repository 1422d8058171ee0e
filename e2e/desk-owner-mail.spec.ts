// The owner's e-mails, chosen per kind on the desk's Account page
// (docs/decisions/e-mail.md#the-owner-chooses-each-digest-or-none-per-kind):
// "no e-mail" and "one e-mail an hour" keep a new order's e-mail out of the
// owner's inbox (the shopper's still goes), "an e-mail each time" brings it
// back; a withdrawal cannot be turned off. At 375 px in Polish and 1280 px
// in English. The hourly digest itself is internal/orders'
// TestOwnerMailDigest (an hour does not pass in a browser test).
import { open, readdir, readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { expectNoSeriousViolations } from "./axe";
import { addOwner, PASSWORD, placedOrder } from "./desk";
import { BOTH_WIDTHS, expect, test, type APIRequestContext, type Page } from "./fixtures";
import { decodeQuotedPrintable, MAIL_DIR, mailTo, outboxDrained } from "./mail";
import { DATA } from "./shop";

const OWNER = "hello@saberforge.example"; // the catalogue's company e-mail: the owner's address

type Texts = Record<string, unknown>;

/** The desk's texts in lang, as the desk itself gets them (internal/desk/ui/<lang>.toml). */
async function deskTexts(request: APIRequestContext, lang: string): Promise<(key: string, params?: Record<string, string>) => string> {
  const res = await request.get(`/admin/api/texts?lang=${lang}`);
  expect(res.status()).toBe(200);
  const { texts } = (await res.json()) as { texts: Texts };
  return (key, params = {}) => {
    const v = texts[key];
    if (typeof v !== "string") throw new Error(`no desk text ${key} in ${lang}`);
    return v.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? `{${k}}`);
  };
}

/**
 * The choice is the shop's, one for every worker: the phone's and the
 * desktop's runs of this test take turns (a lock file in the run's data
 * folder), so one's "no e-mail" never meets the other's order.
 */
async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const lock = join(DATA, "owner-mail.lock");
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await (await open(lock, "wx")).close();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("the owner-mail lock was never freed");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lock);
  }
}

/** Every e-mail written so far to the owner that mentions text (the shopper's address: their order's e-mails). */
async function ownerMailsAbout(text: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(MAIL_DIR)) {
    if (!name.endsWith(".eml")) continue;
    const raw = await readFile(join(MAIL_DIR, name), "utf8");
    const split = raw.indexOf("\r\n\r\n");
    const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    if (/^To: .*hello@saberforge\.example/im.test(head) && (head + decodeQuotedPrintable(raw.slice(split + 4))).includes(text)) out.push(raw);
  }
  return out;
}

async function choose(page: Page, t: Awaited<ReturnType<typeof deskTexts>>, kind: string, mode: string) {
  const select = page.getByLabel(t(`account.mail_kinds.${kind}`), { exact: true });
  await select.selectOption({ label: t(`account.mail_modes.${mode}`) });
  await expect(page.getByRole("status")).toHaveText(t("account.mail_saved", { kind: t(`account.mail_kinds.${kind}`), mode: t(`account.mail_modes.${mode}`) }));
  await expect(select).toHaveValue(mode);
}

test("the owner chooses how new orders' e-mails come, on the Account page", BOTH_WIDTHS, async ({ page, request }, info) => {
  test.slow(); // takes turns with the other width
  const lang = info.project.name === "phone" ? "pl" : "en";
  await page.context().setExtraHTTPHeaders({ "Accept-Language": lang });
  const t = await deskTexts(request, lang);

  await page.goto(await addOwner(`om${lang}${Date.now().toString(36)}`));
  await page.getByLabel(t("setup.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t("setup.repeat"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t("setup.submit") }).click();
  await expect(page.getByRole("heading", { name: t("today.title"), level: 1 })).toBeVisible();
  await page.goto("/admin/account");
  const part = page.locator(".desk-account__part", { has: page.getByRole("heading", { name: t("account.mail_title") }) });
  await expect(part).toBeVisible();
  await expectNoSeriousViolations(page, { what: "account with the e-mail choices" });

  // Every kind offers its modes; a withdrawal never goes without an e-mail.
  const placed = part.getByLabel(t("account.mail_kinds.owner_order_placed"), { exact: true });
  await expect(placed.locator("option")).toHaveText(["each", "digest", "none"].map((m) => t(`account.mail_modes.${m}`)));
  const withdrawal = part.getByLabel(t("account.mail_kinds.owner_withdrawal"), { exact: true });
  await expect(withdrawal.locator("option")).toHaveText(["each", "digest"].map((m) => t(`account.mail_modes.${m}`)));
  await expect(withdrawal).toHaveAccessibleDescription(t("account.mail_withdrawal_hint"));

  const shopper = (what: string) => `owner-mail-${what}-${lang}-${Date.now().toString(36)}@example.com`;
  await exclusive(async () => {
    // Until the owner chooses, each e-mail as before.
    await page.reload();
    await expect(placed).toHaveValue("each");
    try {
      for (const mode of ["none", "digest"]) {
        await choose(page, t, "owner_order_placed", mode);
        const email = shopper(mode);
        await placedOrder(request, email);
        await mailTo(email); // the shopper's e-mail goes as ever
        await outboxDrained(request);
        expect(await ownerMailsAbout(email), `${mode}: no e-mail to the owner`).toEqual([]);
      }
      // The choice is the shop's, kept: the page shows it after a reload.
      await page.reload();
      await expect(page.getByLabel(t("account.mail_kinds.owner_order_placed"), { exact: true })).toHaveValue("digest");
      if (info.project.name === "phone") {
        await page.evaluate(() => document.fonts.ready);
        await part.screenshot({ path: info.outputPath(`desk-owner-mail-${info.project.name}.png`) });
      }

      await choose(page, t, "owner_order_placed", "each");
      const email = shopper("each");
      const o = await placedOrder(request, email);
      const mail = await mailTo(OWNER, email);
      expect(mail).toContain(`#${o.id}`);
    } finally {
      // The shop as it was for every other test: each e-mail.
      await choose(page, t, "owner_order_placed", "each");
    }
  });
  await page.evaluate(() => document.fonts.ready);
  await part.screenshot({ path: info.outputPath(`desk-owner-mail-${info.project.name}-each.png`) });
});
