// Lighthouse (mobile) scores for the home page, a product page and a blog
// post, with Debian's Chromium, against the site served on BASE (default
// http://127.0.0.1:8080). Prints a Markdown table for docs/benchmarks.md.
// Usage: node scripts/lighthouse.mjs [BASE]   (see `make lighthouse`)
//
// Two page names are set up first (the pages where money is decided;
// docs/benchmarks.md#lighthouse): `basket:3` is /basket with three lines in
// the tab's storage (Lighthouse keeps the storage for it), and `status` (or
// `/pl:status`, `/de:status`) is the status page of an order placed through
// the API just before. The noindex pages' SEO score is printed with "is
// crawlable" apart: a status or basket page must not be crawlable.
// LIGHTHOUSE_SAVE=DIR writes every run's report there as JSON, to read the
// audits behind a score (long tasks, main-thread breakdown).
import { get } from "node:http";
import { mkdir, writeFile } from "node:fs/promises";
import puppeteer from "puppeteer-core";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const base = process.argv[2] ?? "http://127.0.0.1:8080";
const pages = (process.env.LIGHTHOUSE_PAGES ?? "/,/shop/arc,/blog/how-a-hilt-is-made,/pl/,/de/shop/talon").split(",");
const categories = ["performance", "accessibility", "best-practices", "seo"];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
// Bytes of url as the server sends it gzip-encoded (the target is stated
// in gzip; Lighthouse reports what was transferred, brotli here).
function gzipSize(url) {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let n = 0;
      res.on("data", (c) => (n += c.length));
      res.on("end", () => resolve(n));
    }).on("error", reject);
  });
}

/** Three lines in the shopper's stored cart (components/cart/store.ts). */
const CART = [
  { product: "arc", variant: "crystal", quantity: 1 },
  { product: "count", quantity: 2 },
  { product: "royal", quantity: 1 },
];

async function seedCart() {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((cart) => localStorage.setItem("saber-shop.cart.v1", JSON.stringify(cart)), CART);
  // Lighthouse keeps the caches and the service worker too when it keeps
  // the storage: cold ones, as on every other page measured.
  const cdp = await page.createCDPSession();
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(base).origin, storageTypes: "service_workers,cache_storage" });
  await cdp.send("Network.clearBrowserCache");
  await page.close();
  await browser.disconnect();
}

/** Places an order of the cart through the API (as the basket does); its status page's path. */
async function placeOrder(prefix) {
  const locale = prefix.replace("/", "") || "en";
  const post = async (path, body, headers = {}) => {
    const res = await fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base, ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const quote = await post("/v1/quote", { locale, country: "pl", items: CART });
  const order = await post("/v1/orders", {
    locale, terms_accepted: true, expected_total: quote.totals.total, code: "", items: CART,
    customer: { first_name: "Anna", last_name: "Nowak", email: "lighthouse@example.com", phone: "+48 600 100 200", country: "pl", street: "Długa 1", zip: "00-001", city: "Warszawa" },
  }, { "Idempotency-Key": `lighthouse-${Date.now()}-${Math.random()}` });
  return new URL(order.status_url, base).pathname;
}

/** The path to measure for a page name, after its set-up; storage kept for the basket. */
async function setUp(name) {
  if (name === "basket:3") {
    await seedCart();
    return { path: "/basket", keepStorage: true };
  }
  const status = /^(\/pl|\/de)?:?status$/.exec(name);
  if (status) return { path: await placeOrder(status[1] ?? ""), keepStorage: false };
  return { path: name, keepStorage: false };
}

/** The SEO category's score without one audit (weights as Lighthouse gives them). */
function seoWithout(lhr, id) {
  const refs = lhr.categories.seo.auditRefs.filter((r) => r.id !== id && r.weight > 0);
  const weight = refs.reduce((n, r) => n + r.weight, 0);
  const score = refs.reduce((n, r) => n + r.weight * (lhr.audits[r.id]?.score ?? 0), 0);
  return Math.round((score / weight) * 100);
}

// Lighthouse's own advice for a noisy machine: run several times and keep
// the median run (by performance score), printing the spread too.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const rows = [];
try {
  for (const name of pages) {
    const { path, keepStorage } = await setUp(name);
    const runs = [];
    // A run Lighthouse itself could not record (NO_NAVSTART: its trace
    // missed the navigation) has no score; it is run again, not counted as
    // 0, up to RUNS failures per page.
    let failed = 0;
    for (let i = 0; runs.length < RUNS; i++) {
      if (keepStorage) await seedCart();
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories, formFactor: "mobile", disableStorageReset: keepStorage });
      if (process.env.LIGHTHOUSE_SAVE) {
        await mkdir(process.env.LIGHTHOUSE_SAVE, { recursive: true });
        await writeFile(`${process.env.LIGHTHOUSE_SAVE}/${name.replace(/[^a-z0-9]+/gi, "_")}-${i + 1}.json`, JSON.stringify(result.lhr));
      }
      if (result.lhr.runtimeError) {
        console.error(`${path}: run ${i + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        if (++failed > RUNS) throw new Error(`${path}: ${failed} runs without a result`);
        continue;
      }
      runs.push(result.lhr);
    }
    const perf = (l) => l.categories.performance?.score ?? 0;
    runs.sort((a, b) => perf(a) - perf(b));
    const lhr = runs[Math.floor(runs.length / 2)];
    const spread = runs.map((l) => Math.round(perf(l) * 100)).join("/");
    const scores = categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const items = lhr.audits["network-requests"]?.details?.items ?? [];
    const scripts = items.filter((i) => i.resourceType === "Script");
    const jsBytes = scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0);
    let jsGzip = 0;
    for (const s of scripts) jsGzip += await gzipSize(s.url);
    const lcp = lhr.audits["largest-contentful-paint"]?.displayValue ?? "";
    const tbt = lhr.audits["total-blocking-time"]?.displayValue ?? "";
    // A noindex page fails "is crawlable", which is right for it: its SEO
    // score is shown with that audit apart (the rest must be 100).
    const crawlable = lhr.audits["is-crawlable"]?.score;
    const seo = crawlable === 0 ? `${scores[3]} (all but is-crawlable: ${seoWithout(lhr, "is-crawlable")})` : `${scores[3]}`;
    const label = name === path ? `\`${path}\`` : `\`${name}\` (\`${path.replace(/[^/]{12,}$/, "…")}\`)`;
    rows.push(`| ${label} | ${scores.slice(0, 3).join(" | ")} | ${seo} | ${spread} | ${(jsBytes / 1024).toFixed(1)} KB | ${(jsGzip / 1024).toFixed(1)} KB | ${lcp} | ${tbt} | ${lhr.audits["cumulative-layout-shift"]?.displayValue ?? ""} |`);
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
    if (failing.length) console.error(`${name}: ${failing.map((a) => a.id).join(", ")}`);
  }
} finally {
  await chrome.kill();
}
console.log(`| page | performance (median of ${RUNS}) | accessibility | best practices | SEO | performance, every run | JS transferred (br) | JS gzip | LCP | TBT | CLS |`);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
