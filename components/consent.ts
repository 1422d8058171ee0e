// The cookie banner's behaviour (docs/product-rules.md#cookie-consent,
// docs/legal.md#cookies-and-consent), without React: the layout
// server-renders the banner hidden inside <saber-consent> (CookieBanner.tsx),
// and this, run by the site-wide module on every page, keeps it in step with
// storage. Whether a page opens with the banner is decided before its first
// paint by consent-boot.ts, inlined in <head>: the banner is then part of the
// page's flow (sticky at the bottom, after the footer) from the start, so
// nothing moves and nothing is measured; a returning visitor never sees it.
// Without JavaScript no tracking can load, so the banner stays hidden.
//
// Accept and Decline are stored alike (localStorage, with the time of the
// choice and the banner's version) and kept for the owner's consent_months;
// after that, or once consent_version changes, the banner asks again.
// "Learn more" only hides the banner for this browser session. Accept loads
// the tag manager with Google Consent Mode v2. Every "Cookie settings" link
// ([data-consent="open"]) reopens the banner, where Decline withdraws an
// earlier Accept: a denied update, the tag manager's cookies removed, and a
// new page load if the tag manager ran on this one.
import { denyConsent, grantConsentAndLoad, pushConsentDefaults } from "./analytics";
import { CONSENT_HIDDEN_KEY, CONSENT_KEY, consentFromStorage, type ConsentChoice, type ConsentRecord } from "./consentRecord";
import type { ConsentProps } from "./CookieBanner";

export { CONSENT_HIDDEN_KEY, CONSENT_KEY, parseRecord, recordHolds } from "./consentRecord";
export type { ConsentChoice, ConsentRecord } from "./consentRecord";

/** The host element's state attribute, for styles, tests and events.ts. */
export type ConsentState = "show" | "hidden" | ConsentChoice;

// In-memory copies for browsers that refuse storage (privacy modes): the
// choice then holds for this page only.
const memory: { choice: ConsentChoice | null; hidden: boolean } = { choice: null, hidden: false };

function store(kind: "local" | "session"): Storage | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: "local" | "session", key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused (storage disabled or full). */
function write(kind: "local" | "session", key: string, value: string): boolean {
  try {
    const s = store(kind);
    s?.setItem(key, value);
    return s !== null;
  } catch {
    return false;
  }
}

function readProps(host: HTMLElement): ConsentProps {
  const p: ConsentProps = { tagManagerId: "", version: "1", months: 6 };
  try {
    const raw = JSON.parse(host.getAttribute("props") ?? "{}") as Partial<ConsentProps>;
    if (typeof raw.tagManagerId === "string") p.tagManagerId = raw.tagManagerId;
    if (typeof raw.version === "string" && raw.version) p.version = raw.version;
    if (typeof raw.months === "number" && raw.months > 0) p.months = raw.months;
  } catch {
    /* a broken attribute means no tag manager */
  }
  return p;
}

/** Runs the banner inside host (<saber-consent props='{"tagManagerId": …}'>). */
export function startConsent(host: HTMLElement): void {
  const banner = host.querySelector<HTMLElement>(".cookie-banner");
  const props = readProps(host);
  // Consent Mode v2: the defaults (all denied) go first, on every page.
  pushConsentDefaults();

  const current = (): ConsentState => {
    if (memory.choice) return memory.choice;
    const hidden = memory.hidden ? "1" : read("session", CONSENT_HIDDEN_KEY);
    return consentFromStorage(read("local", CONSENT_KEY), hidden, Date.now(), props.months, props.version);
  };

  /** Set while the banner is open from a "Cookie settings" link: focus goes back there. */
  let reopenedFrom: HTMLElement | null = null;

  const render = () => {
    const state = current();
    host.setAttribute("state", state);
    host.toggleAttribute("reopened", reopenedFrom !== null);
    if (state === "accepted") grantConsentAndLoad(props.tagManagerId);
    // Declined, never asked, or a choice that lapsed: no consent on this page.
    else if (denyConsent()) {
      location.reload();
      return;
    }
    if (!banner) return;
    banner.querySelectorAll<HTMLElement>("[data-consent-status]").forEach((p) => {
      p.hidden = reopenedFrom === null || p.getAttribute("data-consent-status") !== state;
    });
    const show = state === "show" || reopenedFrom !== null;
    // The banner sits in the page's flow (sticky at the bottom), so the
    // end of the page stays reachable above it with nothing measured.
    banner.hidden = !show;
  };

  const close = () => {
    const back = reopenedFrom;
    reopenedFrom = null;
    render();
    if (back?.isConnected && back.getClientRects().length > 0) back.focus();
  };

  const choose = (choice: ConsentChoice) => {
    const record: ConsentRecord = { choice, at: Date.now(), version: props.version };
    memory.choice = write("local", CONSENT_KEY, JSON.stringify(record)) ? null : choice;
    close();
  };

  host.addEventListener("click", (e) => {
    const action = (e.target as Element | null)?.closest?.("[data-consent]")?.getAttribute("data-consent");
    if (action === "accept" || action === "decline") {
      choose(action === "accept" ? "accepted" : "declined");
    } else if (action === "hide") {
      // Learn more is a link: this runs, then the browser follows it.
      memory.hidden = true;
      write("session", CONSENT_HIDDEN_KEY, "1");
      reopenedFrom = null;
      render();
    }
  });
  host.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && reopenedFrom) close();
  });
  // "Cookie settings" links anywhere on the page reopen the banner. In the
  // capture phase: before sitewide.ts sees a link followed (its progress bar).
  document.addEventListener("click", (e) => {
    const link = (e.target as Element | null)?.closest?.<HTMLElement>('[data-consent="open"]');
    if (!link || !banner || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    // In the phone menu: close the menu so the banner is not behind it.
    link.closest("details")?.removeAttribute("open");
    reopenedFrom = link;
    render();
    banner.focus();
  }, true);
  // Another tab choosing hides the banner here too (and loads or stops tracking).
  window.addEventListener("storage", (e) => {
    if (e.key === CONSENT_KEY || e.key === null) {
      memory.choice = null;
      render();
    }
  });
  render();
  // consent-boot.ts showed the banner from the first paint; from here its
  // hidden attribute, just set to the same state, says.
  document.documentElement.removeAttribute("data-consent");
}
