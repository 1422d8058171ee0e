// Small helpers shared by the page templates.
import type { Page, PageData, RenderRequest } from "./generated/pagedata";

/** The request's data narrowed to one template; a mismatch is a build bug. */
export function dataOf<T extends PageData["template"]>(req: RenderRequest, template: T): Extract<PageData, { template: T }> {
  if (req.data.template !== template) {
    throw new Error(`template ${template} got data for ${req.data.template}`);
  }
  return req.data as Extract<PageData, { template: T }>;
}

/**
 * The language of the page's own text: English when this locale has no
 * translation yet (the build fell back to the English file), else inherited.
 */
export function contentLang(page: Page): string | undefined {
  return page.fallback ? "en" : undefined;
}

/**
 * The legal pages (content/LOCALE/pages/legal-NAME.md, required by the
 * build, so these links always lead somewhere) in the page's locale.
 */
export function legalHref(req: RenderRequest, name: "terms" | "privacy" | "withdrawal"): string {
  return `${req.site.home}legal-${name}`;
}

/** The href of a header menu item by its key (e.g. "design" = the creator). */
export function menuHref(req: RenderRequest, key: string): string | undefined {
  return req.site.menu.find((m) => m.key === key)?.href;
}
