// Money in the browser: integer minor units + ISO 4217 code, formatted
// from the locale's format data (formats.ts) exactly like
// internal/i18n.Format.FormatMoney on the server (a Go test runs this file
// in node and compares): €1,499.00, 1.499,00 €, 1 499,00 zł.
import { fill, formatOf, groupDigits, two, type LocaleFormat } from "./formats";

export interface Money {
  amount: number;
  currency: string;
}

export function formatMoney(locale: string, minor: number, currency: string): string {
  return moneyIn(formatOf(locale), minor, currency);
}

/** formatMoney with the format itself. */
export function moneyIn(format: LocaleFormat, minor: number, currency: string): string {
  if (!Number.isInteger(minor)) throw new Error(`money must be integer minor units, got ${minor}`);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const amount = groupDigits(format, Math.floor(abs / 100)) + format.decimal + two(abs % 100);
  const symbol = format.symbols[currency] ?? currency;
  return (negative ? "-" : "") + fill(format.money, { amount, symbol });
}
