// First-click benchmark (docs/benchmarks.md#first-click-inp): loads a product
// page and the creator in Chromium at 375 px under Slow 4G (1.6 Mbit/s down,
// 750 kbit/s up, 150 ms round trips, by CDP) and 4x CPU throttling, clicks
// "Add to basket" as soon as the button is visible, and reports per page and
// run:
// - INP: the longest PerformanceEventTiming entry of an interaction (event
//   entries with an interactionId; the browser reports those of 16 ms and
//   more, so "<16" means none was that long);
// - count: from the click's event time to the animation frame in which the
//   header's basket count shows a number (the frame after it is painted);
// - stored: whether the stored cart held a line 50 ms after the click.
// The click is a tap at the button's centre (a mouse click at 1280 px)
// sent as input events, as a phone sends it; a run whose tap shows no
// count within 15 s is reported as missed, with what is at the tap's
// point, and left out of the medians.
// Then the median of each. Usage:
//   node scripts/inp.mjs http://127.0.0.1:8089 [runs]
// INP_PAGES=/shop/arc,/shop/custom-saber-creator picks the pages.
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://127.0.0.1:8089";
const runs = Number(process.argv[3] ?? 5);
const pages = (process.env.INP_PAGES ?? "/shop/arc,/shop/custom-saber-creator").split(",");
// INP_VIEWPORT=desktop: 1280 px, where the button is on the first screen (no scroll before the click).
const desktop = process.env.INP_VIEWPORT === "desktop";
// INP_WAIT=settled: click once the page has loaded and the browser is idle
// (the islands hydrated on interaction still wait), instead of at once.
const settled = process.env.INP_WAIT === "settled";
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** A tap whose count has not shown by then missed (the page answers in well under a second). */
const MISS_MS = 15_000;

/** The page's "Add to basket": the product form's, else the creator's. */
const BUTTON = "button[data-product], .creator__buy button.btn--primary";

// Runs in the page before its own scripts.
function observe() {
  const w = /** @type {any} */ (window);
  w.__bench = { inp: 0, events: [], click: 0, count: 0 };
  const po = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const ev = /** @type {PerformanceEventTiming} */ (e);
      if (!ev.interactionId) continue;
      w.__bench.events.push(`${ev.name}:${ev.duration}`);
      w.__bench.inp = Math.max(w.__bench.inp, ev.duration);
    }
  });
  po.observe({ type: "event", durationThreshold: 16, buffered: true });
  po.observe({ type: "first-input", buffered: true });
  // What kept the main thread (INP_DEBUG=1 prints it): long animation frames.
  w.__bench.frames = [];
  new PerformanceObserver((list) => {
    for (const f of list.getEntries()) {
      const scripts = (/** @type {any} */ (f).scripts ?? []).map((s) => `${s.invoker || s.invokerType} ${Math.round(s.duration)}ms ${(s.sourceURL || "").split("/").pop()}`);
      w.__bench.frames.push(`${Math.round(f.startTime)}+${Math.round(f.duration)} [${scripts.join("; ")}]`);
    }
  }).observe({ type: "long-animation-frame", buffered: true });
  addEventListener(
    "click",
    (e) => {
      if (w.__bench.click || !e.target?.closest?.("button")) return;
      w.__bench.click = e.timeStamp;
      const frame = () => {
        const c = document.querySelector(".cart-badge__count");
        if (c && !c.hidden && c.textContent !== "0") w.__bench.count = performance.now() - w.__bench.click;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      // What an immediate navigation would keep: the stored cart 50 ms on.
      setTimeout(() => (w.__bench.stored = (localStorage.getItem("saber-shop.cart.v1") ?? "[]") !== "[]"), 50);
    },
    true,
  );
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  for (const path of pages) {
    const rows = [];
    let missed = 0;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext(desktop ? { viewport: { width: 1280, height: 800 } } : { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.addInitScript(observe);
      await page.goto(base + path, { waitUntil: "commit" });
      const button = page.locator(BUTTON).first();
      // At 1280 px the button is on the first screen: no scroll (a scroll
      // hydrates the islands it brings near, see components/islands/loader.ts).
      if (desktop) await button.waitFor({ timeout: 60_000 });
      else await button.scrollIntoViewIfNeeded({ timeout: 60_000 });
      if (settled) {
        // The page loaded and quiet, still nothing hydrated (product page).
        await page.waitForLoadState("load");
        await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 })));
      }
      // A tap (a mouse click at 1280 px) at the button's centre, sent as
      // input events: Playwright's locator.click() checks its target with
      // listeners of its own in the page (elementsFromPoint on pointerdown),
      // which PerformanceEventTiming counts as the page's (10-20 ms here).
      const box = await button.boundingBox();
      if (!box) throw new Error(`${path}: the button has no box`);
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      if (desktop) await page.mouse.click(x, y);
      else await page.touchscreen.tap(x, y);
      try {
        await page.waitForFunction(() => /** @type {any} */ (window).__bench.count > 0, null, { timeout: MISS_MS });
      } catch {
        // A tap that did not add the line: say where it landed and go on
        // (one miss used to end the whole benchmark with a timeout).
        const at = await page.evaluate(([x, y]) => {
          const el = document.elementFromPoint(x, y);
          return { hit: el ? el.outerHTML.slice(0, 120) : "nothing", cart: localStorage.getItem("saber-shop.cart.v1") ?? "[]" };
        }, [x, y]);
        console.log(`${path} run ${i + 1}: MISSED: no count ${MISS_MS / 1000} s after the tap at ${Math.round(x)},${Math.round(y)}; there now: ${at.hit}; stored cart ${at.cart}`);
        missed++;
        await context.close();
        continue;
      }
      // Event timing entries arrive after the paint that ends them.
      await page.waitForFunction(() => /** @type {any} */ (window).__bench.stored !== undefined, null, { timeout: 60_000 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
      const b = await page.evaluate(() => /** @type {any} */ (window).__bench);
      rows.push(b);
      if (process.env.INP_DEBUG) console.log(`click at ${Math.round(b.click)}; long frames: ${b.frames.join(" | ")}`);
      console.log(`${path} run ${i + 1}: INP ${b.inp ? b.inp + " ms" : "<16 ms"}, count ${Math.round(b.count)} ms, stored at 50 ms ${b.stored ? "yes" : "no"} (${b.events.join(" ") || "no event of 16 ms or more"})`);
      await context.close();
    }
    if (rows.length === 0) {
      console.log(`${path}: no tap of ${runs} landed`);
      continue;
    }
    const inp = median(rows.map((r) => r.inp));
    const count = median(rows.map((r) => r.count));
    console.log(`${path} median of ${rows.length}: INP ${inp ? inp + " ms" : "<16 ms"}, count ${Math.round(count)} ms, stored at 50 ms in ${rows.filter((r) => r.stored).length}/${rows.length}${missed ? `; ${missed} tap(s) missed` : ""}`);
  }
} finally {
  await browser.close();
}
