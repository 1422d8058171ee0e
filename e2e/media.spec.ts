// The home page's hilt carousel and the gallery lightbox (components/islands/
// Carousel.tsx, Lightbox.tsx): keyboard operation in each locale, the
// markup without JavaScript, no console errors, and axe with the carousel
// moved and the lightbox open.
import { BOTH_WIDTHS, bothWidthsIf, expect, type Locator, type Page, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { watchConsole } from "./console";

const locales = [
  { code: "en", prefix: "", of: "of", carousel: "carousel", slide: "slide" },
  { code: "pl", prefix: "/pl", of: "z", carousel: "karuzela", slide: "slajd" },
  { code: "de", prefix: "/de", of: "von", carousel: "Karussell", slide: "Folie" },
] as const;


/** Presses Tab until `target` has focus (fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, "reached by Tab").toBeFocused();
}

/** The slide lies entirely within the carousel's scroller (horizontally). */
async function expectScrolledIn(slide: Locator): Promise<void> {
  await expect
    .poll(() =>
      slide.evaluate((el) => {
        const s = el.getBoundingClientRect();
        const t = el.parentElement!.getBoundingClientRect();
        return s.left >= t.left - 1 && s.right <= t.right + 1;
      }),
    )
    .toBe(true);
}

async function openCarousel(page: Page, prefix: string) {
  await page.goto(`${prefix}/`);
  const carousel = page.locator(".carousel");
  await carousel.scrollIntoViewIfNeeded();
  // It hydrates on interaction (or a scroll); the test may not have scrolled.
  await carousel.hover();
  await expect(page.locator('saber-island[component-url*="Carousel"]')).toHaveAttribute("hydrated", "");
  await expect(carousel).toHaveAttribute("data-ready", "");
  return {
    carousel,
    slides: carousel.locator(".carousel__slide"),
    status: carousel.locator(".carousel__status"),
    prev: carousel.locator(".carousel__arrow").first(),
    next: carousel.locator(".carousel__arrow").last(),
    dots: carousel.locator(".carousel__dot"),
  };
}

async function openGallery(page: Page, prefix: string) {
  await page.goto(`${prefix}/gallery`);
  await expect(page.locator('saber-island[component-url*="Lightbox"]')).toHaveAttribute("hydrated", "");
  return {
    thumbs: page.locator(".gallery__link"),
    captions: page.locator(".gallery__item figcaption"),
    dialog: page.locator("dialog.lightbox"),
  };
}

for (const { code, prefix, of, carousel: carouselRole, slide: slideRole } of locales) {
  test.describe(code, () => {
    test(`carousel: keyboard, slide state and labels (${code})`, bothWidthsIf(code === "en"), async ({ page }) => {
      const problems = watchConsole(page);
      const { carousel, slides, status, prev, next, dots } = await openCarousel(page, prefix);
      const total = await slides.count();
      expect(total, "one slide per hilt").toBeGreaterThan(2);

      // WAI-ARIA carousel pattern: a named region, "N of M" slides.
      await expect(carousel).toHaveAttribute("role", "region");
      await expect(carousel).toHaveAttribute("aria-roledescription", carouselRole);
      await expect(carousel).toHaveAccessibleName(await page.locator("#home-hilts").innerText());
      await expect(slides.first()).toHaveAttribute("role", "group");
      await expect(slides.first()).toHaveAttribute("aria-roledescription", slideRole);
      await expect(slides.nth(1)).toHaveAttribute("aria-label", `2 ${of} ${total}`);
      await expect(status).toContainText(`1 ${of} ${total}`);
      await expect(dots).toHaveCount(total);
      await expect(dots.first()).toHaveAttribute("aria-current", "true");
      expect(await prev.getAttribute("aria-label")).toBeTruthy();
      expect(await next.getAttribute("aria-label")).not.toBe(await prev.getAttribute("aria-label"));

      // Tab from the hero: the current slide's link, then the controls (the
      // other slides are inert, so Tab does not wander through them).
      await page.locator(".hero__actions a").last().focus();
      await page.keyboard.press("Tab");
      await expect(slides.first().locator("a")).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(prev).toBeFocused();

      // Next by keyboard: the second slide becomes current and scrolls in.
      await tabTo(page, next);
      await page.keyboard.press("Enter");
      await expect(status).toContainText(`2 ${of} ${total}`);
      await expect(slides.nth(1)).toHaveClass(/carousel__slide--current/);
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await expect(dots.first()).not.toHaveAttribute("aria-current", /.*/);
      await expectScrolledIn(slides.nth(1));
      await expect(slides.first()).not.toBeInViewport({ ratio: 0.6 });
      await expect(slides.first()).toHaveJSProperty("inert", true);
      await expect(slides.nth(1)).toHaveJSProperty("inert", false);
      await expect(next).toBeFocused();

      // Arrow keys anywhere in the carousel; they wrap around at the ends.
      await page.keyboard.press("ArrowRight");
      await expect(status).toContainText(`3 ${of} ${total}`);
      await expectScrolledIn(slides.nth(2));
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(status).toContainText(`1 ${of} ${total}`);
      await page.keyboard.press("ArrowLeft");
      await expect(status).toContainText(`${total} ${of} ${total}`);
      await expectScrolledIn(slides.last());

      // A picker dot by keyboard; arrows then move the focus along the dots.
      await prev.focus();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(dots.nth(1)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(status).toContainText(`2 ${of} ${total}`);
      await page.keyboard.press("ArrowRight");
      await expect(dots.nth(2)).toBeFocused();
      await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
      // Keys faster than the renderer's effects: the focus ends on the last
      // key's dot, not on one an earlier key's effect was still due to focus.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      const twoOn = (2 + 2) % total;
      await expect(status).toContainText(`${twoOn + 1} ${of} ${total}`);
      await expect(dots.nth(twoOn)).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(status).toContainText(`3 ${of} ${total}`);
      await expect(dots.nth(2)).toBeFocused();

      // From the slide's own link, an arrow key brings the focus along.
      await slides.nth(2).locator("a").focus();
      await page.keyboard.press("ArrowRight");
      await expect(status).toContainText(`4 ${of} ${total}`);
      await expect(slides.nth(3).locator("a")).toBeFocused();
      await expectScrolledIn(slides.nth(3));
      expect(problems).toEqual([]);
    });

    test(`lightbox: keyboard opens, navigates, closes and returns focus (${code})`, bothWidthsIf(code === "en"), async ({ page }) => {
      const problems = watchConsole(page);
      const { thumbs, captions, dialog } = await openGallery(page, prefix);
      const total = await thumbs.count();
      expect(total).toBeGreaterThan(2);
      const srcs = await thumbs.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      const texts = await captions.allInnerTexts();
      await expect(dialog).not.toHaveAttribute("open", /.*/);

      // Tab to the second thumbnail and press Enter.
      await page.locator(".prose a").last().focus();
      await tabTo(page, thumbs.nth(1));
      await page.keyboard.press("Enter");
      await expect(dialog).toHaveAttribute("open", "");
      await expect(page).toHaveURL(new RegExp(`${prefix}/gallery$`)); // not followed
      const img = dialog.locator(".lightbox__img");
      await expect(img).toHaveAttribute("src", srcs[1]!);
      await expect(img).toBeVisible();
      await expect(dialog.locator("figcaption")).toHaveText(texts[1]!);
      await expect(dialog).toHaveAccessibleName(texts[1]!);
      await expect(dialog.locator(".lightbox__count")).toHaveText(`2 ${of} ${total}`);
      // Focus moved into the dialog, on its close button.
      await expect(dialog.locator(".lightbox__close")).toBeFocused();
      await expect(dialog.locator(".lightbox__close")).toHaveAccessibleName(/\S/);

      // Right arrow: the next picture; left arrow back, and around the end.
      await page.keyboard.press("ArrowRight");
      await expect(img).toHaveAttribute("src", srcs[2]!);
      await expect(dialog.locator("figcaption")).toHaveText(texts[2]!);
      await expect(dialog).toHaveAccessibleName(texts[2]!);
      await expect(dialog.locator(".lightbox__count")).toHaveText(`3 ${of} ${total}`);
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(img).toHaveAttribute("src", srcs[total - 1]!);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(img).toHaveAttribute("src", srcs[1]!);

      // The buttons by keyboard: Tab stays inside the modal dialog.
      await page.keyboard.press("Tab");
      await expect(dialog.locator(".lightbox__prev")).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(dialog.locator(".lightbox__next")).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(img).toHaveAttribute("src", srcs[2]!);
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      await expect(dialog.locator(".lightbox__close")).toBeFocused();

      // Escape closes; focus returns to the thumbnail that opened it.
      await page.keyboard.press("Escape");
      await expect(dialog).not.toHaveAttribute("open", /.*/);
      await expect(dialog).toBeHidden();
      await expect(thumbs.nth(1)).toBeFocused();

      // The close button does the same, for a lightbox opened by a click.
      await thumbs.nth(4).click();
      await expect(dialog).toHaveAttribute("open", "");
      await expect(img).toHaveAttribute("src", srcs[4]!);
      await dialog.locator(".lightbox__close").click();
      await expect(dialog).toBeHidden();
      await expect(thumbs.nth(4)).toBeFocused();
      expect(problems).toEqual([]);
    });
  });
}

test.describe("without JavaScript", BOTH_WIDTHS, () => {
  test.use({ javaScriptEnabled: false });

  test("the carousel is a horizontal scroller and the gallery links to the pictures", async ({ page }) => {
    await page.goto("/");
    const track = page.locator(".carousel__track");
    await expect(page.locator(".carousel__slide")).not.toHaveCount(0);
    const { scrollWidth, clientWidth, snap } = await track.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      snap: getComputedStyle(el).scrollSnapType,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(snap).toContain("x");
    await expect(page.locator(".carousel__slide a[href]").first()).toHaveAttribute("href", /\/shop\//);
    // Controls that would do nothing stay out of the way (space kept).
    await expect(page.locator(".carousel__controls")).toHaveCSS("visibility", "hidden");

    await page.goto("/gallery");
    const first = page.locator(".gallery__link").first();
    await expect(first).toHaveAttribute("href", /\/images\/gallery\//);
    await expect(page.locator(".gallery__item figcaption").first()).not.toBeEmpty();
  });
});

for (const prefix of ["", "/pl"]) {
  test(`axe: ${prefix}/ with the carousel moved`, bothWidthsIf(prefix === ""), async ({ page }) => {
    test.slow(); // the home page's axe scan: 10-20 s on a busy 2-core machine
    const { next, status, slides } = await openCarousel(page, prefix);
    await next.click();
    await next.click();
    await expect(status).toContainText("3");
    // The scroll and the fade of the slides have settled.
    await expectScrolledIn(slides.nth(2));
    await expect(slides.nth(2)).toHaveCSS("opacity", "1");
    await expect(slides.nth(1)).toHaveCSS("opacity", "0.45");
    await expectNoSeriousViolations(page);
  });

  test(`axe: ${prefix}/gallery with the lightbox open`, bothWidthsIf(prefix === ""), async ({ page }) => {
    test.slow(); // an axe scan: 10-20 s on a busy 2-core machine
    const { thumbs, dialog } = await openGallery(page, prefix);
    await thumbs.nth(2).click();
    await expect(dialog).toHaveAttribute("open", "");
    await expect(dialog.locator(".lightbox__img")).toBeVisible();
    // (the scan waits for the fade-in to end)
    await expectNoSeriousViolations(page);
  });
}
