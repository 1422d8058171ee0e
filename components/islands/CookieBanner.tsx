// The cookie banner (SPEC.md §4): a non-modal region fixed at the bottom,
// shown while the persisted flag showCookieConsent is set (default: set).
// Accept clears the flag for good and loads the tag manager with Google
// Consent Mode v2; Decline and Learn more only hide the banner for this
// browser session. A visitor who accepted earlier gets tracking straight away.
//
// The server renders nothing here and the banner appears after hydration:
// storage is only known in the browser, and a returning visitor must never
// see it flash. Without JavaScript no tracking can load, so no banner is due.
import { useEffect, useRef, useSyncExternalStore } from "react";
import { grantConsentAndLoad, pushConsentDefaults } from "../analytics";

/** localStorage: "false" once the visitor accepted (showCookieConsent = false). */
export const CONSENT_KEY = "saber-shop.cookie-consent";
/** sessionStorage: "1" after Decline or Learn more, for this session only. */
export const CONSENT_HIDDEN_KEY = "saber-shop.cookie-consent.hidden";

export interface CookieBannerProps {
  /** site.tag_manager_id; empty: the tag manager is never loaded. */
  tagManagerId: string;
  /** The privacy page in the page's locale. */
  privacyHref: string;
  label: string;
  text: string;
  accept: string;
  decline: string;
  learnMore: string;
}

type State = "server" | "show" | "hidden" | "accepted";

// In-memory copies for browsers that refuse storage (privacy modes): the
// choice then holds for this page only.
const memory = { accepted: false, hidden: false };
const listeners = new Set<() => void>();

function read(store: "local" | "session", key: string): string | null {
  try {
    return (store === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(store: "local" | "session", key: string, value: string): void {
  try {
    (store === "local" ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    /* storage disabled: memory keeps the choice for this page */
  }
}

function snapshot(): State {
  if (memory.accepted || read("local", CONSENT_KEY) === "false") return "accepted";
  if (memory.hidden || read("session", CONSENT_HIDDEN_KEY) === "1") return "hidden";
  return "show";
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab accepting hides the banner here too (and loads tracking).
  const onStorage = (e: StorageEvent) => {
    if (e.key === CONSENT_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function notify(): void {
  listeners.forEach((l) => l());
}

function accept(): void {
  memory.accepted = true;
  write("local", CONSENT_KEY, "false");
  notify();
}

function hideForSession(): void {
  memory.hidden = true;
  write("session", CONSENT_HIDDEN_KEY, "1");
  notify();
}

export default function CookieBanner(props: CookieBannerProps) {
  const state = useSyncExternalStore<State>(subscribe, snapshot, () => "server");
  const ref = useRef<HTMLDivElement>(null);

  // Consent Mode v2: the defaults (all denied) go first, on every page.
  useEffect(() => pushConsentDefaults(), []);

  useEffect(() => {
    if (state === "accepted") grantConsentAndLoad(props.tagManagerId);
  }, [state, props.tagManagerId]);

  // Reserve the banner's height below the page so that the footer can still
  // be scrolled into view above it.
  useEffect(() => {
    const el = ref.current;
    if (state !== "show" || !el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty("--cookie-banner-h", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(set);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.style.removeProperty("--cookie-banner-h");
    };
  }, [state]);

  if (state !== "show") return null;
  return (
    <div ref={ref} className="cookie-banner" role="region" aria-label={props.label}>
      <div className="container cookie-banner__inner">
        <p className="cookie-banner__text">
          {props.text}{" "}
          <a className="cookie-banner__more" href={props.privacyHref} onClick={hideForSession}>
            {props.learnMore}
          </a>
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="btn btn--ghost cookie-banner__btn" onClick={hideForSession}>
            {props.decline}
          </button>
          <button type="button" className="btn btn--primary cookie-banner__btn" onClick={accept}>
            {props.accept}
          </button>
        </div>
      </div>
    </div>
  );
}
