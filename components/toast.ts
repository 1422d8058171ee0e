// Toast notifications (3000 ms, top right: docs/product-rules.md#toasts). Any
// island calls showToast(); the Toasts island in the layout renders the list.
// The store lives on globalThis so that every island bundle shares one list
// even if a future build gave each its own copy of this module.
import { useSyncExternalStore } from "react";

export const TOAST_MS = 3000;

export type ToastKind = "success" | "error" | "info";

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

interface Store {
  toasts: readonly Toast[];
  listeners: Set<() => void>;
  nextId: number;
}

const EMPTY: readonly Toast[] = Object.freeze([]);
const KEY = Symbol.for("saber-shop.toasts");

function store(): Store {
  const g = globalThis as unknown as Record<symbol, Store | undefined>;
  return (g[KEY] ??= { toasts: EMPTY, listeners: new Set(), nextId: 1 });
}

function set(toasts: readonly Toast[]): void {
  const s = store();
  s.toasts = toasts;
  s.listeners.forEach((l) => l());
}

/** Shows a message for TOAST_MS; returns its id. No-op on the server. */
export function showToast(message: string, kind: ToastKind = "success"): number {
  if (typeof window === "undefined") return 0;
  const s = store();
  const id = s.nextId++;
  set([...s.toasts, { id, message, kind }]);
  window.setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

/** sessionStorage: a toast for the next page of this tab (showToastAfterNavigation). */
export const NEXT_TOAST_KEY = "saber-shop.toast.next";

/**
 * Shows a message on the page this tab goes to next (e.g. "order placed",
 * then the status page): a toast raised right before location.assign would
 * vanish with the page. The Toasts island shows it once it hydrates.
 */
export function showToastAfterNavigation(message: string, kind: ToastKind = "success"): void {
  try {
    window.sessionStorage.setItem(NEXT_TOAST_KEY, JSON.stringify({ message, kind }));
  } catch {
    showToast(message, kind); // no storage: at least this page shows it
  }
}

/** Shows (once) the toast an earlier page of this tab left for this one. */
export function showPendingToast(): void {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(NEXT_TOAST_KEY);
    window.sessionStorage.removeItem(NEXT_TOAST_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const { message, kind } = JSON.parse(raw) as { message?: unknown; kind?: unknown };
    if (typeof message === "string" && message) {
      showToast(message, kind === "error" || kind === "info" ? kind : "success");
    }
  } catch {
    /* a broken value: nothing to show */
  }
}

export function dismissToast(id: number): void {
  const s = store();
  if (s.toasts.some((t) => t.id === id)) set(s.toasts.filter((t) => t.id !== id));
}

export function getToasts(): readonly Toast[] {
  return store().toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  const s = store();
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}

/** The current toasts as React state; the server (and hydration) sees none. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, () => EMPTY);
}
