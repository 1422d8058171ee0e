// The editor's loop in a real browser: `cmd/build -watch -serve` on a copy
// of the content and the code, a page open, one Markdown file or one
// component edited on disk, and the change appears in that page with no
// manual refresh.
import { expect, test } from "./fixtures";
import { afterIdle, seedBasketOnce } from "./shop";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(__dirname, "..");
// E2E_DEV_PORT: another port, for a run beside another (CI on the same machine).
const PORT = Number(process.env.E2E_DEV_PORT ?? 4180);
let server: ChildProcess | undefined;
let work = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  // Building the builder and the first build of the site: minutes on a busy machine.
  info.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), "saber-dev-"));
  cpSync(join(root, "content"), join(work, "content"), { recursive: true });
  // A copy of the code too, which the component test edits; node_modules
  // and the photo cache are the checkout's.
  const code = join(work, "code");
  for (const d of ["templates", "components", "desk"]) cpSync(join(root, d), join(code, d), { recursive: true });
  for (const f of ["package.json", "tsconfig.json", "internal/render/images.mjs"]) cpSync(join(root, f), join(code, f));
  mkdirSync(join(code, ".cache"), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(code, "node_modules"));
  mkdirSync(join(root, ".cache", "images"), { recursive: true });
  symlinkSync(join(root, ".cache", "images"), join(code, ".cache", "images"));
  const bin = join(work, "build");
  execFileSync("go", ["build", "-o", bin, "./cmd/build"], { cwd: root, stdio: "inherit" });
  server = spawn(bin, ["-watch", "-serve", `127.0.0.1:${PORT}`, "-content", join(work, "content"), "-out", join(work, "public"), "-root", code], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error("dev server did not start")), 120_000);
    server!.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("serving")) {
        clearTimeout(timer);
        ok();
      }
    });
    server!.on("exit", (code) => fail(new Error(`dev server exited ${code}`)));
  });
});

test.afterAll(async () => {
  // The builder may still be writing its cache: remove its folder once it
  // has exited, not as soon as it is told to.
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((done) => server!.once("exit", done));
    server.kill();
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test("an edited Markdown file shows in the open page", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/pl/features`);
  await expect(page.locator("h1")).toBeVisible();
  // No service worker in development: the site's would answer the reloads
  // below with the page from before the edit (stale-while-revalidate).
  // The site registers /sw.js in an idle task; the dev server's removes
  // itself.
  await afterIdle(page);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  const file = join(work, "content", "pl", "pages", "features.md");
  appendFileSync(file, "\n\nŚwieżo dopisany akapit z edytora.\n");
  await expect(page.getByText("Świeżo dopisany akapit z edytora.")).toBeVisible();

  // A broken edit shows its problem over the page and keeps the last good text.
  const good = readFileSync(file, "utf8");
  writeFileSync(file, "---\ntitle: [\n---\n");
  await expect(page.locator("#__build_problem")).toContainText("features.md:2");
  await expect(page.getByText("Świeżo dopisany akapit z edytora.")).toBeVisible();
  writeFileSync(file, good.replace("Świeżo dopisany", "Poprawiony"));
  await expect(page.getByText("Poprawiony akapit z edytora.")).toBeVisible();
});

test("an edited component shows in the open page, hydrated with the new code", async ({ page }) => {
  // The header's basket link hydrates when the basket has something.
  await seedBasketOnce(page, "arc");
  await page.goto(`http://127.0.0.1:${PORT}/pl/features`);
  const badge = page.locator("saber-island a.cart-badge");
  await expect(badge).toHaveAttribute("data-hydrated", "");
  const file = join(work, "code", "components", "islands", "CartBadge.tsx");
  const src = readFileSync(file, "utf8");
  // Rendered on the server and on hydration alike: in the page at once,
  // and kept by the new client code (a mismatch would log an error).
  const edited = src.replace('className="cart-badge"', 'className="cart-badge" data-edited="tak"');
  expect(edited).not.toBe(src);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  writeFileSync(file, edited);
  await expect(badge).toHaveAttribute("data-edited", "tak");
  await expect(badge).toHaveAttribute("data-hydrated", "");
  expect(errors).toEqual([]);
});
