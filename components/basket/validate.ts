// The checkout's own checks, before anything is sent: the same rules as the
// daemon's (internal/order/validate.go), kept simple; the daemon's 422 is
// still the final word (e.g. postal code formats per country).
import type { Draft } from "./draft";

export type CustomerField = "first_name" | "last_name" | "email" | "phone" | "country" | "street" | "zip" | "city";

export const CUSTOMER_FIELDS: CustomerField[] = ["first_name", "last_name", "email", "phone", "country", "street", "zip", "city"];

/** A company's invoice: asked for only when the shopper needs one. */
export type InvoiceField = "company" | "vat_id";

export const INVOICE_FIELDS: InvoiceField[] = ["company", "vat_id"];

/**
 * Characters that show as nothing or reorder the text around them: controls,
 * format characters (bidi overrides and isolates, zero-width spaces, the BOM)
 * and line/paragraph separators. The daemon's rule (internal/inert) also lets
 * the zero-width joiners through in emoji sequences and in scripts that need
 * them; here they are left to the daemon, whose 422 has the last word.
 */
const HIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Whether s holds a character the daemon refuses as invisible. */
export function hasHiddenChars(s: string): boolean {
  return HIDDEN.test(s);
}

/**
 * The phone as the carrier's SMS wants it, as internal/order.MobileNumber:
 * in Poland the nine digits of a mobile number ("+48 512 345 678" ->
 * "512345678"; a landline, which cannot get a text, gives ""); elsewhere
 * the digits with a leading + at 8 to 15 digits.
 */
export function mobileNumber(phone: string, country: string): string {
  let digits = phone.replace(/[^0-9]/g, "");
  if (country !== "pl") {
    if (digits.length < 8 || digits.length > 15) return "";
    return "+" + (digits.startsWith("00") ? digits.slice(2) : digits);
  }
  for (const prefix of ["0048", "48"]) {
    if (digits.length === 9 + prefix.length && digits.startsWith(prefix)) digits = digits.slice(prefix.length);
  }
  if (digits.length !== 9 || !"45678".includes(digits[0]!)) return "";
  return digits;
}

/**
 * Field -> message key under checkout.errors. locker: the delivery goes to
 * a parcel locker, which needs one chosen ("delivery.point") and a mobile
 * number the carrier texts the pickup code to (internal/order
 * validateDelivery).
 */
export function validateDraft(d: Draft, locker = false): Record<string, string> {
  const errs: Record<string, string> = {};
  for (const f of CUSTOMER_FIELDS) {
    if (!d[f].trim()) errs[f] = f === "country" ? "country_required" : "required";
    else if (hasHiddenChars(d[f].trim())) errs[f] = "chars.invisible";
  }
  // As the daemon's order.checkEmail: no "?", "#" or "%", which a mailto: link reads as headers, a fragment or an escape.
  if (!errs.email && !/^[^\s@?#%]+@[^\s@?#%]+\.[^\s@?#%]+$/.test(d.email.trim())) errs.email = "email_invalid";
  if (!errs.phone) {
    const digits = d.phone.replace(/\D/g, "").length;
    if (digits < 7 || digits > 15 || !/^\+?[\d\s().-]+$/.test(d.phone.trim())) errs.phone = "phone_invalid";
  }
  if (locker) {
    if (!d.point) errs["delivery.point"] = "point_required";
    if (!errs.phone && !errs.country && mobileNumber(d.phone, d.country) === "") errs.phone = "phone_mobile";
  }
  if (d.invoice) {
    for (const f of INVOICE_FIELDS) {
      if (!d[f].trim()) errs[f] = "required";
      else if (hasHiddenChars(d[f].trim())) errs[f] = "chars.invisible";
    }
  }
  if (!d.terms) errs.terms_accepted = "terms_required";
  return errs;
}

/** Examples of postal codes, shown as placeholders for the chosen country. */
export const ZIP_EXAMPLES: Record<string, string> = {
  pl: "00-001",
  cz: "110 00",
  sk: "811 01",
  de: "10115",
  uk: "SW1A 1AA",
  cr: "10000",
  at: "1010",
  nl: "1012 AB",
  be: "1000",
  lu: "L-1111",
  it: "00118",
  fr: "75001",
  dk: "1050",
  lt: "01100",
  lv: "LV-1050",
  ee: "10111",
};
