// The locker picker's pure parts (docs/shipping.md#at-the-checkout): a
// distance in the locale's words, the OpenStreetMap link of a locker, and
// the schematic map's geometry. The page draws the map itself, as inline
// SVG: no tiles and no script from another site, so choosing a locker
// tells no third party where the shopper lives.
import type { LocaleFormat } from "../formats";
import { groupDigits } from "../formats";
import type { Point } from "../generated/api";
import type { ChosenPoint } from "./draft";

export type { Point } from "../generated/api";

/** The most lockers a search lists (internal/api maxPoints). */
export const MAX_POINTS = 8;

/**
 * A distance as a shopper reads it: metres to the nearest 10 below a
 * kilometre ("350 m"), then kilometres with one decimal in the locale's
 * way ("1.2 km", "1,2 km") and whole ones from 10 km ("12 km").
 */
export function formatDistance(format: Pick<LocaleFormat, "decimal" | "group">, metres: number): string {
  const m = Math.max(0, metres);
  if (m < 995) return `${Math.max(10, Math.round(m / 10) * 10)}\u00a0m`;
  const km = m / 1000;
  if (km >= 9.95) return `${groupDigits(format as LocaleFormat, Math.round(km))}\u00a0km`;
  const tenths = Math.round(km * 10);
  return `${Math.floor(tenths / 10)}${format.decimal}${tenths % 10}\u00a0km`;
}

/** The locker on OpenStreetMap's own site (a link the shopper follows, in a new tab). */
export function mapLink(p: Pick<Point, "lat" | "lon">): string {
  const lat = p.lat.toFixed(5);
  const lon = p.lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** The carrier's hours that mean always open ("24/7", "24h", "całodobowo"). */
export function isAlwaysOpen(hours: string | undefined): boolean {
  if (!hours) return false;
  return /^\s*(24\s*\/\s*7|24\s*h|0?0:00\s*[-–]\s*24:00|całodobowo)\s*$/i.test(hours);
}

/** What the draft keeps of a locker: enough to show it again. */
export function chosen(p: Point): ChosenPoint {
  return {
    code: p.code,
    street: p.street,
    building: p.building,
    zip: p.zip,
    city: p.city,
    ...(p.description ? { description: p.description } : {}),
    ...(p.hours ? { hours: p.hours } : {}),
  };
}

/** "Długa 1", "Długa" without a number. */
export function streetLine(p: Pick<ChosenPoint, "street" | "building">): string {
  return [p.street, p.building].filter(Boolean).join(" ");
}

export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH = 6_371_000;

/** Metres east and north of origin (equirectangular: exact enough for a few kilometres). */
export function toMetres(origin: LatLon, p: LatLon): { x: number; y: number } {
  const rad = Math.PI / 180;
  return {
    x: (p.lon - origin.lon) * rad * EARTH * Math.cos(origin.lat * rad),
    y: (p.lat - origin.lat) * rad * EARTH,
  };
}

/**
 * The searched place. A search near the shopper knows it; a search by
 * postcode or town does not, but every locker comes with its distance from
 * it, so the place is where those distances agree best (least squares,
 * from the lockers' centre). Without distances: the lockers' centre.
 */
export function searchCentre(points: readonly Pick<Point, "lat" | "lon" | "distance">[]): LatLon | null {
  if (points.length === 0) return null;
  const mean = {
    lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
    lon: points.reduce((s, p) => s + p.lon, 0) / points.length,
  };
  const known = points.filter((p) => (p.distance ?? 0) > 0);
  if (known.length < 3) return known.length ? { lat: known[0]!.lat, lon: known[0]!.lon } : mean;
  const xy = known.map((p) => ({ ...toMetres(mean, p), d: p.distance! }));
  let cx = 0;
  let cy = 0;
  for (let step = 0; step < 200; step++) {
    let gx = 0;
    let gy = 0;
    for (const p of xy) {
      const dx = cx - p.x;
      const dy = cy - p.y;
      const r = Math.hypot(dx, dy) || 1;
      const err = r - p.d;
      gx += (err * dx) / r;
      gy += (err * dy) / r;
    }
    cx -= (gx / xy.length) * 0.5;
    cy -= (gy / xy.length) * 0.5;
  }
  const rad = Math.PI / 180;
  return {
    lat: mean.lat + cy / EARTH / rad,
    lon: mean.lon + cx / (EARTH * Math.cos(mean.lat * rad)) / rad,
  };
}

export interface MapDot {
  /** 1-based, as the list numbers the lockers. */
  n: number;
  code: string;
  x: number;
  y: number;
}

export interface Schematic {
  width: number;
  height: number;
  centre: { x: number; y: number };
  dots: MapDot[];
  /** A round distance and its length on the drawing, for the scale bar. */
  scale: { metres: number; length: number };
}

const ROUND = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000];

/**
 * The lockers as dots on a width × height drawing, the searched place in
 * the middle, north up, the farthest locker near the edge; with a scale
 * bar's round distance about a quarter of the width.
 */
export function schematic(points: readonly Pick<Point, "code" | "lat" | "lon">[], centre: LatLon, width = 320, height = 200, pad = 18): Schematic {
  const xy = points.map((p) => toMetres(centre, p));
  const reachX = Math.max(150, ...xy.map((p) => Math.abs(p.x)));
  const reachY = Math.max(150, ...xy.map((p) => Math.abs(p.y)));
  const perMetre = Math.min((width / 2 - pad) / reachX, (height / 2 - pad) / reachY);
  const cx = width / 2;
  const cy = height / 2;
  const want = width / 4 / perMetre;
  const metres = ROUND.reduce((best, r) => (Math.abs(r - want) < Math.abs(best - want) ? r : best), ROUND[0]!);
  const dots = points.map((p, i) => ({ n: i + 1, code: p.code, x: cx + xy[i]!.x * perMetre, y: cy - xy[i]!.y * perMetre }));
  return { width, height, centre: { x: cx, y: cy }, dots: spread(dots, width, height, pad), scale: { metres, length: metres * perMetre } };
}

/** Dots this close (drawing units) are pushed apart, so each number stays readable. */
export const MIN_GAP = 20;

/**
 * Lockers in the same street would hide each other's numbers: dots closer
 * than MIN_GAP move apart along the line between them (a few rounds, each
 * pair half each way), kept within the drawing. A schematic: the list
 * and the distances are exact, the dots only show the lie of the land.
 */
function spread(dots: MapDot[], width: number, height: number, pad: number): MapDot[] {
  const out = dots.map((d) => ({ ...d }));
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let dist = Math.hypot(dx, dy);
        if (dist >= MIN_GAP) continue;
        if (dist < 0.01) {
          // The same spot: apart along a direction of their own.
          dx = Math.cos(j * 2.4);
          dy = Math.sin(j * 2.4);
          dist = 1;
        }
        const push = (MIN_GAP - dist) / 2 + 0.1;
        a.x -= (dx / dist) * push;
        a.y -= (dy / dist) * push;
        b.x += (dx / dist) * push;
        b.y += (dy / dist) * push;
        moved = true;
      }
    }
    for (const d of out) {
      d.x = Math.min(width - pad, Math.max(pad, d.x));
      d.y = Math.min(height - pad, Math.max(pad, d.y));
    }
    if (!moved) break;
  }
  return out;
}
