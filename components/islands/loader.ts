// The island loader: a tiny custom element, <saber-island>, that waits for its
// hydration moment (load, idle or visible), imports the renderer and its
// component from the hashed URLs the build wrote onto it, and hydrates.
export {};

const RELOAD_KEY = "saber-shop.chunk-reload";
/** A failed chunk load reloads the page, at most once per 60 s (SPEC.md §8). */
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

type Hydrate = (el: Element, c: unknown, props: Record<string, unknown>, prefix: string) => void;

class SaberIsland extends HTMLElement {
  private started = false;

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    const when = this.getAttribute("hydrate") ?? "load";
    if (when === "idle") {
      // Idle, but not forever: a page that keeps the main thread busy
      // (animations) still gets its islands within IDLE_TIMEOUT_MS.
      if ("requestIdleCallback" in window) window.requestIdleCallback(() => void this.hydrate(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(() => void this.hydrate(), 200);
    } else if (when === "visible" && "IntersectionObserver" in window) {
      // display: contents has no box of its own: watch the children.
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          void this.hydrate();
        }
      });
      const targets = this.children.length ? Array.from(this.children) : [this];
      targets.forEach((t) => io.observe(t));
    } else {
      void this.hydrate();
    }
  }

  private async hydrate(): Promise<void> {
    const rendererURL = this.getAttribute("renderer-url");
    const componentURL = this.getAttribute("component-url");
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
    const props = JSON.parse(this.getAttribute("props") ?? "{}") as Record<string, unknown>;
    renderer.hydrate(this, component.default, props, this.getAttribute("prefix") ?? "");
    this.setAttribute("hydrated", "");
  }
}

if (!customElements.get("saber-island")) customElements.define("saber-island", SaberIsland);
