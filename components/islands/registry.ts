// Every hydrated component, by name. The build makes one client entry per
// file in this folder (except registry.ts, loader.ts and runtime.ts) and
// checks that this list and the files agree.
import CartBadge from "./CartBadge";

export const islands = {
  CartBadge,
} as const;

export type IslandName = keyof typeof islands;
