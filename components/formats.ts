// How each locale writes prices and dates: data, not code. The build reads
// the [format] table of every content/i18n/LOCALE.toml (Go:
// internal/i18n.Format) and puts them into the bundles as
// __LOCALE_FORMATS__ (internal/site bundleConstants), so the server's
// render and the browser's hydration format from the same data, and a new
// locale's style needs no edit here. money.ts and dates.ts apply a Format
// exactly as internal/i18n/format.go does (Go tests run both).
import type { Format } from "./generated/catalog";

/** internal/i18n.Format, as JSON (generated from the Go type). */
export type LocaleFormat = Format;

// Replaced by the bundler; outside a bundle (the Go tests run these files
// in node) a global of that name.
declare const __LOCALE_FORMATS__: Record<string, LocaleFormat> | undefined;

/** The format of one of the site's locales; any other is a bug. */
export function formatOf(locale: string): LocaleFormat {
  const f = typeof __LOCALE_FORMATS__ === "undefined" ? undefined : __LOCALE_FORMATS__[locale];
  if (!f) throw new Error(`no format for locale ${locale} (content/i18n/${locale}.toml [format])`);
  return f;
}

/** Replaces each {name} of pattern in one pass, like Go's fill. */
export function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{[a-z_][a-z0-9_]*\}/g, (p) => values[p.slice(1, -1)] ?? p);
}

export const two = (n: number) => String(n).padStart(2, "0");

/**
 * A whole number >= 0 with the locale's thousands separator (5,280; 5.280;
 * 5 280), as prices group their amounts. Not toLocaleString: a page's
 * first Intl number format loads ICU data, 50-110 ms of main thread in
 * Chromium on this project's machine, for one number.
 */
export function groupDigits(format: LocaleFormat, n: number): string {
  const whole = String(Math.floor(Math.abs(n)));
  let grouped = "";
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) grouped += format.group;
    grouped += whole[i];
  }
  return grouped;
}
