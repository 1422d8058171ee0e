// Inlined by the build at the top of every page's <head> (internal/site
// head.go), before anything in <body> is parsed or painted: when the cookie
// banner is due it marks <html data-consent="show">, and the stylesheet
// shows the server-rendered banner in the page's flow from the first paint.
// Nothing moves when it appears and no script measures it; consent.ts takes
// over once the site-wide module runs. Without JavaScript nothing runs and
// the banner stays hidden (no tracking can load either).
import { CONSENT_HIDDEN_KEY, CONSENT_KEY, consentFromStorage } from "./consentRecord";

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // storage refused: the banner asks, as consent.ts does
  }
}

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  const { version = "", months = "" } = script.dataset;
  const state = consentFromStorage(
    read(() => localStorage, CONSENT_KEY),
    read(() => sessionStorage, CONSENT_HIDDEN_KEY),
    Date.now(),
    Number(months),
    version,
  );
  if (state === "show") document.documentElement.setAttribute("data-consent", "show");
}
