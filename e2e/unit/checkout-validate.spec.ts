// The checkout's own check of hidden characters
// (docs/decisions/orders-and-payments.md#hidden-characters-answer-chars_invisible),
// in node: the same classes the daemon refuses with chars_invisible, and real
// names of many scripts with emoji pass.
import { expect, test } from "@playwright/test";
import { VALID_DRAFT } from "./drafts";
import type { Draft } from "../../components/basket/draft";
import { hasHiddenChars, validateDraft } from "../../components/basket/validate";

const valid: Draft = VALID_DRAFT;

test("hidden characters are refused on their field", () => {
  expect(validateDraft(valid)).toEqual({});
  const hidden = ["\u202E", "\u202A", "\u2066", "\u2069", "\u200E", "\u200B", "\u2060", "\uFEFF", "\u2028", "\u2029", "\x1b", "\x07", "\x7f", "\u0085", "\t"];
  for (const field of ["first_name", "last_name", "email", "phone", "street", "zip", "city"] as const) {
    for (const h of hidden) {
      const d = { ...valid, [field]: valid[field].slice(0, 1) + h + valid[field].slice(1) };
      expect(validateDraft(d), `${field} with U+${h.codePointAt(0)!.toString(16)}`).toEqual({ [field]: "chars.invisible" });
    }
  }
});

test("real names stay", () => {
  for (const s of ["Zażółć Gęślą", "Jürgen Straße", "Анна", "Σωκράτης", "山田 太郎", "محمد", "שרה כהן", "علی\u200Cزاده", "👨‍👩‍👧 🏳️‍🌈"]) {
    expect(hasHiddenChars(s), s).toBe(false);
  }
});

test("an invoice's company and VAT ID are asked for only when the shopper needs an invoice", () => {
  expect(validateDraft({ ...valid, invoice: true })).toEqual({ company: "required", vat_id: "required" });
  expect(validateDraft({ ...valid, invoice: true, company: "Kuźnia sp. z o.o.", vat_id: "5260250274" })).toEqual({});
  expect(validateDraft({ ...valid, invoice: false, company: "", vat_id: "half typed" })).toEqual({});
  expect(validateDraft({ ...valid, invoice: true, company: "Kuźnia\u202E", vat_id: "5260250274" })).toEqual({ company: "chars.invisible" });
});

test("an address a mailto: link would read as more than one mailbox is refused, as the daemon does", () => {
  for (const email of ["x?cc=someone@elsewhere.example", "x#y@example.com", "x%40y@example.com"]) {
    expect(validateDraft({ ...valid, email }), email).toEqual({ email: "email_invalid" });
  }
  expect(validateDraft({ ...valid, email: "anna.nowak+shop@mail.co.uk" })).toEqual({});
});
