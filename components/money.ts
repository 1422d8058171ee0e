// Money in the browser: integer minor units + ISO 4217 code, formatted
// from the locale's format data (formats.ts) exactly like
// internal/i18n.Format.FormatMoney on the server (a Go test runs this file
// in node and compares): €1,499.00, PLN 2,083.00, 1.499,00 €, 1 499,00 zł.
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
  const symbol = spaced(format.money, format.symbols[currency] ?? currency);
  return (negative ? "-" : "") + fill(format.money, { amount, symbol });
}

// CLDR's currency spacing, as internal/i18n spaced: a no-break space
// between the digits and a symbol whose side next to them is neither a
// symbol nor a space ("PLN 2,083.00", "€1,499.00").
const apart = (c: string | undefined) => c !== undefined && c !== "" && !/[\p{S}\p{Z}]/u.test(c);

function spaced(pattern: string, symbol: string): string {
  const chars = Array.from(symbol);
  if (pattern.includes("{symbol}{amount}") && apart(chars[chars.length - 1])) symbol += "\u00a0";
  if (pattern.includes("{amount}{symbol}") && apart(chars[0])) symbol = "\u00a0" + symbol;
  return symbol;
}
