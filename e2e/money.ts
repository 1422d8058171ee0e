// Prices as the pages write them, for expectations on amounts the test
// computes (a total after a discount). The formats are data
// (content/i18n/LOCALE.toml [format], carried in catalog.json); the
// bundles get them from the build, and node gets them here from the run's
// own catalog.json, read on first use — by then the web server has built it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatMoney } from "../components/money";
import type { LocaleFormat } from "../components/formats";
import { SITE } from "./paths";

let loaded = false;

/** formatMoney of components/money.ts with the run's formats. */
export function money(locale: string, amount: number, currency: string): string {
  if (!loaded) {
    const cat = JSON.parse(readFileSync(join(SITE, "catalog.json"), "utf8")) as { locales: { code: string; format: LocaleFormat }[] };
    (globalThis as { __LOCALE_FORMATS__?: Record<string, LocaleFormat> }).__LOCALE_FORMATS__ = Object.fromEntries(cat.locales.map((l) => [l.code, l.format]));
    loaded = true;
  }
  return formatMoney(locale, amount, currency);
}
