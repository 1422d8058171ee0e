// <Island> marks a hydrated component inside a server-rendered page (Astro's
// model). During SSR it only records the island and leaves a marker; the SSR
// worker renders each island on its own with renderToString and its own id
// prefix (components/islandId.ts) and splices it in (see
// templates/server.tsx). Rendering islands inline gave id mismatches.
import { createContext, useContext, type ComponentProps } from "react";
import type { IslandName, islands } from "./islands/registry";

/** When the loader hydrates the island (components/islands/loader.ts). */
export type Hydrate = "load" | "idle" | "visible" | "interaction";

export interface IslandCall {
  name: IslandName;
  /** IslandProps<name>, checked where <Island> is written. */
  props: object;
  hydrate: Hydrate;
  /** Past its moment, still wait for React to come for another island (see the loader). */
  companion?: boolean;
  /** With companion: a localStorage key whose non-empty list is reason enough. */
  storageKey?: string;
  /**
   * hydrate="interaction": hold a plain click on a link inside too, and
   * replay it once hydrated (the links are the no-JavaScript fallback of
   * what the island does on click, e.g. the gallery's photo → lightbox).
   */
  holdLinks?: boolean;
}

/** Collects the islands of the page being rendered. */
export const IslandCollector = createContext<IslandCall[] | null>(null);

export const ISLAND_MARKER = "saber-island-slot";

/** The props of island N, as its component declares them. */
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;

export function Island<N extends IslandName>(props: {
  name: N;
  hydrate?: Hydrate;
  companion?: boolean;
  storageKey?: string;
  holdLinks?: boolean;
  props: IslandProps<N>;
}) {
  const calls = useContext(IslandCollector);
  if (!calls) throw new Error("<Island> rendered outside a page render");
  const index = calls.length;
  calls.push({
    name: props.name,
    props: props.props,
    hydrate: props.hydrate ?? "load",
    companion: props.companion,
    storageKey: props.storageKey,
    holdLinks: props.holdLinks,
  });
  // The worker replaces this whole element with the finished island markup.
  return <template data-island-slot={index} />;
}
