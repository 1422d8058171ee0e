// The build sheet as the owner reads it at the bench (internal/buildsheet;
// docs/decisions/desk.md#the-build-sheet-in-labelled-rows): labelled rows, the
// same on the order's page and on the printed A4 sheet, in the owner's
// language (Polish on a phone, English at 1280 px here). Each preset is
// headed once by its number; its colours are the names the shopper picked
// in the palette (a colour from the picker stays its "#rrggbb"), each with
// a swatch; ids only beside the parts, which the workshop looks up by id.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { paidOrder, setUp } from "./desk";
import { BOTH_WIDTHS, expect, test, type Locator, type Page } from "./fixtures";
import { type CatalogCreator, defaultDesign } from "./shop";

const run = promisify(execFile);
const docs = resolve(__dirname, "..", "docs", "screenshots");

test.use({ locale: "pl-PL", extraHTTPHeaders: { "Accept-Language": "pl-PL,pl;q=0.9" } });

/** The desk's [sheet] labels in lang, from its bundle (internal/desk/ui). */
function labels(lang: string): Record<string, string> {
  const toml = readFileSync(resolve(__dirname, "..", "internal", "desk", "ui", `${lang}.toml`), "utf8");
  const table = toml.split(/^\[sheet\]$/m)[1]!.split(/^\[/m)[0]!;
  return Object.fromEntries([...table.matchAll(/^(\w+) = "(.*)"$/gm)].map((m) => [m[1]!, m[2]!]));
}

const fill = (s: string, args: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(args[k]));

type Catalog = Omit<CatalogCreator, "options"> & { options: Record<string, { id: string; hex?: string; names: Record<string, string> }[]> };

/** The value cell of the row labelled label inside where. */
const value = (where: Locator, label: string) => where.locator("tr", { has: where.page().locator("th", { hasText: new RegExp(`^${label}$`) }) }).locator("td").first();

/** A design whose first preset has a palette colour and white at 40, the second a colour from the picker. */
async function order(request: Parameters<typeof paidOrder>[0]) {
  const cr = ((await (await request.get("/catalog.json")).json()) as { creator: Catalog }).creator;
  const design = defaultDesign(cr);
  design.presets[0]!.white = 40;
  design.presets[1]!.color = "#ff2020";
  const o = await paidOrder(request, `sheet-${Date.now().toString(36)}@example.com`, { items: [{ creator: design, quantity: 1 }] });
  return { o, cr, design };
}

/** What every reading of the sheet shows: labelled rows, each preset once, colours by name. */
async function expectRows(sheet: Locator, lang: string, cr: Catalog, design: ReturnType<typeof defaultDesign>) {
  const l = labels(lang);
  const name = (group: string, id: string) => cr.options[group]!.find((o) => o.id === id)!.names[lang]!;
  const colour = (hex: string) => cr.options.colors!.find((c) => c.hex!.toLowerCase() === hex)?.names[lang] ?? hex;

  // The generator (a part: its id to look up) and the button (an option: no id).
  await expect(value(sheet, l.generator!)).toContainText(design.generator);
  await expect(value(sheet, l.button!)).toHaveText(name("buttons", design.button));
  for (const s of cr.slots) {
    const cell = value(sheet, s.names[lang]!);
    await expect(cell).toContainText(s.options.find((p) => p.id === design.parts[s.id])!.names[lang]!);
    await expect(cell.locator(".sheet__id")).toHaveText(design.parts[s.id]!);
  }

  const presets = sheet.locator(".sheet__preset");
  await expect(presets).toHaveCount(design.presets.length);
  for (const [i, p] of design.presets.entries()) {
    const box = presets.nth(i);
    // The number once: the heading, no "1." before it.
    await expect(box.getByRole("heading")).toHaveText(fill(l.preset!, { n: i + 1 }));
    await expect(box.locator("tbody th")).toHaveText(["colour", "white", "effect", "ignition", "retraction", "sound", "clash"].map((k) => l[k]!));
    await expect(value(box, l.colour!)).toHaveText(colour(p.color));
    await expect(value(box, l.colour!).locator(".desk-swatch")).toHaveCSS("background-color", rgb(p.color));
    await expect(value(box, l.white!)).toHaveText(fill(l.white_value!, { value: p.white }));
    await expect(value(box, l.effect!)).toHaveText(name("effects", p.effect));
    await expect(value(box, l.ignition!)).toHaveText(name("ignitions", p.ignition));
    await expect(value(box, l.retraction!)).toHaveText(name("ignitions", p.retraction));
    await expect(value(box, l.sound!)).toHaveText(name("sounds", p.sound));
    await expect(value(box, l.clash!)).toHaveText(colour(p.clash));
    await expect(box.locator(".sheet__id")).toHaveCount(0); // options are set up, not looked up
  }
  // A palette colour by its name, one from the picker by its "#rrggbb".
  expect(colour(design.presets[0]!.color)).not.toMatch(/^#/);
  await expect(value(presets.nth(1), l.colour!)).toHaveText("#ff2020");
  for (const english of ["generator:", "button:", "white 40", "clash #", "[", "1. "]) await expect(sheet).not.toContainText(english);
}

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The desk in lang: Polish as set up, English by the browser's language. */
async function speak(page: Page, lang: string) {
  if (lang !== "pl") await page.setExtraHTTPHeaders({ "Accept-Language": `${lang};q=1` });
}

test("the build sheet: labelled rows in the owner's language, on the order's page and on the printed A4 sheet", BOTH_WIDTHS, async ({ page, request }, info) => {
  test.slow(); // a payment and a PDF
  const project = info.project.name;
  const lang = project === "phone" ? "pl" : "en";
  const { o, cr, design } = await order(request);
  await setUp(page, `sh${Date.now().toString(36)}`);
  await speak(page, lang);

  await page.goto(`/admin/orders/${o.id}`);
  const sheet = page.locator(".desk-lines .sheet");
  await expect(sheet).toHaveCount(1);
  await expectRows(sheet, lang, cr, design);
  await page.evaluate(() => document.fonts.ready);
  const shot = `desk-buildsheet-${project}.png`;
  await sheet.locator("xpath=ancestor::div[contains(@class,'card')][1]").screenshot({ path: process.env.UPDATE_SCREENSHOTS ? join(docs, shot) : info.outputPath(shot) });

  // The printed sheet: the same rows, each part and preset with a box to tick, on one A4 page.
  await page.goto(`/admin/orders/${o.id}/sheet`);
  const paper = page.locator(".paper");
  await expect(paper.locator(".sheet")).toHaveCount(1);
  await page.emulateMedia({ media: "print" });
  await expectRows(paper.locator(".sheet"), lang, cr, design);
  await expect(paper.locator(".sheet__preset .paper__box")).toHaveCount(design.presets.length);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 794, height: 1123 }); // A4 at 96 dpi
  await page.evaluate(() => document.fonts.ready);
  const printed = `desk-printed-sheet-${project}`;
  await page.screenshot({ path: process.env.UPDATE_SCREENSHOTS ? join(docs, `${printed}.png`) : info.outputPath(`${printed}.png`), fullPage: true });
  const pdf = info.outputPath(`${printed}.pdf`);
  await page.pdf({ path: pdf, format: "A4", preferCSSPageSize: true, printBackground: true });
  await page.setViewportSize(size);
  await page.emulateMedia({ media: "screen" });

  // What the paper says, read back from the PDF: one page, the labels and the colour names.
  const { stdout: pages } = await run("pdfinfo", [pdf]);
  expect(pages).toMatch(/^Pages:\s+1$/m);
  const { stdout: text } = await run("pdftotext", ["-layout", pdf, "-"]);
  const l = labels(lang);
  const colour = cr.options.colors!.find((c) => c.hex!.toLowerCase() === design.presets[0]!.color)!.names[lang]!;
  for (const want of [fill(l.preset!, { n: 1 }), fill(l.preset!, { n: design.presets.length }), l.colour!, l.white!, l.retraction!, l.clash!, colour, "#ff2020", fill(l.white_value!, { value: 40 })]) {
    expect(text).toContain(want);
  }
  expect(text).not.toMatch(/generator:|white 40|clash #/);
});
