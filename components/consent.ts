// The cookie banner's behaviour (docs/product-rules.md#cookie-consent),
// without React: the layout server-renders the banner hidden inside
// <saber-consent> (CookieBanner.tsx), and this, run by the site-wide module
// on every page, decides from storage whether to show it. The banner is fixed
// at the bottom, so appearing after the page has parsed shifts nothing; a
// returning visitor never sees it. Without JavaScript no tracking can load,
// so the banner stays hidden.
//
// Shown while the persisted flag showCookieConsent is set (default: set).
// Accept clears the flag for good and loads the tag manager with Google
// Consent Mode v2; Decline and Learn more only hide the banner for this
// browser session. A visitor who accepted earlier gets tracking straight away.
import { grantConsentAndLoad, pushConsentDefaults } from "./analytics";

/** localStorage: "false" once the visitor accepted (showCookieConsent = false). */
export const CONSENT_KEY = "saber-shop.cookie-consent";
/** sessionStorage: "1" after Decline or Learn more, for this session only. */
export const CONSENT_HIDDEN_KEY = "saber-shop.cookie-consent.hidden";

/** The host element's state attribute, for styles and tests. */
export type ConsentState = "show" | "hidden" | "accepted";

// In-memory copies for browsers that refuse storage (privacy modes): the
// choice then holds for this page only.
const memory = { accepted: false, hidden: false };

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

function write(kind: "local" | "session", key: string, value: string): void {
  try {
    store(kind)?.setItem(key, value);
  } catch {
    /* storage disabled or full: memory keeps the choice for this page */
  }
}

function current(): ConsentState {
  if (memory.accepted || read("local", CONSENT_KEY) === "false") return "accepted";
  if (memory.hidden || read("session", CONSENT_HIDDEN_KEY) === "1") return "hidden";
  return "show";
}

/** Runs the banner inside host (<saber-consent props='{"tagManagerId": …}'>). */
export function startConsent(host: HTMLElement): void {
  const banner = host.querySelector<HTMLElement>(".cookie-banner");
  let tagManagerId = "";
  try {
    const props = JSON.parse(host.getAttribute("props") ?? "{}") as { tagManagerId?: unknown };
    if (typeof props.tagManagerId === "string") tagManagerId = props.tagManagerId;
  } catch {
    /* a broken attribute means no tag manager */
  }
  // Consent Mode v2: the defaults (all denied) go first, on every page.
  pushConsentDefaults();

  const root = document.documentElement;
  const reserve = () => root.style.setProperty("--cookie-banner-h", `${Math.ceil(banner!.getBoundingClientRect().height)}px`);
  const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(reserve);

  const render = () => {
    const state = current();
    host.setAttribute("state", state);
    if (state === "accepted") grantConsentAndLoad(tagManagerId);
    const show = state === "show";
    if (!banner || banner.hidden === !show) return;
    banner.hidden = !show;
    // Reserve the banner's height below the page so that the footer can
    // still be scrolled into view above it.
    if (show) {
      reserve();
      resize?.observe(banner);
    } else {
      resize?.disconnect();
      root.style.removeProperty("--cookie-banner-h");
    }
  };

  host.addEventListener("click", (e) => {
    const action = (e.target as Element | null)?.closest?.("[data-consent]")?.getAttribute("data-consent");
    if (action === "accept") {
      memory.accepted = true;
      write("local", CONSENT_KEY, "false");
    } else if (action === "hide") {
      // Learn more is a link: this runs, then the browser follows it.
      memory.hidden = true;
      write("session", CONSENT_HIDDEN_KEY, "1");
    } else {
      return;
    }
    render();
  });
  // Another tab accepting hides the banner here too (and loads tracking).
  window.addEventListener("storage", (e) => {
    if (e.key === CONSENT_KEY || e.key === null) render();
  });
  render();
}
