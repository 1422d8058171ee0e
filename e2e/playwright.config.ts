// Browser tests in Debian's Chromium (no browser downloads here): the real
// build, served by the real daemon binary on a loopback port.
import { defineConfig } from "@playwright/test";
import { PORT, RUN_DIR_REL } from "./paths";

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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [
    // Unit tests of browser-side modules, run in node: once is enough.
    { name: "unit", testMatch: /unit\/.*\.spec\.ts$/ },
    { name: "phone", testIgnore: /unit\//, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    { name: "desktop", testIgnore: /unit\//, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // A fresh data directory per run; no write limit (every test posts from
    // the same address); e-mails land as .eml files under its var/mail
    // (e2e/paths.ts: one folder per port).
    command: `rm -rf ${RUN_DIR_REL}/var && go run ./cmd/build -out ${RUN_DIR_REL}/public && ` +
      `go run ./cmd/orderd serve -addr 127.0.0.1:${PORT} -site ${RUN_DIR_REL}/public -data ${RUN_DIR_REL}/var -write-rate 0`,
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
