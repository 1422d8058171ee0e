// The client renderer shared by every island: it is the one module that
// imports React, so code splitting puts React in one shared chunk.
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

export function hydrate(el: Element, component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, prefix: string): void {
  hydrateRoot(el, createElement(component, props), {
    identifierPrefix: prefix,
    onRecoverableError(error) {
      // A recoverable mismatch is still a bug: make it loud in development tools.
      console.error("island hydration:", error);
    },
  });
}
