// useIslandId: the ids an island gives its elements (labels, aria-*), the
// same on the server, which renders the island with React, and in the
// browser, which hydrates it with Preact
// (docs/decisions/islands-and-pages.md#islands-run-on-preact-in-the-browser).
// The two libraries' own useId disagree: React's ids are kept
// in the hydrated markup while Preact would give elements it adds later
// ids of its own (P0-0, and the same P0-0 in every island on the page).
// Here both sides count the calls in the order they render, which is the
// same tree order on both, from the island's prefix.
import { createContext, useContext, useState } from "react";

/** One island's id counter: a fresh one per render on the server and per hydration. */
export interface IdCounter {
  /** The island's own prefix (server.tsx: i<N>-), unique on the page. */
  prefix: string;
  next: number;
}

/** Set by the server's island render and by the browser's runtime (islands/runtime.ts). */
export const IslandIds = createContext<IdCounter | null>(null);

/** A page-unique id, stable across the island's renders. Only inside an island. */
export function useIslandId(): string {
  const counter = useContext(IslandIds);
  if (!counter) throw new Error("useIslandId outside an island (components/Island.tsx)");
  const [id] = useState(() => `_${counter.prefix}${counter.next++}_`);
  return id;
}
