// The card form's checks, in the browser, before anything is encrypted:
// the number's brand, grouping and Luhn check, the expiry (MM/YY, not in
// the past) and the CVC. Pure functions: nothing here keeps or logs a card.

export type CardBrand = "visa" | "mastercard" | "amex" | "maestro" | "discover" | "jcb" | "diners" | "unionpay";

/** What a shopper sees for each brand. */
export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  maestro: "Maestro",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
};

/** Only the digits of what was typed. */
export function digitsOf(s: string): string {
  return s.replace(/\D/g, "");
}

/**
 * The brand a number's first digits say (IIN ranges); null when they say
 * nothing yet. Maestro is checked before Mastercard: some of its ranges
 * start like one.
 */
export function cardBrand(number: string): CardBrand | null {
  const d = digitsOf(number);
  if (d === "") return null;
  const n = (len: number) => Number(d.slice(0, len));
  if (/^3[47]/.test(d)) return "amex";
  if (/^3(0[0-5]|[689])/.test(d)) return "diners";
  if (/^35(2[89]|[3-8])/.test(d)) return "jcb";
  if (/^(5018|5020|5038|5893|6304|6759|676[123])/.test(d)) return "maestro";
  if (/^5[1-5]/.test(d) || (d.length >= 4 && n(4) >= 2221 && n(4) <= 2720)) return "mastercard";
  if (/^4/.test(d)) return "visa";
  if (/^(6011|64[4-9]|65)/.test(d)) return "discover";
  if (/^62/.test(d)) return "unionpay";
  if (/^6/.test(d)) return "maestro";
  return null;
}

/** The lengths a brand's numbers have (any brand: 12-19). */
export function cardLengths(brand: CardBrand | null): number[] {
  switch (brand) {
    case "amex":
      return [15];
    case "diners":
      return [14, 16, 19];
    case "visa":
      return [13, 16, 19];
    case "mastercard":
      return [16];
    default:
      return [12, 13, 14, 15, 16, 17, 18, 19];
  }
}

/** The most digits a number of this brand can have. */
export function maxDigits(brand: CardBrand | null): number {
  return Math.max(...cardLengths(brand));
}

/**
 * The number as it is shown while typed: groups of 4 (American Express
 * 4-6-5), at most the brand's length.
 */
export function formatCardNumber(input: string): string {
  const brand = cardBrand(input);
  const d = digitsOf(input).slice(0, maxDigits(brand));
  if (brand === "amex") {
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(" ");
  }
  return d.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(number: string): boolean {
  const d = digitsOf(number);
  if (d.length < 2) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let x = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      x *= 2;
      if (x > 9) x -= 9;
    }
    sum += x;
  }
  return sum % 10 === 0;
}

export type NumberProblem = "required" | "invalid";

/** Why a card number cannot be used, or null when it can. */
export function checkCardNumber(number: string): NumberProblem | null {
  const d = digitsOf(number);
  if (d === "") return "required";
  if (!cardLengths(cardBrand(d)).includes(d.length) || !luhnValid(d)) return "invalid";
  return null;
}

/**
 * The expiry as it is shown while typed: "MM/YY". A slash follows two month
 * digits; a first digit 2-9, or one digit and a slash, is a month ("4"
 * becomes "04/"). deleting is true when the shopper erased a character:
 * then no slash is added back, so backspace works over it.
 */
export function formatExpiry(input: string, deleting = false): string {
  let d = digitsOf(input).slice(0, 4);
  if (d.length === 1 && (/^[2-9]$/.test(d) || (input.includes("/") && !deleting))) d = "0" + d;
  if (d.length > 2) return `${d.slice(0, 2)}/${d.slice(2)}`;
  if (d.length === 2 && !deleting) return `${d}/`;
  return d;
}

export type ExpiryProblem = "required" | "invalid" | "past";

/**
 * Why an expiry cannot be used, or null when it can. A card is valid
 * through the last day of its month; now is the shopper's clock.
 */
export function checkExpiry(expiry: string, now: Date = new Date()): ExpiryProblem | null {
  const s = expiry.replace(/\s/g, "");
  if (s === "") return "required";
  const m = /^(\d{1,2})\/?(\d{2})$/.exec(s);
  if (!m) return "invalid";
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return "invalid";
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return "past";
  if (year > thisYear + 20) return "invalid";
  return null;
}

export type CvcProblem = "required" | "invalid";

/**
 * Why a CVC cannot be used, or null: 4 digits on American Express, 3 on
 * the other brands, 3 or 4 while the brand is unknown.
 */
export function checkCvc(cvc: string, brand: CardBrand | null): CvcProblem | null {
  const s = cvc.trim();
  if (s === "") return "required";
  if (!/^\d{3,4}$/.test(s)) return "invalid";
  if (brand === "amex" && s.length !== 4) return "invalid";
  if (brand !== null && brand !== "amex" && s.length !== 3) return "invalid";
  return null;
}
