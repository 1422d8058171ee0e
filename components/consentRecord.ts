// The stored cookie choice and when the banner is due: shared by the
// banner's behaviour (consent.ts, in the site-wide module) and the few
// lines inlined at the top of every page's <head> (consent-boot.ts), which
// decide before the first paint whether the banner is part of the page.
// Keep this module free of side effects: it is bundled into that inline
// script.

/** localStorage: the visitor's choice, a ConsentRecord as JSON. */
export const CONSENT_KEY = "saber-shop.cookie-consent";
/** sessionStorage: "1" after Learn more, for this session only. */
export const CONSENT_HIDDEN_KEY = "saber-shop.cookie-consent.hidden";

export type ConsentChoice = "accepted" | "declined";

/** What CONSENT_KEY holds. */
export interface ConsentRecord {
  choice: ConsentChoice;
  /** When the visitor chose, ms since the epoch. */
  at: number;
  /** The banner's consent_version at that time. */
  version: string;
}

/** The stored choice, or null when there is none or it is not one of ours. */
export function parseRecord(raw: string | null): ConsentRecord | null {
  if (!raw) return null;
  try {
    const r = JSON.parse(raw) as Partial<ConsentRecord>;
    if ((r.choice === "accepted" || r.choice === "declined") && typeof r.at === "number" && typeof r.version === "string") {
      return { choice: r.choice, at: r.at, version: r.version };
    }
  } catch {
    /* an older format ("false") or garbage: ask again */
  }
  return null;
}

/** A stored choice holds for months calendar months, and for its version only. */
export function recordHolds(r: ConsentRecord, now: number, months: number, version: string): boolean {
  if (r.version !== version) return false;
  const until = new Date(r.at);
  until.setMonth(until.getMonth() + months);
  return now < until.getTime();
}

/**
 * The choice in force from what storage holds: the stored record while it
 * holds, else "hidden" after Learn more in this session, else "show" (the
 * banner asks).
 */
export function consentFromStorage(
  stored: string | null,
  hiddenThisSession: string | null,
  now: number,
  months: number,
  version: string,
): ConsentChoice | "hidden" | "show" {
  const r = parseRecord(stored);
  if (r && recordHolds(r, now, months, version)) return r.choice;
  if (hiddenThisSession === "1") return "hidden";
  return "show";
}
