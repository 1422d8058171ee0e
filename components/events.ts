// Events for the tag manager's data layer (SPEC.md §4), pushed by islands.
// Apart from analytics.ts on purpose: that one runs on every page from the
// site-wide script, and a module both import would become a shared chunk,
// one more request before the cookie banner can show.

/** Pushes an event for the tag manager, e.g. pushEvent("notify_me_signup"). */
export function pushEvent(event: string, data?: object): void {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push({ ...data, event });
}
