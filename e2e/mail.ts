// The e-mails the daemon under test wrote: without SMTP settings it writes
// each message as an .eml file under <data>/mail (see playwright.config.ts).
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { MAIL_DIR } from "./paths";

export { MAIL_DIR };

/**
 * The newest e-mail to `to` (that also mentions `mentioning`, if given) in
 * dir (the run's daemon's, or a daemon of its own's), as soon as the outbox
 * worker has written it. The bound is for a broken run only.
 */
export async function mailTo(to: string, mentioning = "", dir = MAIL_DIR): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(dir)).filter((n) => n.endsWith(".eml")).sort().reverse();
    } catch {
      /* not created yet */
    }
    for (const name of names) {
      const raw = await readFile(join(dir, name), "utf8");
      const split = raw.indexOf("\r\n\r\n");
      // Unfolded (RFC 5322 §2.2.3): an encoded name pushes the address of a
      // long To: onto a continuation line.
      const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
      const text = head + "\r\n\r\n" + decodeQuotedPrintable(raw.slice(split + 4));
      if (new RegExp(`^To: .*${escape(to)}`, "mi").test(head) && (!mentioning || text.includes(mentioning))) return text;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Waits until every e-mail queued so far has been written: the outbox sends
 * oldest first, so once a newer one (a subscriber's opt-in to a fresh
 * address) is written, the older ones are too.
 */
export async function outboxDrained(request: APIRequestContext) {
  const marker = `drained-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const res = await request.post("/v1/subscribers", { data: { email: marker, locale: "en" } });
  if (res.status() !== 202) throw new Error(`subscribing ${marker}: ${res.status()}`);
  await mailTo(marker);
}

/** Undoes quoted-printable (RFC 2045): soft line breaks and =XX bytes. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
