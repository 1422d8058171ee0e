// Collects what a page logs as a problem: console errors and warnings,
// uncaught exceptions and failed requests. Tests expect the list empty.
import type { ConsoleMessage, Page } from "@playwright/test";

/**
 * Playwright's own warning in a spec with `serviceWorkers: "block"` (the
 * specs that route the page's requests): not the page's problem.
 */
const SW_BLOCKED = "Service Worker registration blocked by Playwright";

/** ignore lets a spec drop messages it expects (an API's 501, say). */
export function watchConsole(page: Page, ignore: (msg: ConsoleMessage) => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error" && msg.type() !== "warning") return;
    if (msg.text() === SW_BLOCKED || ignore(msg)) return;
    problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("requestfailed", (req) => {
    // A reload or navigation cancels the previous page's loads: not a failure.
    if (req.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText}`);
  });
  return problems;
}
