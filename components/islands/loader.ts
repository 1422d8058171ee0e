// The island loader: a tiny custom element, <saber-island>, that waits for its
// hydration moment, imports the renderer and its component from the hashed
// URLs the build wrote onto it, and hydrates.
//
// Moments (hydrate="..."):
// - load, idle, visible: as they say;
// - interaction: the first pointer, focus or key inside the island, or once
//   the visitor scrolls and it is (nearly) in view. For islands whose server
//   markup already works (the carousel is a scroll-snap list): no React on a
//   page nobody touches. A click that arrives while the chunks load is held
//   and replayed once React listens, except on a data-first-click button
//   ("Add to basket"): components/cart/firstClick.ts does its work at once.
// A "companion" island (boolean attribute) shows nothing of its own on a
// fresh page (the cart badge with an empty cart, the toast list): past its
// moment it still waits until React comes onto the page for another island,
// or, with storage-key, until that localStorage key holds a non-empty list
// (at its moment, or when another tab changes it). The renderer (Preact
// through its React API, about 7 KB with brotli) is then on the page anyway;
// companions never make a page pay for it alone.
import { firstClick, FIRST_CLICK_CART_WRITTEN, showStoredCount } from "../cart/firstClick";

const RELOAD_KEY = "saber-shop.chunk-reload";
/**
 * A failed chunk load reloads the page, at most once per 60 s
 * (docs/product-rules.md#loading-and-offline).
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

function reloadOnce(): void {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return; // without storage we cannot guard against a reload loop
  }
  location.reload();
}

/** The longest an "idle" island waits for the browser to be idle. */
export const IDLE_TIMEOUT_MS = 2000;

/** Dispatched on document when the first island starts hydrating. */
const REACT_COMING = "saber-island:react";
let reactComing = false;

/** What starts an "interaction" island, listened to in the capture phase. */
const INTERACTIONS = ["pointerover", "pointerdown", "focusin", "keydown"] as const;

type Hydrate = (el: Element, c: unknown, props: Record<string, unknown>, prefix: string) => void;

function idle(cb: () => void): void {
  // Idle, but not forever: a page that keeps the main thread busy
  // (animations) still gets its islands within IDLE_TIMEOUT_MS.
  if ("requestIdleCallback" in window) window.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(cb, 200);
}

/** Calls cb once el is in view (or within margin of it). */
function whenVisible(el: HTMLElement, cb: () => void, margin = "0px"): () => void {
  if (!("IntersectionObserver" in window)) {
    cb();
    return () => undefined;
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      cb();
    },
    { rootMargin: margin },
  );
  // display: contents has no box of its own: watch the children.
  const targets = el.children.length ? Array.from(el.children) : [el];
  targets.forEach((t) => io.observe(t));
  return () => io.disconnect();
}

/** A stored JSON list with something in it; anything else (or no storage) is empty. */
function storedListNonEmpty(key: string): boolean {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) && value.length > 0;
  } catch {
    return false;
  }
}

// Module state per element, not class fields: with this tsconfig esbuild
// would emit a __publicField helper, and that helper lives in the chunk
// shared with React, an extra request on every page.
const started = new WeakSet<Element>();
const hydrating = new WeakSet<Element>();

/** Hydrates now, unless this is a companion with no reason to yet. */
function whenWanted(el: HTMLElement, replay?: () => void): void {
  const go = () => void hydrate(el, replay);
  if (!el.hasAttribute("companion")) return go();
  const key = el.getAttribute("storage-key");
  const wanted = () => reactComing || (key !== null && storedListNonEmpty(key));
  if (wanted()) return go();
  const check = (e: Event) => {
    if (e instanceof StorageEvent && e.key !== key && e.key !== null) return;
    if (!wanted()) return;
    document.removeEventListener(REACT_COMING, check);
    window.removeEventListener("storage", check);
    go();
  };
  document.addEventListener(REACT_COMING, check);
  // Only other tabs fire "storage"; a change in this tab comes from an
  // island, which has brought React and woken us already.
  if (key !== null) window.addEventListener("storage", check);
}

function onInteraction(el: HTMLElement): void {
  let stopWatching: () => void = () => undefined;
  const start = () => {
    INTERACTIONS.forEach((type) => el.removeEventListener(type, start, true));
    window.removeEventListener("scroll", onScroll);
    stopWatching();
    whenWanted(el, holdClicks(el));
  };
  // Scrolling means the visitor reads on: hydrate what comes near. Lighthouse
  // and a visitor who only looks at the first screen never scroll.
  const onScroll = () => {
    window.removeEventListener("scroll", onScroll);
    stopWatching = whenVisible(el, start, "200px");
  };
  INTERACTIONS.forEach((type) => el.addEventListener(type, start, { capture: true, passive: true }));
  window.addEventListener("scroll", onScroll, { passive: true });
}

/**
 * Until React listens, a click inside would do nothing: hold it. Returns
 * the function that replays the held clicks once the island is hydrated.
 */
function holdClicks(el: HTMLElement): () => void {
  const held: EventTarget[] = [];
  // hold-links: the island's links are only its fallback (the gallery's
  // photo links to the full-size file; once hydrated it opens the
  // lightbox), so a plain click on one waits for React too. A click with
  // a modifier (a new tab) still goes to the link.
  const links = el.hasAttribute("hold-links");
  const hold = (e: MouseEvent) => {
    const target = e.target as Element | null;
    if (links && target?.closest("a[href]") && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      e.stopImmediatePropagation();
      held.push(target);
      return;
    }
    // Links and form controls work without React: a radio or a checkbox
    // changes at once, and the island reads the form when it acts.
    if (!target || target.closest("a[href], label, input, select, textarea")) return;
    // Done here and now: the island, hydrated, finishes it without a replay.
    if (firstClick(el, target)) {
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    e.preventDefault();
    e.stopImmediatePropagation();
    held.push(target);
  };
  el.addEventListener("click", hold, true);
  return () => {
    el.removeEventListener("click", hold, true);
    // Hydration (Preact's) is synchronous: the island listens by now.
    for (const t of held) t.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
  };
}

/** Until hydrated, clicks on the island's first-click button (components/cart/firstClick.ts). Returns the stop. */
function takeFirstClicks(el: HTMLElement): () => void {
  const take = (e: MouseEvent) => {
    if (!(e.target instanceof Element) || !firstClick(el, e.target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  el.addEventListener("click", take, true);
  return () => el.removeEventListener("click", take, true);
}

async function hydrate(el: HTMLElement, replay?: () => void): Promise<void> {
  if (hydrating.has(el)) return;
  hydrating.add(el);
  if (!reactComing) {
    reactComing = true;
    document.dispatchEvent(new Event(REACT_COMING));
  }
  const rendererURL = el.getAttribute("renderer-url");
  const componentURL = el.getAttribute("component-url");
  if (!rendererURL || !componentURL) return;
  let renderer: { hydrate: Hydrate };
  let component: { default: unknown };
  try {
    [renderer, component] = await Promise.all([import(rendererURL), import(componentURL)]);
  } catch (err) {
    console.warn("island chunk failed to load", err);
    reloadOnce();
    return;
  }
  const props = JSON.parse(el.getAttribute("props") ?? "{}") as Record<string, unknown>;
  renderer.hydrate(el, component.default, props, el.getAttribute("prefix") ?? "");
  el.setAttribute("hydrated", "");
  replay?.();
}

class SaberIsland extends HTMLElement {
  connectedCallback(): void {
    if (started.has(this)) return;
    started.add(this);
    const when = this.getAttribute("hydrate") ?? "load";
    // An island with a first-click button (the creator's Add to basket)
    // takes that button's clicks before React from the first paint. Others
    // are not held: replayed at once after hydration they would meet the
    // state before the island's effects (the creator's design link).
    const stop = when !== "interaction" && this.querySelector("[data-first-click]") ? takeFirstClicks(this) : undefined;
    const go = () => whenWanted(this, stop);
    if (when === "idle") idle(go);
    else if (when === "visible") whenVisible(this, go);
    else if (when === "interaction") onInteraction(this);
    else go();
  }
}

if (!customElements.get("saber-island")) {
  customElements.define("saber-island", SaberIsland);
  // A hydrated island's change of the cart, shown in a badge that is not.
  document.addEventListener(FIRST_CLICK_CART_WRITTEN, showStoredCount);
}
