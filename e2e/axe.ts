// One axe-core scan for every spec: the WCAG 2.0/2.1 A and AA rules only
// (what the spec asks of the shop; the best-practice rules are not), run in
// the page itself (legacy mode: no extra blank page per scan to merge
// frames' results, the site has no frames), reporting violations only (no
// selectors worked out for the hundreds of passing nodes). On a busy 2-core
// machine this took a scan of the home page from about 45 s to about 10 s.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Expects no serious or critical violation on the page (or within
 * `include`, a selector). `what` names the state in the failure message.
 */
export async function expectNoSeriousViolations(page: Page, { include, what = "" }: { include?: string; what?: string } = {}) {
  // Finite animations and transitions (a fade-in, a toast sliding in) end
  // first: axe reads colours mid-fade otherwise. Endless ones (the blade's
  // hum) are left running.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))),
  );
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${what ? what + ": " : ""}${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
