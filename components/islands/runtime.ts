// The client renderer shared by every island: it is the one module that
// imports the renderer, so code splitting puts it in one shared chunk. The
// shop's browser bundle resolves "react" and "react-dom" to preact/compat
// (internal/render/bundle.go, clientOptions;
// docs/decisions/islands-and-pages.md#islands-run-on-preact-in-the-browser):
// the islands keep React's API and the server renders them
// with React, but a shopper's phone downloads and runs Preact.
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandIds } from "../islandId";

export function hydrate(el: Element, component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, prefix: string): void {
  // The island's ids count from its prefix as the server's render did
  // (components/islandId.ts); a fresh counter per hydration.
  hydrateRoot(el, createElement(IslandIds.Provider, { value: { prefix, next: 0 } }, createElement(component, props)));
}
