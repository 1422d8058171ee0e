// The creator's model: a design (the daemon's order.CreatorConfig), its
// defaults (the same as order.DefaultCreator: a Go test compares them), its
// display price, and the URL codec that makes a design a shareable link.
//
// URL format, version 1 (all of it [a-z0-9._-], so nothing is escaped):
//   ?v=1&h=EMITTER.GRIP.POMMEL&g=GENERATOR&b=BUTTON&p=PRESET_PRESET_...
// where the parts follow the catalogue's slot order and one preset is
//   RRGGBBWW.EFFECT.IGNITION.RETRACTION.SOUND.CCCCCC
// (blade colour, white channel 00-ff, option ids, clash colour). Ids, not
// positions: a catalogue that reorders or adds options keeps old links
// working; a link whose id is gone falls back to the default for that one
// field. Another version falls back entirely.
import type { CreatorConfig, Preset as GoPreset } from "../generated/api";
import type { CreatorData } from "../generated/pagedata";

/** A group of preset options. */
export type CreatorGroup = keyof CreatorData["options"];

/** One light-and-sound preset (internal/order's Preset). */
export type Preset = GoPreset;

/** A custom saber: what the cart stores and POST /v1/orders takes as `creator` (internal/order's CreatorConfig). */
export type Design = CreatorConfig;

/** What the model needs of the page's creator data. */
export type Catalogue = Pick<CreatorData, "slots" | "generators" | "options" | "presets">;

export const URL_VERSION = "1";
const HEX = /^#[0-9a-f]{6}$/;
const WHITE = /^[0-9a-f]{2}$/;

const first = (list: { id: string }[] | undefined): string => list?.[0]?.id ?? "";

/** The option ids of a group. */
function has(c: Catalogue, group: CreatorGroup, id: string): boolean {
  return (c.options[group] ?? []).some((o) => o.id === id);
}

/**
 * The design an untouched creator shows: the first part of every slot, the
 * first generator and button behaviour; presets walk through the
 * catalogue's colours, with the first effect, ignition, retraction and
 * sound and a white clash. Mirrors order.DefaultCreator exactly.
 */
export function defaultDesign(c: Catalogue): Design {
  const parts: Record<string, string> = {};
  for (const s of c.slots) if (s.options.length > 0) parts[s.id] = s.options[0]!.id;
  const colors = c.options.colors ?? [];
  const presets: Preset[] = [];
  for (let i = 0; i < c.presets; i++) presets.push(defaultPreset(c, i, colors));
  return { parts, generator: first(c.generators), button: first(c.options.buttons), presets };
}

function defaultPreset(c: Catalogue, i: number, colors = c.options.colors ?? []): Preset {
  const hex = colors.length > 0 ? (colors[i % colors.length]!.hex ?? "").toLowerCase() : "";
  return {
    color: HEX.test(hex) ? hex : "#ffffff",
    white: 0,
    effect: first(c.options.effects),
    ignition: first(c.options.ignitions),
    retraction: first(c.options.ignitions),
    sound: first(c.options.sounds),
    clash: "#ffffff",
  };
}

/** The part of a slot by id. */
export function partOf(c: Catalogue, slot: string, id: string) {
  return c.slots.find((s) => s.id === slot)?.options.find((o) => o.id === id);
}

/**
 * The design's unit price in minor units (taxes and the waste fee
 * included, as the daemon prices it: base + every part + the generator).
 * Only for display: the basket and the order are priced by the daemon.
 */
export function priceOf(d: Design, c: Catalogue, base: number): number {
  let total = base;
  for (const s of c.slots) total += s.options.find((o) => o.id === d.parts[s.id])?.price.amount ?? 0;
  return total + (c.generators.find((g) => g.id === d.generator)?.price.amount ?? 0);
}

function encodePreset(p: Preset): string {
  const white = Math.max(0, Math.min(255, Math.round(p.white))).toString(16).padStart(2, "0");
  return [p.color.slice(1) + white, p.effect, p.ignition, p.retraction, p.sound, p.clash.slice(1)].join(".");
}

/** The design as a query string (without "?"); see the format above. */
export function encodeDesign(d: Design, c: Pick<Catalogue, "slots">): string {
  const parts = c.slots.map((s) => d.parts[s.id] ?? "").join(".");
  return `v=${URL_VERSION}&h=${parts}&g=${d.generator}&b=${d.button}&p=${d.presets.map(encodePreset).join("_")}`;
}

/**
 * The creator link of a stored cart line (any shape: an outdated or
 * tampered line still makes a link, which the creator then decodes with
 * its per-field fallback).
 */
export function linkQuery(x: unknown, c: Pick<Catalogue, "slots">): string {
  const o = (typeof x === "object" && x !== null ? x : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : "");
  const parts = (typeof o.parts === "object" && o.parts !== null ? o.parts : {}) as Record<string, unknown>;
  const presets = (Array.isArray(o.presets) ? o.presets : []).map((p) => {
    const r = (typeof p === "object" && p !== null ? p : {}) as Record<string, unknown>;
    const white = typeof r.white === "number" ? r.white : 0;
    return { color: str(r.color), white, effect: str(r.effect), ignition: str(r.ignition), retraction: str(r.retraction), sound: str(r.sound), clash: str(r.clash) };
  });
  const d: Design = { parts: {}, generator: str(o.generator), button: str(o.button), presets };
  for (const s of c.slots) d.parts[s.id] = str(parts[s.id]);
  return encodeDesign(d, c).replace(/[^\w.=&-]/g, "");
}

export interface Decoded {
  design: Design;
  /** How many fields were missing, unknown or malformed and fell back to the default. */
  fallbacks: number;
  /** The link carried a design at all. */
  present: boolean;
}

const SAFE = /^[a-z0-9._-]*$/;

/**
 * A design from a query string; never throws. Every field that is missing,
 * unknown to the catalogue or malformed is replaced by its default and
 * counted; a link of another version falls back entirely.
 */
export function decodeDesign(search: string, c: Catalogue): Decoded {
  const q = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const design = defaultDesign(c);
  if (!q.has("v") && !q.has("h") && !q.has("p")) return { design, fallbacks: 0, present: false };
  if (q.get("v") !== URL_VERSION) return { design, fallbacks: 1, present: true };
  let fallbacks = 0;
  const get = (k: string) => {
    const v = q.get(k) ?? "";
    return SAFE.test(v) ? v : "";
  };

  const parts = get("h").split(".");
  c.slots.forEach((s, i) => {
    const id = parts[i] ?? "";
    if (s.options.some((o) => o.id === id)) design.parts[s.id] = id;
    else fallbacks++;
  });
  if (parts.length > c.slots.length) fallbacks++;

  const gen = get("g");
  if (c.generators.some((g) => g.id === gen)) design.generator = gen;
  else fallbacks++;
  const button = get("b");
  if (has(c, "buttons", button)) design.button = button;
  else fallbacks++;

  const raw = get("p");
  const presets = raw ? raw.split("_") : [];
  for (let i = 0; i < c.presets; i++) {
    const token = presets[i];
    if (token === undefined) {
      fallbacks++;
      continue;
    }
    const r = decodePreset(token, design.presets[i]!, c);
    design.presets[i] = r.preset;
    fallbacks += r.fallbacks;
  }
  if (presets.length > c.presets) fallbacks++;
  return { design, fallbacks, present: true };
}

function decodePreset(token: string, def: Preset, c: Catalogue): { preset: Preset; fallbacks: number } {
  const [rgbw = "", effect = "", ignition = "", retraction = "", sound = "", clash = ""] = token.split(".");
  const p = { ...def };
  let n = 0;
  const color = "#" + rgbw.slice(0, 6);
  if (rgbw.length === 8 && HEX.test(color) && WHITE.test(rgbw.slice(6))) {
    p.color = color;
    p.white = parseInt(rgbw.slice(6), 16);
  } else n++;
  const pick = (group: CreatorGroup, id: string, key: "effect" | "ignition" | "retraction" | "sound") => {
    if (has(c, group, id)) p[key] = id;
    else n++;
  };
  pick("effects", effect, "effect");
  pick("ignitions", ignition, "ignition");
  pick("ignitions", retraction, "retraction");
  pick("sounds", sound, "sound");
  if (HEX.test("#" + clash)) p.clash = "#" + clash;
  else n++;
  return { preset: p, fallbacks: n };
}

/**
 * A design from anything (a stored cart line): checked field by field
 * against the catalogue like a link, so an outdated cart line opens as the
 * nearest valid design.
 */
export function designFrom(x: unknown, c: Catalogue): Decoded {
  const design = defaultDesign(c);
  if (typeof x !== "object" || x === null) return { design, fallbacks: 1, present: false };
  const o = x as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  let fallbacks = 0;
  const parts = (typeof o.parts === "object" && o.parts !== null ? o.parts : {}) as Record<string, unknown>;
  for (const s of c.slots) {
    const id = str(parts[s.id]);
    if (s.options.some((p) => p.id === id)) design.parts[s.id] = id;
    else fallbacks++;
  }
  if (c.generators.some((g) => g.id === o.generator)) design.generator = str(o.generator);
  else fallbacks++;
  if (has(c, "buttons", str(o.button))) design.button = str(o.button);
  else fallbacks++;
  const presets = Array.isArray(o.presets) ? o.presets : [];
  for (let i = 0; i < c.presets; i++) {
    const p = presets[i] as Record<string, unknown> | undefined;
    if (!p || typeof p !== "object") {
      fallbacks++;
      continue;
    }
    const white = typeof p.white === "number" && Number.isInteger(p.white) && p.white >= 0 && p.white <= 255 ? p.white : -1;
    const token = [
      str(p.color).slice(1) + (white >= 0 ? white.toString(16).padStart(2, "0") : "xx"),
      str(p.effect), str(p.ignition), str(p.retraction), str(p.sound), str(p.clash).slice(1),
    ].join(".");
    const r = decodePreset(token.toLowerCase(), design.presets[i]!, c);
    design.presets[i] = r.preset;
    fallbacks += r.fallbacks;
  }
  return { design, fallbacks, present: true };
}

/** The blade's displayed colour: the RGB colour brightened by the white channel. */
export function bladeColor(p: Pick<Preset, "color" | "white">): string {
  const hex = HEX.test(p.color) ? p.color : "#ffffff";
  const w = Math.max(0, Math.min(255, p.white)) / 255;
  const ch = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16);
    return Math.round(v + (255 - v) * w * 0.85);
  });
  return "#" + ch.map((v) => v.toString(16).padStart(2, "0")).join("");
}

/** Two designs are the same saber. */
export function sameDesign(a: Design, b: Design): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** The design with its parts in a fixed key order, as the cart stores it. */
export function canonical(d: Design): Design {
  const parts: Record<string, string> = {};
  for (const k of Object.keys(d.parts).sort()) parts[k] = d.parts[k]!;
  return {
    parts,
    generator: d.generator,
    button: d.button,
    presets: d.presets.map((p) => ({
      color: p.color, white: p.white, effect: p.effect, ignition: p.ignition,
      retraction: p.retraction, sound: p.sound, clash: p.clash,
    })),
  };
}
