// The checkout's own checks, before anything is sent: the same rules as the
// daemon's (internal/order/validate.go), kept simple; the daemon's 422 is
// still the final word (e.g. postal code formats per country).
import type { Draft } from "./draft";

export type CustomerField = "first_name" | "last_name" | "email" | "phone" | "country" | "street" | "zip" | "city";

export const CUSTOMER_FIELDS: CustomerField[] = ["first_name", "last_name", "email", "phone", "country", "street", "zip", "city"];

/** Field -> message key under checkout.errors. */
export function validateDraft(d: Draft): Record<string, string> {
  const errs: Record<string, string> = {};
  for (const f of CUSTOMER_FIELDS) {
    if (!d[f].trim()) errs[f] = f === "country" ? "country_required" : "required";
  }
  if (!errs.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) errs.email = "email_invalid";
  if (!errs.phone) {
    const digits = d.phone.replace(/\D/g, "").length;
    if (digits < 7 || digits > 15 || !/^\+?[\d\s().-]+$/.test(d.phone.trim())) errs.phone = "phone_invalid";
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
