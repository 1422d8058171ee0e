// The language links of a page served for a path it was not built for:
// the 404 page is one file per locale, answered for every unknown path,
// so the build cannot know which page its links should lead to. They
// carry their locale's path prefix (data-locale-prefix, "" for the
// default locale) and lead to that locale's home; here they get the
// requested path in their locale instead: /no-such-page -> /pl/no-such-page.

/** pathname (in the locale with prefix from) under the prefix to. */
export function pathInLocale(pathname: string, from: string, to: string): string {
  const inFrom = from !== "" && (pathname === from || pathname.startsWith(from + "/"));
  const rest = inFrom ? pathname.slice(from.length) : pathname;
  return to + (rest.startsWith("/") ? rest : "/" + rest);
}

export function linkLanguagesToPath(doc: Document, loc: Location): void {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>("a[data-locale-prefix]")];
  const current = links.find((a) => a.getAttribute("aria-current") === "true");
  if (!current) return;
  const from = current.dataset.localePrefix ?? "";
  for (const a of links) a.href = pathInLocale(loc.pathname, from, a.dataset.localePrefix ?? "") + loc.search;
}
