// Site-wide behaviour of every page: the cookie banner at once (a module
// script runs when the page has parsed), the rest not before the browser is
// idle (or the user acts): the service worker, prefetch of likely next pages,
// and the top progress bar for slow navigations (see
// docs/product-rules.md#loading-and-offline).
import { startConsent } from "./consent";
import { linkLanguagesToPath } from "./localeSwitch";

/** The progress bar appears only when a navigation takes longer than this. */
export const PROGRESS_THROTTLE_MS = 200;
/** How long the bar takes to run to (almost) full. */
export const PROGRESS_DURATION_MS = 5000;
/** Prefetching waits for idle, at most this long. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

type Connection = { saveData?: boolean; effectiveType?: string };

function idle(cb: (deadline?: IdleDeadline) => void, timeout: number): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(cb, { timeout });
  else setTimeout(cb, Math.min(timeout, 200));
}

/** Prefetch only on a good connection: not on 2g, data saver or offline. */
export function prefetchAllowed(nav: Navigator & { connection?: Connection }): boolean {
  if (!nav.onLine) return false;
  const c = nav.connection;
  if (c?.saveData) return false;
  if (c?.effectiveType && /(^|-)2g$/.test(c.effectiveType)) return false;
  return true;
}

const prefetched = new Set<string>([location.pathname]);

function isPage(a: HTMLAnchorElement): URL | null {
  if (a.target && a.target !== "_self") return null;
  if (a.hasAttribute("download")) return null;
  let url: URL;
  try {
    url = new URL(a.href, location.href);
  } catch {
    return null;
  }
  if (url.origin !== location.origin || url.pathname.startsWith("/v1/")) return null;
  if (/\.(xml|json|pdf|svg|png|jpe?g|webp|webmanifest)$/i.test(url.pathname)) return null;
  return url;
}

// Links wait in a queue and go into <head> a few at a time, in idle time:
// each <link rel=prefetch> costs the main thread a few milliseconds (up to
// 7 ms each on a 2-core VM), and the links on screen arrive together.
const queue: string[] = [];
let draining = false;

function drain(deadline?: IdleDeadline): void {
  while (queue.length > 0 && (deadline === undefined || deadline.timeRemaining() > 8)) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = queue.shift()!;
    document.head.append(link);
    if (deadline === undefined) break;
  }
  if (queue.length > 0) idle(drain, PREFETCH_IDLE_TIMEOUT_MS);
  else draining = false;
}

function prefetch(url: URL): void {
  if (prefetched.has(url.pathname) || !prefetchAllowed(navigator)) return;
  prefetched.add(url.pathname);
  queue.push(url.pathname);
  if (!draining) {
    draining = true;
    idle(drain, PREFETCH_IDLE_TIMEOUT_MS);
  }
}

function startPrefetch(): void {
  // Links the user is likely to follow: those on screen, and any the
  // pointer rests on or a finger touches.
  const io = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      io.unobserve(e.target);
      const url = isPage(e.target as HTMLAnchorElement);
      if (url) prefetch(url);
    }
  });
  document.querySelectorAll<HTMLAnchorElement>("main a[href], header a[href]").forEach((a) => io.observe(a));
  const onIntent = (ev: Event) => {
    const a = (ev.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    const url = a && isPage(a);
    if (url) prefetch(url);
  };
  document.addEventListener("pointerover", onIntent, { passive: true });
  document.addEventListener("touchstart", onIntent, { passive: true });
}

let bar: HTMLDivElement | null = null;
let timer: number | undefined;

function showProgress(): void {
  bar = document.createElement("div");
  bar.className = "nav-progress";
  bar.setAttribute("aria-hidden", "true");
  // Styled here so the bar needs nothing from the stylesheet.
  Object.assign(bar.style, {
    position: "fixed",
    inset: "0 0 auto 0",
    height: "3px",
    zIndex: "2147483000",
    background: "linear-gradient(90deg, #b21826, #ff4d5e)",
    boxShadow: "0 0 8px #ff4d5e",
    transformOrigin: "0 50%",
    transform: "scaleX(0)",
    transition: `transform ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`,
  });
  document.body.append(bar);
  // Start at 0 and run to 90% over the full duration; the next page ends it.
  requestAnimationFrame(() => requestAnimationFrame(() => bar && (bar.style.transform = "scaleX(0.9)")));
}

function onNavigate(ev: MouseEvent): void {
  if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  const a = (ev.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  const url = a && isPage(a);
  if (!url || (url.pathname === location.pathname && url.hash)) return;
  window.clearTimeout(timer);
  timer = window.setTimeout(showProgress, PROGRESS_THROTTLE_MS);
}

// Coming back through the back/forward cache must not keep a stale bar.
window.addEventListener("pageshow", () => {
  window.clearTimeout(timer);
  bar?.remove();
  bar = null;
});
document.addEventListener("click", onNavigate);

linkLanguagesToPath(document, location);

const consent = document.querySelector<HTMLElement>("saber-consent");
if (consent) startConsent(consent);

// Two idle tasks, not one: each is short enough not to hold up a tap.
idle(startPrefetch, PREFETCH_IDLE_TIMEOUT_MS);
idle(() => {
  if ("serviceWorker" in navigator) {
    // Fails silently where unsupported or blocked (see
    // docs/product-rules.md#loading-and-offline).
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  }
}, PREFETCH_IDLE_TIMEOUT_MS);
