// The product page's gallery (components/islands/ProductGallery.tsx and the
// shared components/LightboxDialog.tsx) at phone and desktop width: the
// candidate the browser picks for the main picture, no layout shift, a
// swipe (the track's scroll) and the keyboard, thumbnails, the lightbox and
// its zoom, and axe.
import { BOTH_WIDTHS, expect, type Page, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { watchConsole } from "./console";

const PRODUCT = "/shop/arc";

/** The width in a rendition's name (front-640-K3Q2ZB7A.avif). */
function renditionWidth(url: string): number {
  const m = /-(\d+)-[A-Z0-9]+\.(?:avif|webp|jpg)$/.exec(new URL(url).pathname);
  if (!m) throw new Error(`not a rendition: ${url}`);
  return Number(m[1]);
}

async function openProduct(page: Page) {
  await page.goto(PRODUCT);
  const gallery = page.locator(".pgallery");
  // hydrate="interaction": the first pointer (or focus, key, scroll) brings it.
  await gallery.locator(".pgallery__status").hover();
  await expect(page.locator('saber-island[component-url*="/ProductGallery-"]')).toHaveAttribute("hydrated", "");
  await expect(gallery).toHaveAttribute("data-ready", "");
  return {
    gallery,
    track: gallery.locator(".pgallery__track"),
    slides: gallery.locator(".pgallery__slide"),
    thumbs: gallery.locator(".pgallery__thumb"),
    status: gallery.locator(".pgallery__status"),
    dialog: page.locator("dialog.lightbox"),
  };
}

/** The dialog's picture, not the placeholder. */
const lightboxImg = (page: Page) => page.locator("dialog.lightbox .lightbox__img");

/** The scale of an element's CSS transform (1 without one). */
async function scaleOf(page: Page): Promise<number> {
  return lightboxImg(page).evaluate((el) => {
    const t = getComputedStyle(el).transform;
    return t === "none" ? 1 : new DOMMatrixReadOnly(t).a;
  });
}

test.describe("product gallery", BOTH_WIDTHS, () => {
  test("the main picture: server-rendered, eager, a fitting candidate, no layout shift", async ({ page, isMobile }) => {
    // Every layout shift counts, the header's too (its menu used to move
    // when the tools after it were parsed in a later chunk; it now starts
    // after the brand, templates/styles.css).
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; shifts: string[] };
      w.cls = 0;
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
          w.cls += e.value;
          for (const s of e.sources ?? []) w.shifts.push(s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : String(s.node?.nodeName));
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const problems = watchConsole(page);
    const { slides, thumbs, status, track } = await openProduct(page);
    await expect(slides).toHaveCount(3);
    await expect(thumbs).toHaveCount(3);
    await expect(status).toHaveText("1 / 3");
    await expect(track).toHaveAttribute("role", "region");
    await expect(track).toHaveAccessibleName("Photos of Arc");

    const main = slides.first().locator("picture img");
    await expect(main).toHaveAttribute("fetchpriority", "high");
    await expect(main).toHaveAttribute("loading", "eager");
    await expect(main).toHaveAttribute("alt", "Arc, picture 1 of 3");
    await expect(slides.nth(1).locator("picture img")).toHaveAttribute("loading", "lazy");
    await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const { src, rendered } = await main.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, rendered: el.clientWidth }));
    const chosen = renditionWidth(src);
    if (isMobile) {
      // 375 px at DPR 1: a 480 or 640 candidate, never the 2000 px one.
      expect(chosen).toBeGreaterThanOrEqual(375);
      expect(chosen).toBeLessThanOrEqual(960);
    } else {
      expect(chosen).toBeGreaterThanOrEqual(rendered);
    }
    // The thumbnails ask for a small candidate (the browser may still show
    // a larger one it has already loaded, as the first one is).
    await expect(thumbs.nth(2).locator("picture img")).toHaveAttribute("sizes", "6rem");

    // The page is no wider than the screen (the track scrolls inside itself).
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // Loaded and hydrated: nothing moved.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; shifts: string[] };
      return { cls: w.cls, shifts: w.shifts };
    });
    expect(cls, shifts.join("\n")).toBe(0);
    expect(shifts.filter((s) => /pgallery|photo|product/.test(s))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("a swipe, the thumbnails and the arrow keys move the photos", async ({ page, isMobile }) => {
    const { gallery, track, slides, thumbs, status } = await openProduct(page);
    // A swipe scrolls the track; where it settles is the photo shown.
    if (isMobile) {
      const box = (await track.boundingBox())!;
      const y = box.y + box.height / 2;
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
        cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: Math.round(x), y: Math.round(y) }] });
      const from = box.x + box.width * 0.85;
      // One move per frame, as a finger gives them: on a busy machine
      // moves sent back to back can reach the compositor as one jump it
      // does not scroll for.
      const frame = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      await touch("touchStart", from);
      for (let i = 1; i <= 10; i++) {
        await touch("touchMove", from - (box.width * 0.6 * i) / 10);
        await frame();
      }
      await touch("touchEnd", from);
    } else {
      await track.evaluate((el) => el.scrollTo({ left: el.clientWidth }));
    }
    await expect(status).toHaveText("2 / 3");
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(thumbs.first()).not.toHaveAttribute("aria-current", /.*/);

    await thumbs.nth(2).click();
    await expect(status).toHaveText("3 / 3");
    await expect(thumbs.nth(2)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slides.nth(2).evaluate((el) => Math.abs(el.getBoundingClientRect().left - el.parentElement!.getBoundingClientRect().left))).toBeLessThan(2);

    await track.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(status).toHaveText("2 / 3");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(status).toHaveText("1 / 3"); // wraps round
    await expect(thumbs.first()).toHaveAttribute("aria-current", "true");
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(0);

    // Previous/next buttons on desktop; a swipe on the phone.
    const next = gallery.locator(".pgallery__arrow--next");
    if (isMobile) {
      await expect(next).toBeHidden();
    } else {
      await expect(next).toHaveAccessibleName("Next photo");
      await next.click();
      await expect(status).toHaveText("2 / 3");
      await gallery.locator(".pgallery__arrow--prev").click();
      await expect(status).toHaveText("1 / 3");
    }
  });

  test("the first click on a photo, before anything hydrated, opens the lightbox (held and replayed)", async ({ page }) => {
    await page.goto(PRODUCT);
    await expect(page.locator('saber-island[component-url*="/ProductGallery-"]')).not.toHaveAttribute("hydrated", "");
    await page.locator(".pgallery__slide").first().click();
    await expect(page.locator("dialog.lightbox")).toHaveAttribute("open", "");
    expect(new URL(page.url()).pathname).toBe(PRODUCT);
  });

  test("the lightbox opens on the photo, navigates, closes with Escape and returns focus", async ({ page, isMobile }) => {
    const problems = watchConsole(page);
    const { slides, status, dialog } = await openProduct(page);
    await slides.first().click();
    await expect(dialog).toHaveAttribute("open", "");
    await expect(dialog).toHaveAccessibleName("Arc, picture 1 of 3");
    await expect(dialog.locator(".lightbox__count")).toHaveText("1 of 3");
    const img = lightboxImg(page);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // A large rendition: twice the shown width for the zoom, the largest on a desktop.
    const chosen = renditionWidth(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
    if (isMobile) expect(chosen).toBeGreaterThanOrEqual(640);
    else expect(chosen).toBe(2000);

    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator(".lightbox__count")).toHaveText("2 of 3");
    await expect(img).toHaveAttribute("alt", "Arc, picture 2 of 3");
    await dialog.locator(".lightbox__next").click();
    await expect(dialog.locator(".lightbox__count")).toHaveText("3 of 3");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Back on the photo the lightbox showed last, which the track shows too.
    await expect(slides.nth(2)).toBeFocused();
    await expect(status).toHaveText("3 / 3");

    // The close button does the same.
    await slides.nth(2).click();
    await expect(dialog.locator(".lightbox__count")).toHaveText("3 of 3");
    await dialog.locator(".lightbox__close").click();
    await expect(dialog).toBeHidden();
    await expect(slides.nth(2)).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("the lightbox zooms at the pointer, pans while zoomed, pinches on the phone, and the button toggles it", async ({ page, isMobile }) => {
    const { slides, dialog } = await openProduct(page);
    await slides.first().click();
    await expect(dialog).toHaveAttribute("open", "");
    const img = lightboxImg(page);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const zoom = dialog.locator(".lightbox__zoom");
    await expect(zoom).toHaveAccessibleName("Zoom");
    await expect(zoom).toHaveAttribute("aria-pressed", "false");

    // A click (a tap on the phone) at a quarter of the picture zooms 2x there.
    const box = (await img.boundingBox())!;
    const at = { x: box.x + box.width / 4, y: box.y + box.height / 4 };
    if (isMobile) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    await expect.poll(() => scaleOf(page)).toBe(2);
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    // The point under the pointer stayed put: the picture moved right and down.
    const zoomed = await img.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform));
    expect(zoomed.e).toBeCloseTo(box.width / 4, 0);
    expect(zoomed.f).toBeCloseTo(box.height / 4, 0);

    // A drag pans (the mouse here; a finger drags the same pointer events).
    if (!isMobile) {
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.mouse.move(at.x - 60, at.y - 40, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => img.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).e)).toBeCloseTo(zoomed.e - 60, 0);
      // A drag is not a click: still zoomed.
      expect(await scaleOf(page)).toBe(2);
    }

    // Another click or tap fits the picture again.
    const again = (await img.boundingBox())!;
    const centre = { x: again.x + again.width / 2, y: again.y + again.height / 2 };
    if (isMobile) await page.touchscreen.tap(centre.x, centre.y);
    else await page.mouse.click(centre.x, centre.y);
    await expect.poll(() => scaleOf(page)).toBe(1);

    // Two fingers pinch (real touch events through CDP): spread to twice
    // their distance, twice the size.
    if (isMobile) {
      const cdp = await page.context().newCDPSession(page);
      const fit = (await img.boundingBox())!;
      const cx = Math.round(fit.x + fit.width / 2);
      const cy = Math.round(fit.y + fit.height / 2);
      const fingers = (d: number) => [
        { x: cx - d, y: cy, id: 1 },
        { x: cx + d, y: cy, id: 2 },
      ];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
      for (let d = 35; d <= 60; d += 5) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(d) });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect.poll(() => scaleOf(page)).toBeCloseTo(2, 1);
      await page.touchscreen.tap(cx, cy);
      await expect.poll(() => scaleOf(page)).toBe(1);
    }

    // The button does it from the keyboard.
    await zoom.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => scaleOf(page)).toBe(2);
    await expect(zoom).toHaveAttribute("aria-pressed", "true");
    // The next photo opens fitted.
    await page.keyboard.press("ArrowRight");
    await expect(dialog.locator(".lightbox__count")).toHaveText("2 of 3");
    await expect.poll(() => scaleOf(page)).toBe(1);
  });

  test("axe: the gallery, and the lightbox open and zoomed", async ({ page }) => {
    test.slow(); // two axe scans: 10-20 s each on a busy 2-core machine
    const { slides, dialog } = await openProduct(page);
    await expectNoSeriousViolations(page, { what: "gallery" });
    await slides.first().click();
    await expect(dialog).toHaveAttribute("open", "");
    await dialog.locator(".lightbox__zoom").click();
    await expect.poll(() => scaleOf(page)).toBe(2);
    await expectNoSeriousViolations(page, { what: "lightbox" });
  });
});

test.describe("product gallery without JavaScript", BOTH_WIDTHS, () => {
  test.use({ javaScriptEnabled: false });

  test("the track scrolls sideways and the thumbnails link to its photos", async ({ page }) => {
    await page.goto(PRODUCT);
    const track = page.locator(".pgallery__track");
    const { scrollWidth, clientWidth, snap } = await track.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      snap: getComputedStyle(el).scrollSnapType,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth * 2);
    expect(snap).toContain("x");
    await expect(page.locator(".pgallery__thumb").nth(1)).toHaveAttribute("href", "#photo-2");
    await expect(page.locator(".pgallery__slide").first()).toHaveAttribute("href", /^\/_img\/.+-1280-[A-Z0-9]+\.jpg$/);
    await expect(page.locator(".pgallery__arrow--next")).toBeHidden();
    await page.locator(".pgallery__thumb").nth(1).click();
    await expect.poll(() => track.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(1);
  });
});
