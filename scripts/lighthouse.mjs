// Lighthouse (mobile) scores for the home page, a product page and a blog
// post, with Debian's Chromium, against the site served on BASE (default
// http://127.0.0.1:8080). Prints a Markdown table for docs/benchmarks.md.
// Usage: node scripts/lighthouse.mjs [BASE]   (see `make lighthouse`)
import { get } from "node:http";
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

// Lighthouse's own advice for a noisy machine: run several times and keep
// the median run (by performance score), printing the spread too.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const rows = [];
try {
  for (const path of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories, formFactor: "mobile" });
      if (result.lhr.runtimeError) console.error(`${path}: run ${i + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
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
    rows.push(`| \`${path}\` | ${scores.join(" | ")} | ${spread} | ${(jsBytes / 1024).toFixed(1)} KB | ${(jsGzip / 1024).toFixed(1)} KB | ${lcp} | ${tbt} |`);
    const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
    if (failing.length) console.error(`${path}: ${failing.map((a) => a.id).join(", ")}`);
  }
} finally {
  await chrome.kill();
}
console.log(`| page | performance (median of ${RUNS}) | accessibility | best practices | SEO | performance, every run | JS transferred (br) | JS gzip | LCP | TBT |`);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
