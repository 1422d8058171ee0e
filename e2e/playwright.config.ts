// Browser tests in Debian's Chromium (no browser downloads here): the real
// build, served by the real daemon binary on a loopback port.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { PORT, RUN_DIR_REL, SANDBOX_DELAY } from "./paths";

// Debian's chromium-headless-shell (what Playwright itself runs headless):
// the same Blink without the full browser's UI and compositor, about half
// the CPU per test of /usr/bin/chromium (docs/benchmarks.md). `make
// chromium` installs it; CHROMIUM_PATH picks another.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");


const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: ".",
  outputDir: "../test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // Bounds that only a broken run reaches: tests wait for what the page or
  // the daemon does, and CI's machine may be busy (2 cores, checked beside
  // stress-ng --cpu 2), so an answer can take several seconds.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: chromium, args: chromiumArgs },
  },
  // Width matters to some tests only (layout, menus, touch, screenshots,
  // axe of layouts that differ by width): those are tagged @both (phone and
  // desktop) or @phone (phone only). Everything else (the API's answers,
  // e-mails, translations, requests from other sites, a paused shop) runs
  // once, at desktop width. e2e/README.md lists which spec runs where.
  projects: [
    // Unit tests of browser-side modules, run in node: once is enough.
    { name: "unit", testMatch: /unit\/.*\.spec\.ts$/ },
    {
      name: "phone",
      testIgnore: /unit\//,
      grep: /@both|@phone/,
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    { name: "desktop", testIgnore: /unit\//, grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // A fresh data directory per run; no write limit (every test posts from
    // the same address); e-mails land as .eml files under its var/mail
    // (e2e/paths.ts: one folder per port). The daemon's request log goes to
    // orderd.log there, not to this output: e2e/fixtures.ts prints the lines
    // of a failed test. If the daemon stops at once (a port in use), its
    // last words are printed here.
    command: `rm -rf ${RUN_DIR_REL}/var && go run ./cmd/build -out ${RUN_DIR_REL}/public && ` +
      `go build -o ${RUN_DIR_REL}/orderd ./cmd/orderd && ` +
      `{ ${RUN_DIR_REL}/orderd serve -addr 127.0.0.1:${PORT} -site ${RUN_DIR_REL}/public -data ${RUN_DIR_REL}/var -write-rate 0 -signin-limit 0 -sandbox-delay ${SANDBOX_DELAY} ` +
      `2>${RUN_DIR_REL}/orderd.log || { tail -n 20 ${RUN_DIR_REL}/orderd.log >&2; exit 1; }; }`,
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
