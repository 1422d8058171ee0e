// What the shopper typed into the checkout, kept in sessionStorage so a
// reload or an error loses nothing. sessionStorage, not localStorage: an
// address and a phone number should not outlive the tab on a shared device.
// Card data never comes near this (it is typed on the status page and
// leaves the page encrypted).

import type { Point } from "../generated/api";
import type { Customer } from "../order";

/** The locker the shopper chose, as shown on the selected card (the order sends only its code): the daemon's Point without its place on the map. */
export type ChosenPoint = Pick<Point, "code" | "street" | "building" | "zip" | "city" | "description" | "hours">;

export const DRAFT_KEY = "saber-shop.checkout.v1";

/** The customer form (the order's Customer) plus the code, the terms and the step. */
export interface Draft extends Customer {
  /** "I need an invoice for a company": company and vat_id are sent only then. */
  invoice: boolean;
  company: string;
  vat_id: string;
  code: string;
  terms: boolean;
  /** The delivery method chosen ("courier", "locker"); "" the country's default. */
  method: string;
  /** The locker chosen, for a locker delivery. */
  point: ChosenPoint | null;
  /** The shopper is on the finalising step. */
  step: "basket" | "checkout";
}

export const EMPTY_DRAFT: Draft = {
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  country: "",
  street: "",
  zip: "",
  city: "",
  invoice: false,
  company: "",
  vat_id: "",
  code: "",
  terms: false,
  method: "",
  point: null,
  step: "basket",
};

const POINT_FIELDS = ["code", "street", "building", "zip", "city", "description", "hours"] as const;

/** A stored locker, or null when it is not one (a tampered or older draft). */
export function readPoint(x: unknown): ChosenPoint | null {
  if (!x || typeof x !== "object") return null;
  const v = x as Record<string, unknown>;
  if (typeof v.code !== "string" || !/^[A-Z0-9]{3,16}$/.test(v.code)) return null;
  const p: Record<string, string> = {};
  for (const k of POINT_FIELDS) {
    const s = v[k];
    if (typeof s === "string") p[k] = s.slice(0, 200);
    else if (k !== "description" && k !== "hours") p[k] = "";
  }
  return p as unknown as ChosenPoint;
}

export function readDraft(): Draft {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return EMPTY_DRAFT;
    const v = JSON.parse(raw) as Partial<Record<keyof Draft, unknown>>;
    const d: Draft = { ...EMPTY_DRAFT };
    for (const k of Object.keys(EMPTY_DRAFT) as (keyof Draft)[]) {
      const x = v[k];
      if (k === "terms" || k === "invoice") d[k] = x === true;
      else if (k === "step") d.step = x === "checkout" ? "checkout" : "basket";
      else if (k === "method") d.method = x === "courier" || x === "locker" ? x : "";
      else if (k === "point") d.point = readPoint(x);
      else if (typeof x === "string") d[k] = x.slice(0, 200);
    }
    return d;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function writeDraft(d: Draft): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(d));
  } catch {
    /* no storage: the form still works, it just does not survive a reload */
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* nothing to clear */
  }
}
