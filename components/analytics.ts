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
let loaded = false;

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
  if (loaded || typeof document === "undefined") return;
  loaded = true;
  pushConsentDefaults();
  gtag("consent", "update", consentAll("granted"));
  const id = tagManagerId.trim();
  if (!id) return;
  dataLayer()?.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}
