// Site-wide layout: the language switcher keeps the page, the phone menu
// works by keyboard, the footer's community block is on the home page only.
import { BOTH_WIDTHS, expect, type Locator, PHONE_ONLY, test } from "./fixtures";
import { acceptCookies, islandReady, placeOrder } from "./shop";

test("the language switcher leads to the same page in the other locale", BOTH_WIDTHS, async ({ page }, info) => {
  await page.goto("/shop/arc");
  if (info.project.name === "phone") {
    await page.locator("summary.menu-toggle__button").click();
  }
  const pl = page.locator('a[hreflang="pl"]:visible').first();
  await expect(pl).toHaveAttribute("href", "/pl/shop/arc");
  await pl.click();
  await expect(page).toHaveURL(/\/pl\/shop\/arc$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  // A translated post slug is followed too.
  await page.goto("/de/blog/how-a-hilt-is-made");
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((ls) =>
    Object.fromEntries(ls.map((l) => [l.getAttribute("hreflang"), new URL(l.getAttribute("href")!).pathname])),
  );
  expect(alternates.en).toBe("/blog/how-a-hilt-is-made");
});

// The menu collapses on phones only.
test("the phone menu opens and is operable by keyboard", PHONE_ONLY, async ({ page }) => {
  await page.goto("/pl/");
  const toggle = page.locator("summary.menu-toggle__button");
  await expect(toggle).toBeVisible();
  await expect(page.locator(".menu--drawer")).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  const drawer = page.locator(".menu--drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.locator("a")).toHaveCount(8);
  await page.keyboard.press("Tab");
  await expect(drawer.locator("a").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pl\/shop\/custom-saber-creator$/);
});

test("the desktop menu shows the 8 items and marks the current one", async ({ page }) => {
  await page.goto("/de/faq");
  const bar = page.locator(".menu--bar");
  await expect(bar.locator("a")).toHaveCount(8);
  await expect(bar.locator('a[aria-current="page"]')).toHaveAttribute("href", "/de/faq");
});

test("the community block is in the home page's footer only", async ({ page }) => {
  await page.goto("/");
  const social = page.locator("footer").getByRole("link", { name: /youtube/i });
  await expect(social.first()).toBeAttached();
  await page.goto("/faq");
  await expect(page.locator("footer").getByRole("link", { name: /youtube/i })).toHaveCount(0);
  // Both have the country sites, the terms and privacy pages and the contact link.
  for (const path of ["/", "/faq"]) {
    await page.goto(path);
    const footer = page.locator("footer");
    await expect(footer.locator('a[href="/pl/"]')).toBeAttached();
    await expect(footer.locator('a[href="/legal-terms"]')).toBeAttached();
    // (The Cookie settings link also leads there without JavaScript.)
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/legal-privacy");
    await expect(footer.locator('a[href="/contact"]').first()).toBeAttached();
  }
});

test("the product page hides the footer on phones only", BOTH_WIDTHS, async ({ page }, info) => {
  await page.goto("/shop/arc");
  const footer = page.locator("footer").first();
  if (info.project.name === "phone") await expect(footer).toBeHidden();
  else await expect(footer).toBeVisible();
});

// ---- layout and words: a long e-mail address, the creator's part rows, the product picture ----


/**
 * Where the text breaks into lines: for each character of text inside the
 * element, its line's top, read from the character's own box; and the
 * width of each "@"-half written on one line, against the line's width.
 */
async function lineBreaks(el: Locator, text: string) {
  return el.evaluate((root, text) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const all = nodes.map((n) => n.data).join("");
    const start = all.indexOf(text);
    if (start < 0) throw new Error(`${text} not in ${all}`);
    const at = (i: number): [Text, number] => {
      for (const n of nodes) {
        if (i < n.data.length) return [n, i];
        i -= n.data.length;
      }
      throw new Error("out of range");
    };
    const tops: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const [n, o] = at(start + i);
      const r = document.createRange();
      r.setStart(n, o);
      r.setEnd(n, o + 1);
      tops.push(Math.round(r.getClientRects()[0]!.top));
    }
    const breaks = tops.flatMap((t, i) => (i > 0 && t > tops[i - 1]! ? [i] : []));
    const width = (s: string) => {
      const span = document.createElement("span");
      span.style.whiteSpace = "nowrap";
      span.textContent = s;
      root.append(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return w;
    };
    const cs = getComputedStyle(root);
    const line = root.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const [local, domain] = [text.slice(0, text.lastIndexOf("@") + 1), text.slice(text.lastIndexOf("@") + 1)];
    return { breaks, line, localWidth: width(local), domainWidth: width(domain), atIndex: local.length };
  }, text);
}

test("the status page's e-mail address breaks only after its @ and never overflows", BOTH_WIDTHS, async ({ page, request }) => {
  await acceptCookies(page);
  const cases = [
    { email: "anna.nowak@example.com", oneLine: true },
    { email: "katarzyna.wisniewska.zawadzka@przyklad.example.com", oneLine: false },
  ];
  for (const { email, oneLine } of cases) {
    await page.goto(await placeOrder(request, email));
    const p = page.locator(".order-customer p").filter({ hasText: email.slice(0, email.indexOf("@")) });
    await expect(p).toBeVisible();
    const { breaks, line, localWidth, domainWidth, atIndex } = await lineBreaks(p, email);
    if (oneLine) expect(breaks, `${email} on one line`).toEqual([]);
    for (const b of breaks) {
      // A break elsewhere only inside a half that is wider than the line.
      const half = b < atIndex ? localWidth : domainWidth;
      if (b !== atIndex) expect(half, `${email} broken at ${b} (${email.slice(0, b)}|${email.slice(b)})`).toBeGreaterThan(line);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await p.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  }
});

test("the creator's part rows show that they scroll, and scroll by button, keyboard and swipe", BOTH_WIDTHS, async ({ page }) => {
  await acceptCookies(page);
  // Four rows, each scrolled by arrow both ways and to its end: some forty
  // steps, over a minute on a busy 2-core machine.
  test.slow();
  await page.goto("/shop/custom-saber-creator");
  // The arrows are React's: hydrated before the first click.
  await islandReady(page, "Creator");
  const rows = page.locator(".picker");
  await expect(rows).toHaveCount(4);
  let scrolling = 0;
  for (let i = 0; i < 4; i++) {
    const picker = rows.nth(i);
    const row = picker.locator(".picker__row");
    const after = picker.locator(".picker__scroll--after");
    const before = picker.locator(".picker__scroll--before");
    const frame = picker.locator(".picker__frame");
    const overflows = await row.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    if (!overflows) {
      await expect(after).toBeHidden();
      await expect(before).toBeHidden();
      continue;
    }
    scrolling++;
    // At the start: the far side fades and has an arrow; nothing before.
    await expect(frame).toHaveAttribute("data-more-after", "true");
    await expect(frame).not.toHaveAttribute("data-more-before", /.*/);
    await expect(after).toBeVisible();
    await expect(before).toBeHidden();
    expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toContain("gradient");
    // The arrow (mouse or tap) scrolls on; then there is something before.
    await picker.scrollIntoViewIfNeeded();
    await after.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(50);
    await expect(before).toBeVisible();
    await before.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeLessThanOrEqual(1);
    await expect(before).toBeHidden();
    // A swipe or the wheel to the end: the arrow there goes.
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: "instant" }));
    await expect(after).toBeHidden();
    await expect(before).toBeVisible();
    await expect(frame).not.toHaveAttribute("data-more-after", /.*/);
    await row.evaluate((el) => el.scrollTo({ left: 0, behavior: "instant" }));
    await expect(after).toBeVisible();
  }
  expect(scrolling, "the emitters (12) overflow at every width").toBeGreaterThanOrEqual(1);
  // Keyboard: the arrow keys move through the radios, and the chosen card
  // comes whole into view.
  const first = rows.first();
  const radios = first.locator("input[type=radio]");
  const n = await radios.count();
  await first.locator("input[type=radio]:checked").focus();
  for (let i = 1; i < n; i++) await page.keyboard.press("ArrowRight");
  await expect(radios.nth(n - 1)).toBeChecked();
  const inView = async () => {
    const card = await first.locator(".picker__option").nth(n - 1).boundingBox();
    const box = await first.locator(".picker__row").boundingBox();
    return card!.x >= box!.x - 1 && card!.x + card!.width <= box!.x + box!.width + 1;
  };
  await expect.poll(inView).toBe(true);
  await expect(first.locator(".picker__scroll--after")).toBeHidden();
});

// Desktop only: one column on phones.
test("the product page has no gap under the picture", async ({ page }) => {
  for (const path of ["/shop/talon", "/pl/shop/arc", "/de/shop/belt-clip"]) {
    await page.goto(path);
    const media = (await page.locator(".product__media").boundingBox())!;
    const details = (await page.locator(".product__details").boundingBox())!;
    // The description flows on under the picture, in its column.
    expect(Math.abs(details.x - media.x), path).toBeLessThan(2);
    expect(details.y - (media.y + media.height), path).toBeLessThan(80);
  }
});
