// The locker search: GET /v1/points on the shop's own origin (the daemon
// asks the carrier and caches; the browser never talks to InPost), by a
// postcode, town or street, or near the shopper, whose location the
// browser is asked for only on the "near me" tap.
import { useRef, useState } from "react";
import { api, atLeast } from "../api";
import { MIN_PENDING_MS } from "../forms";
import type { PointsPage } from "../generated/api";
import { searchCentre, type LatLon, type Point } from "./lockers";

export type PointSearch =
  | { kind: "idle" }
  | { kind: "locating"; last?: Found }
  | { kind: "pending"; last?: Found }
  | { kind: "done"; found: Found }
  /** A message to show: the daemon's (422 points_query, 503), or the page's own key (offline, location). */
  | { kind: "error"; message: string; last?: Found };

export interface Found {
  /** What was searched, for "No lockers near {q}". */
  q: string;
  items: Point[];
  centre: LatLon | null;
  /** The search was near the shopper's location. */
  near: boolean;
}

export interface PointSearchInput {
  carrier: string;
  locale: string;
  /** The page's own messages for what the daemon does not say. */
  messages: { offline: string; failed: string; geoDenied: string; geoUnavailable: string; tooShort: string };
}

export interface PointSearcher {
  state: PointSearch;
  search: (q: string) => void;
  nearMe: () => void;
  reset: () => void;
}

/** The last results, kept on screen (dimmed) while another search runs. */
export function lastFound(s: PointSearch): Found | undefined {
  if (s.kind === "done") return s.found;
  if (s.kind === "pending" || s.kind === "error" || s.kind === "locating") return s.last;
  return undefined;
}

export function usePoints(p: PointSearchInput): PointSearcher {
  const [state, setState] = useState<PointSearch>({ kind: "idle" });
  const seq = useRef(0);

  async function run(query: string, shown: string, near: LatLon | null) {
    const n = ++seq.current;
    setState((s) => ({ kind: "pending", last: lastFound(s) }));
    const res = await atLeast(MIN_PENDING_MS, api<PointsPage>("GET", `/v1/points?carrier=${encodeURIComponent(p.carrier)}&${query}&locale=${p.locale}`));
    if (n !== seq.current) return; // a newer search is under way
    if (res.ok && Array.isArray(res.data.items)) {
      const items = res.data.items.filter((x) => x.operating !== false);
      setState({ kind: "done", found: { q: shown, items, centre: near ?? searchCentre(items), near: near !== null } });
      return;
    }
    if (res.ok) {
      setState((s) => ({ kind: "error", message: p.messages.failed, last: lastFound(s) }));
      return;
    }
    const message = res.status === 0 ? p.messages.offline : res.fields.q || res.message || p.messages.failed;
    setState((s) => ({ kind: "error", message, last: lastFound(s) }));
  }

  return {
    state,
    search: (q) => {
      const text = q.trim().replace(/\s+/g, " ");
      if (text.length < 2) {
        setState((s) => ({ kind: "error", message: p.messages.tooShort, last: lastFound(s) }));
        return;
      }
      void run(`q=${encodeURIComponent(text)}`, text, null);
    },
    nearMe: () => {
      if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
        setState((s) => ({ kind: "error", message: p.messages.geoUnavailable, last: lastFound(s) }));
        return;
      }
      const n = ++seq.current;
      setState((s) => ({ kind: "locating", last: lastFound(s) }));
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          if (n !== seq.current) return;
          const at = { lat: Number(pos.coords.latitude.toFixed(5)), lon: Number(pos.coords.longitude.toFixed(5)) };
          void run(`lat=${at.lat}&lon=${at.lon}`, "", at);
        },
        (err) => {
          if (n !== seq.current) return;
          const message = err.code === err.PERMISSION_DENIED ? p.messages.geoDenied : p.messages.geoUnavailable;
          setState((s) => ({ kind: "error", message, last: lastFound(s) }));
        },
        { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
      );
    },
    reset: () => {
      seq.current++;
      setState({ kind: "idle" });
    },
  };
}
