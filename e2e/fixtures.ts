// The `test` every browser spec imports: Playwright's, plus the daemons'
// request logs shown for a failed test only. The daemons write their logs
// to files under the run's folder (playwright.config.ts, shop.ts OwnDaemon),
// so a green run prints test names and nothing else; a red test gets the
// lines written while it ran, attached and printed after its error.
import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { test as base } from "@playwright/test";
import { RUN_DIR } from "./paths";

export * from "@playwright/test";

/** The logs a test may have written to: the run's daemon's and this worker's own daemons'. */
async function logSizes(): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let names: string[] = [];
  try {
    names = await readdir(RUN_DIR);
  } catch {
    return sizes; // no run folder yet
  }
  const own = `orderd-w${process.env.TEST_WORKER_INDEX ?? "x"}-`;
  for (const name of names) {
    if (name !== "orderd.log" && !(name.startsWith(own) && name.endsWith(".log"))) continue;
    sizes.set(name, (await stat(join(RUN_DIR, name))).size);
  }
  return sizes;
}

async function readFrom(file: string, offset: number): Promise<string> {
  const f = await open(file, "r");
  try {
    const { size } = await f.stat();
    const buf = Buffer.alloc(Math.max(0, size - offset));
    await f.read(buf, 0, buf.length, offset);
    return buf.toString("utf8");
  } finally {
    await f.close();
  }
}

export const test = base.extend<{ daemonLog: void }>({
  daemonLog: [
    async ({}, use, info) => {
      const before = await logSizes();
      await use();
      if (info.status === info.expectedStatus) return;
      // The run's daemon serves both workers: its lines from this test's
      // time include the other worker's requests.
      for (const name of (await logSizes()).keys()) {
        const lines = await readFrom(join(RUN_DIR, name), before.get(name) ?? 0);
        if (!lines) continue;
        await info.attach(name, { body: lines, contentType: "text/plain" });
        console.log(`--- ${name} while the test ran ---\n${lines}`);
      }
    },
    { auto: true },
  ],
});

/**
 * Where a test runs (playwright.config.ts projects): untagged tests once, at
 * desktop width; BOTH_WIDTHS at phone (375 px) and desktop (1280 px) width,
 * for what width changes (layout, menus, touch, screenshots, axe of a
 * layout); PHONE_ONLY for what exists on phones only. A test looping over
 * the locales for a width-dependent reason takes both widths in one locale:
 * bothWidthsIf(locale === "en").
 */
export const BOTH_WIDTHS = { tag: "@both" };
export const PHONE_ONLY = { tag: "@phone" };
export const bothWidthsIf = (cond: boolean) => (cond ? BOTH_WIDTHS : {});
