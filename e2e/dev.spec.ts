// The editor's loop in a real browser: `cmd/build -watch -serve` on a copy
// of the content, a page open, one Markdown file edited on disk, and the
// new text appears in that page with no manual refresh.
import { expect, test } from "./fixtures";
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PORT = 4180;
let server: ChildProcess | undefined;
let work = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, info) => {
  // Building the builder and the first build of the site: minutes on a busy machine.
  info.setTimeout(180_000);
  work = mkdtempSync(join(tmpdir(), "saber-dev-"));
  cpSync(join(root, "content"), join(work, "content"), { recursive: true });
  const bin = join(work, "build");
  execFileSync("go", ["build", "-o", bin, "./cmd/build"], { cwd: root, stdio: "inherit" });
  server = spawn(bin, ["-watch", "-serve", `127.0.0.1:${PORT}`, "-content", join(work, "content"), "-out", join(work, "public"), "-root", root], {
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

test.afterAll(() => {
  server?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

test("an edited Markdown file shows in the open page", async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/pl/features`);
  await expect(page.locator("h1")).toBeVisible();
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
