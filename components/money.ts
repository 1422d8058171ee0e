// Money in the browser: integer minor units + ISO 4217 code, formatted
// exactly like internal/i18n.FormatMoney on the server (a Go test runs this
// file in node and compares): €1,499.00, 1.499,00 €, 1 499,00 zł.

export interface Money {
  amount: number;
  currency: string;
}

const NBSP = "\u00a0";

const symbols: Record<string, string> = { EUR: "€", PLN: "zł" };

const separators: Record<string, { group: string; decimal: string }> = {
  en: { group: ",", decimal: "." },
  pl: { group: NBSP, decimal: "," },
  de: { group: ".", decimal: "," },
};

export function formatMoney(locale: string, minor: number, currency: string): string {
  if (!Number.isInteger(minor)) throw new Error(`money must be integer minor units, got ${minor}`);
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, "0");
  const { group, decimal } = separators[locale] ?? separators.en!;
  let grouped = "";
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) grouped += group;
    grouped += whole[i];
  }
  const symbol = symbols[currency] ?? currency;
  const sign = negative ? "-" : "";
  const number = grouped + decimal + cents;
  return locale === "en" ? sign + symbol + number : sign + number + NBSP + symbol;
}
