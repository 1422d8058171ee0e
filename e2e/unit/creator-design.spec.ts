// Unit tests of the creator's model and URL codec (components/creator/design.ts),
// run in node: defaults, round trips, and links that are outdated, broken
// or hostile falling back field by field without throwing.
import { expect, test } from "@playwright/test";
import { bladeColor, canonical, decodeDesign, defaultDesign, designFrom, encodeDesign, linkQuery, priceOf, type Catalogue } from "../../components/creator/design";

const money = (amount: number) => ({ amount, currency: "EUR", formatted: String(amount) });
const cat: Catalogue = {
  presets: 3,
  slots: [
    { id: "emitter", name: "Emitter", options: [{ id: "arc", name: "Arc", price: money(0) }, { id: "crown", name: "Crown", price: money(1500) }] },
    { id: "grip", name: "Grip", options: [{ id: "ribbed", name: "Ribbed", price: money(0) }, { id: "carbon", name: "Carbon", price: money(4000) }] },
    { id: "pommel", name: "Pommel", options: [{ id: "flat", name: "Flat", price: money(0) }, { id: "spike", name: "Spike", price: money(1000) }] },
  ],
  generators: [{ id: "standard", name: "Standard", price: money(0) }, { id: "crystal", name: "Crystal", price: money(3500) }],
  options: {
    colors: [{ id: "white", name: "White", hex: "#FFFFFF" }, { id: "red", name: "Red", hex: "#ff1a1a" }],
    effects: [{ id: "steady", name: "Steady" }, { id: "flicker", name: "Flicker" }],
    ignitions: [{ id: "standard", name: "Standard" }, { id: "scroll", name: "Scroll" }],
    sounds: [{ id: "classic", name: "Classic" }, { id: "dark", name: "Dark" }],
    buttons: [{ id: "click-hold", name: "Click" }, { id: "double-click", name: "Double" }],
  },
};

test("the default design: first of everything, presets walking through the colours", () => {
  const d = defaultDesign(cat);
  expect(d.parts).toEqual({ emitter: "arc", grip: "ribbed", pommel: "flat" });
  expect(d.generator).toBe("standard");
  expect(d.button).toBe("click-hold");
  expect(d.presets.map((p) => p.color)).toEqual(["#ffffff", "#ff1a1a", "#ffffff"]);
  expect(d.presets[0]).toEqual({ color: "#ffffff", white: 0, effect: "steady", ignition: "standard", retraction: "standard", sound: "classic", clash: "#ffffff" });
});

test("price: base plus parts plus generator", () => {
  const d = defaultDesign(cat);
  expect(priceOf(d, cat, 39900)).toBe(39900);
  d.parts.emitter = "crown";
  d.parts.grip = "carbon";
  d.generator = "crystal";
  expect(priceOf(d, cat, 39900)).toBe(39900 + 1500 + 4000 + 3500);
});

test("a design survives its link exactly, compactly and unescaped", () => {
  const d = defaultDesign(cat);
  d.parts = { emitter: "crown", grip: "carbon", pommel: "spike" };
  d.generator = "crystal";
  d.button = "double-click";
  d.presets[1] = { color: "#12ab34", white: 200, effect: "flicker", ignition: "scroll", retraction: "standard", sound: "dark", clash: "#00ffee" };
  const q = encodeDesign(d, cat);
  expect(q).toBe("v=1&h=crown.carbon.spike&g=crystal&b=double-click&p=ffffff00.steady.standard.standard.classic.ffffff_12ab34c8.flicker.scroll.standard.dark.00ffee_ffffff00.steady.standard.standard.classic.ffffff");
  expect(encodeURIComponent(q.replace(/[=&]/g, ""))).toBe(q.replace(/[=&]/g, ""));
  const back = decodeDesign("?" + q, cat);
  expect(back).toEqual({ design: d, fallbacks: 0, present: true });
});

test("no design in the link: defaults, no message", () => {
  expect(decodeDesign("", cat)).toEqual({ design: defaultDesign(cat), fallbacks: 0, present: false });
  expect(decodeDesign("?utm_source=x", cat).present).toBe(false);
});

test("another version falls back entirely", () => {
  const r = decodeDesign("?v=2&h=crown.carbon.spike", cat);
  expect(r.design).toEqual(defaultDesign(cat));
  expect(r.fallbacks).toBe(1);
});

test("unknown or broken fields fall back one by one, the rest is kept", () => {
  const r = decodeDesign("?v=1&h=crown.gone.spike&g=kyber&b=double-click&p=12ab34c8.strobe.scroll.standard.dark.00ffee_zz", cat);
  expect(r.design.parts).toEqual({ emitter: "crown", grip: "ribbed", pommel: "spike" });
  expect(r.design.generator).toBe("standard");
  expect(r.design.button).toBe("double-click");
  expect(r.design.presets[0]).toEqual({ color: "#12ab34", white: 200, effect: "steady", ignition: "scroll", retraction: "standard", sound: "dark", clash: "#00ffee" });
  expect(r.design.presets[1]).toEqual(defaultDesign(cat).presets[1]);
  // grip, generator, effect of preset 1; every field of preset 2; preset 3 missing.
  expect(r.fallbacks).toBe(1 + 1 + 1 + 6 + 1);
});

test("hostile links never throw and never carry input through", () => {
  for (const q of ["?v=1&h=<script>&p=%E0%A4%A", "?v=1&p=" + "_".repeat(5000), "?v=1&h=....&g=&b=&p=ff", "?v=1&p=ffffff00.steady.standard.standard.classic.ffffff_" + "x".repeat(9000), "?v=__proto__&h=constructor"]) {
    const r = decodeDesign(q, cat);
    expect(r.design.presets).toHaveLength(3);
    expect(JSON.stringify(r.design)).not.toMatch(/script|proto|constructor/);
    expect(r.fallbacks).toBeGreaterThan(0);
  }
});

test("too many presets: the extra ones are dropped and counted", () => {
  const d = defaultDesign(cat);
  const q = encodeDesign({ ...d, presets: [...d.presets, d.presets[0]!] }, cat);
  const r = decodeDesign(q, cat);
  expect(r.design).toEqual(d);
  expect(r.fallbacks).toBe(1);
});

test("a stored cart line reopens as the nearest valid design", () => {
  const d = defaultDesign(cat);
  d.parts.pommel = "spike";
  d.presets[2]!.white = 17;
  expect(designFrom(JSON.parse(JSON.stringify(canonical(d))), cat)).toEqual({ design: d, fallbacks: 0, present: true });
  const broken = designFrom({ parts: { emitter: 5 }, generator: "crystal", presets: [{ color: "#FF0000", white: 999 }] }, cat);
  expect(broken.design.parts).toEqual(defaultDesign(cat).parts);
  expect(broken.design.generator).toBe("crystal");
  expect(broken.fallbacks).toBeGreaterThan(5);
  expect(designFrom(null, cat).design).toEqual(defaultDesign(cat));
});

test("the basket's edit link of a stored line decodes to the same design", () => {
  const d = defaultDesign(cat);
  d.parts.emitter = "crown";
  d.presets[0]!.color = "#abcdef";
  const q = linkQuery(JSON.parse(JSON.stringify(canonical(d))), cat);
  expect(decodeDesign(q, cat)).toEqual({ design: d, fallbacks: 0, present: true });
  expect(linkQuery({ parts: { emitter: "<b>" }, presets: "x" }, cat)).not.toMatch(/[<>]/);
});

test("canonical: parts in a fixed order, so the cart merges the same saber", () => {
  const a = defaultDesign(cat);
  const b = { ...a, parts: { pommel: "flat", grip: "ribbed", emitter: "arc" } };
  expect(JSON.stringify(canonical(a))).toBe(JSON.stringify(canonical(b)));
});

test("the white channel brightens the blade towards white", () => {
  expect(bladeColor({ color: "#ff0000", white: 0 })).toBe("#ff0000");
  expect(bladeColor({ color: "#000000", white: 255 })).toBe("#d9d9d9");
  expect(bladeColor({ color: "junk", white: 0 })).toBe("#ffffff");
});
