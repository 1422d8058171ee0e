// Where a browser-test run keeps its build and its daemon's data: one
// folder per port, so two runs at once (two ports, say while a helper tests
// next to you) never clean or share each other's data directory.
import { join, resolve } from "node:path";

export const PORT = Number(process.env.E2E_PORT ?? 4173);
// The tests are CommonJS, as the components they import are: the root
// package.json names no module type (docs/decisions/build.md#no-module-type-in-packagejson).
export const ROOT = resolve(__dirname, "..");
/** Relative to ROOT (the webServer command runs there). */
export const RUN_DIR_REL = `.build/e2e-${PORT}`;
export const RUN_DIR = join(ROOT, RUN_DIR_REL);
/** The built site the daemon serves. */
export const SITE = join(RUN_DIR, "public");
/** The daemon's data directory (orderd.db, its socket, mail/). */
export const DATA = join(RUN_DIR, "var");
/** Without SMTP settings the daemon writes each e-mail here as .eml. */
export const MAIL_DIR = join(DATA, "mail");

/**
 * The payment sandbox's confirmation delay for the run's daemons (playwright.config.ts, shop.ts OwnDaemon): 3 s by
 * default (the status page shows "pending" first, as with a real
 * provider). The specs wait for a confirmation some forty times; the page
 * polls every 2.5 s, so with 0.5 s it still shows "pending" until its
 * first poll, which then finds the payment confirmed.
 */
export const SANDBOX_DELAY = "500ms";
