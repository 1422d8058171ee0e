// Progressive hydration inside one island
// (docs/decisions/creator.md#the-creator-hydrates-in-parts): the creator's first
// screen (the stage, the hilt's pickers) hydrates with the island, the
// sections below it each in a task of their own, in the order a shopper
// uses them, and the preset designer when the shopper comes to it. A tap
// then waits for one part's hydration, not for the whole creator's.
//
// It rests on Preact's suspended hydration (preact/compat's Suspense): a
// component that throws a promise while it hydrates keeps its server
// markup (its first element) on the page, and hydrates into it when the
// promise settles. Three rules follow:
//
// - A <Later> part renders exactly one element, which carries
//   data-later="NAME" (the loader of interaction needs to find it).
// - Hydration sets no attributes, so a part must hydrate with what the
//   server rendered: it first hydrates with its render from the island's
//   first pass (the server's state), then renders again with the newest
//   (a design link read, a part picked meanwhile).
// - A part that calls useIslandId (components/islandId.ts) must hydrate
//   in its server order among the others that do: today only the buy box
//   does (the paused dialog).
//
// The server (React's renderToString) renders every part at once and
// without Suspense, so the markup has no boundary comments.
import { Component, Suspense, useEffect, useState, type ReactElement, type RefObject } from "react";

/** One part's permission to hydrate: shut on the client until released, open on the server. */
export class HydrationGate {
  open: boolean;
  readonly ready: Promise<void>;
  private resolve: () => void = () => undefined;
  constructor(open: boolean) {
    this.open = open;
    this.ready = new Promise<void>((r) => (this.resolve = r));
    if (open) this.resolve();
  }
  release(): void {
    if (this.open) return;
    this.open = true;
    this.resolve();
  }
}

const onServer = typeof document === "undefined";

interface LaterProps {
  gate: HydrationGate;
  /** The part: one element with data-later set. */
  render: () => ReactElement;
}

/** A part of an island that hydrates once its gate is released. */
export function Later({ gate, render }: LaterProps) {
  if (onServer) return render();
  return (
    <Suspense fallback={null}>
      <Held gate={gate} render={render} />
    </Suspense>
  );
}

/**
 * Throws while the gate is shut (Preact keeps the server markup), then
 * hydrates with the island's first render of the part and catches up.
 */
class Held extends Component<LaterProps> {
  /** The part as the island's first pass rendered it: what the server sent. */
  private first?: () => ReactElement;

  override render(): ReactElement {
    const { gate, render } = this.props;
    if (!gate.open) {
      this.first ??= render;
      throw gate.ready;
    }
    const first = this.first;
    if (!first) return render();
    this.first = undefined;
    // The island rendered again while the part waited: bring it up to date
    // once it is hydrated (the next render is an ordinary one).
    if (first !== render) queueMicrotask(() => this.forceUpdate());
    return first();
  }
}

/** What a part that waits for its code does first: fetch the chunk (then the gate is released). */
export type Prepare = () => Promise<unknown>;

/** Past this distance from the screen a waiting part starts fetching its code. */
const NEAR = "600px";

/**
 * The gates of an island's parts. `chain` parts are released one per task
 * after the island's first paint, in that order. `waiting` parts (name ->
 * what to fetch first) are released once their code is in, which starts
 * when the part comes within NEAR of the screen or is pressed. A pointer,
 * focus or key inside a shut part releases it at once, before the press's
 * click or change arrives; a click that still finds it shut (its code on
 * the way) is held and replayed once it is hydrated.
 */
export function useGates<C extends string, W extends string>(
  root: RefObject<HTMLElement | null>,
  chain: readonly C[],
  waiting: Record<W, Prepare>,
): Record<C | W, HydrationGate> {
  const [gates] = useState(() => {
    const all = {} as Record<C | W, HydrationGate>;
    for (const name of [...chain, ...(Object.keys(waiting) as W[])]) all[name] = new HydrationGate(onServer);
    return all;
  });

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const cleanups: (() => void)[] = [];
    // A part asked to open, and what settles when it has (its gate's
    // release, or its code's failure to arrive).
    const asked = new Map<string, Promise<unknown>>();
    const open = (name: C | W) => {
      const gate = gates[name];
      if (asked.has(name)) return;
      asked.set(name, gate.ready);
      // Marked a task after the release, when its hydration (microtasks) is
      // done: for the browser tests and for a look in the inspector.
      void gate.ready.then(() =>
        window.setTimeout(() => el.querySelector(`[data-later="${name}"]`)?.setAttribute("data-hydrated", "")),
      );
      if (name in waiting) {
        asked.set(
          name,
          waiting[name as W]().then(
            () => gate.release(),
            // No code (offline): the server markup stays; the next approach tries again.
            () => void asked.delete(name),
          ),
        );
      } else gate.release();
    };

    let timer = 0;
    let i = 0;
    const next = () => {
      const name = chain[i++];
      if (name === undefined) return;
      open(name);
      timer = window.setTimeout(next, 0);
    };
    timer = window.setTimeout(next, 0);
    cleanups.push(() => window.clearTimeout(timer));

    const partOf = (target: EventTarget | null) => {
      const part = target instanceof Element ? target.closest<HTMLElement>("[data-later]") : null;
      const name = part?.dataset.later as C | W | undefined;
      return name !== undefined && name in gates ? name : undefined;
    };
    // Capture phase: the part hydrates before the event reaches it.
    const press = (e: Event) => {
      const name = partOf(e.target);
      if (name !== undefined) open(name);
    };
    let replaying = false;
    const hold = (e: MouseEvent) => {
      const name = partOf(e.target);
      // A waiting part whose code is not on its way (it failed): nothing
      // to wait for.
      if (replaying || name === undefined || gates[name].open || (name in waiting && !asked.has(name))) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      const target = e.target as Element;
      // A task after the release: the part's hydration (microtasks) is
      // done. If its code did not arrive, the click still happens, on the
      // server's markup.
      void (asked.get(name) ?? gates[name].ready).then(() =>
        window.setTimeout(() => {
          replaying = true;
          try {
            target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
          } finally {
            replaying = false;
          }
        }),
      );
    };
    const types = ["pointerdown", "focusin", "keydown"] as const;
    types.forEach((t) => el.addEventListener(t, press, true));
    el.addEventListener("click", hold, true);
    cleanups.push(() => {
      types.forEach((t) => el.removeEventListener(t, press, true));
      el.removeEventListener("click", hold, true);
    });

    if ("IntersectionObserver" in window) {
      const io = new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            const name = e.isIntersecting ? partOf(e.target) : undefined;
            if (name === undefined) continue;
            io.unobserve(e.target);
            open(name);
          }
        },
        { rootMargin: NEAR },
      );
      for (const name of Object.keys(waiting)) {
        const part = el.querySelector(`[data-later="${name}"]`);
        if (part) io.observe(part);
      }
      cleanups.push(() => io.disconnect());
    } else (Object.keys(waiting) as W[]).forEach(open);

    return () => cleanups.forEach((c) => c());
    // Once: the gates live as long as the island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return gates;
}
