// The tag manager's data layer and Google Consent Mode v2 (see
// docs/product-rules.md#cookie-consent). Everything goes through
// window.dataLayer; the tag manager script itself is inserted only after the
// visitor accepts cookies (see consent.ts), and never when the site has no
// container id. Safe to import on the server: every function is a no-op
// without a window. Islands push their events through events.ts.

type DataLayerEntry = Record<string, unknown> | IArguments;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

function dataLayer(): DataLayerEntry[] | null {
  if (typeof window === "undefined") return null;
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/**
 * Google's gtag(): it must push the Arguments object itself, not an array,
 * because the tag manager treats the two differently.
 */
function gtag(..._args: unknown[]): void {
  dataLayer()?.push(arguments);
}

const CONSENT_TYPES = ["ad_storage", "analytics_storage", "ad_user_data", "ad_personalization"] as const;

function consentAll(value: "denied" | "granted"): Record<string, string> {
  return Object.fromEntries(CONSENT_TYPES.map((k) => [k, value]));
}

let defaultsPushed = false;
/** Consent is granted on this page (pushed to the data layer). */
let granted = false;
/** The tag manager script was inserted on this page: only a new page load stops it. */
let scriptInserted = false;

/** Consent Mode v2 defaults: everything denied until the visitor accepts. Once per page. */
export function pushConsentDefaults(): void {
  if (defaultsPushed || typeof window === "undefined") return;
  defaultsPushed = true;
  gtag("consent", "default", { ...consentAll("denied"), wait_for_update: 500 });
}

/**
 * The visitor accepted (now or on an earlier visit): grant consent and load
 * the tag manager container, once per page. An empty id loads nothing.
 */
export function grantConsentAndLoad(tagManagerId: string): void {
  if (granted || typeof document === "undefined") return;
  granted = true;
  pushConsentDefaults();
  gtag("consent", "update", consentAll("granted"));
  const id = tagManagerId.trim();
  if (!id || scriptInserted) return;
  scriptInserted = true;
  dataLayer()?.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

/**
 * The visitor withdrew consent (or never gave it, or it lapsed): an update
 * with everything denied if it was granted on this page, and the tag
 * manager's cookies removed. Returns true when the tag manager script ran
 * on this page: a script cannot be unloaded, so only a new page load stops
 * its listeners and timers (docs/legal.md#cookies-and-consent).
 */
export function denyConsent(): boolean {
  if (typeof document === "undefined") return false;
  removeTrackingCookies();
  if (!granted) return false;
  granted = false;
  gtag("consent", "update", consentAll("denied"));
  return scriptInserted;
}

/** Google Analytics' and Ads' first-party cookies (set through the tag manager). */
const TRACKING_COOKIE = /^(_ga|_ga_.+|_gid|_gat.*|_gcl_.+)$/;

/**
 * Removes the tracking cookies on this host and every parent domain (Google
 * sets them on the highest one it may, e.g. .shop.example for
 * www.shop.example). A browser ignores a removal for a domain it would not
 * accept (an IP address, a public suffix), so trying each is harmless.
 */
export function removeTrackingCookies(): void {
  const names = document.cookie
    .split(";")
    .map((c) => c.split("=")[0]!.trim())
    .filter((n) => TRACKING_COOKIE.test(n));
  if (names.length === 0) return;
  const labels = location.hostname.split(".");
  const domains = labels.map((_, i) => labels.slice(i).join(".")).filter((d) => d.includes("."));
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
    for (const d of domains) document.cookie = `${name}=; Max-Age=0; path=/; domain=${d}`;
  }
}
