// The locker picker's pure parts, in node: distances in each locale's
// words, the mobile number as internal/order.MobileNumber reads it (the
// same cases as its Go test), the locker kept in the draft across a
// reload, the OpenStreetMap link, and the schematic map's geometry.
import { expect, test } from "@playwright/test";
import { VALID_DRAFT } from "./drafts";
import { DRAFT_KEY, readDraft, writeDraft, type Draft } from "../../components/basket/draft";
import { MIN_GAP, formatDistance, isAlwaysOpen, mapLink, schematic, searchCentre, toMetres } from "../../components/basket/lockers";
import { mobileNumber, validateDraft } from "../../components/basket/validate";

const en = { decimal: ".", group: "," };
const pl = { decimal: ",", group: "\u00a0" };
const de = { decimal: ",", group: "." };

test("distances: metres to the nearest 10, then kilometres with one decimal in the locale's way", () => {
  expect(formatDistance(en, 0)).toBe("10\u00a0m");
  expect(formatDistance(en, 348)).toBe("350\u00a0m");
  expect(formatDistance(en, 994)).toBe("990\u00a0m");
  expect(formatDistance(en, 996)).toBe("1.0\u00a0km");
  expect(formatDistance(en, 1240)).toBe("1.2\u00a0km");
  expect(formatDistance(pl, 1240)).toBe("1,2\u00a0km");
  expect(formatDistance(de, 9940)).toBe("9,9\u00a0km");
  expect(formatDistance(de, 9960)).toBe("10\u00a0km");
  expect(formatDistance(de, 1_234_000)).toBe("1.234\u00a0km");
  expect(formatDistance(pl, 12_400)).toBe("12\u00a0km");
});

test("the mobile number as internal/order.MobileNumber: nine Polish digits, a landline refused", () => {
  // internal/order/delivery_test.go TestMobileNumber's cases.
  expect(mobileNumber("+48 600 100 200", "pl")).toBe("600100200");
  expect(mobileNumber("0048600100200", "pl")).toBe("600100200");
  expect(mobileNumber("600-100-200", "pl")).toBe("600100200");
  expect(mobileNumber("+48 12 345 67 89", "pl")).toBe(""); // Kraków's landline
  expect(mobileNumber("60010020", "pl")).toBe("");
  expect(mobileNumber("+49 151 2345 6789", "de")).toBe("+4915123456789");
  expect(mobileNumber("(+48) 512 345 678", "pl")).toBe("512345678");
  expect(mobileNumber("+48 312 345 678", "pl")).toBe(""); // 3: not a mobile range
  expect(mobileNumber("1234567", "de")).toBe("");
});

const valid: Draft = VALID_DRAFT;

const KRA01M = { code: "KRA01M", street: "Rzemieślnicza", building: "1", zip: "30-363", city: "Kraków", description: "przy sklepie Żabka", hours: "24/7" };

test("a locker delivery needs a locker and a mobile number; a courier neither", () => {
  expect(validateDraft(valid, true)).toEqual({ "delivery.point": "point_required" });
  expect(validateDraft({ ...valid, method: "locker", point: KRA01M }, true)).toEqual({});
  expect(validateDraft({ ...valid, point: KRA01M, phone: "+48 12 345 67 89" }, true)).toEqual({ phone: "phone_mobile" });
  expect(validateDraft({ ...valid, phone: "+48 12 345 67 89" }, false)).toEqual({});
  // A phone that is no number at all says so, not "mobile".
  expect(validateDraft({ ...valid, point: KRA01M, phone: "12" }, true)).toEqual({ phone: "phone_invalid" });
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

test.describe("the draft in the tab", () => {
  const storage = new MemoryStorage();
  test.beforeAll(() => Object.assign(globalThis, { window: { sessionStorage: storage } }));
  test.afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  test("keeps the method and the chosen locker across a reload", () => {
    writeDraft({ ...valid, method: "locker", point: KRA01M, step: "checkout" });
    const back = readDraft();
    expect(back.method).toBe("locker");
    expect(back.point).toEqual(KRA01M);
    expect(back.phone).toBe(valid.phone);
  });

  test("drops what is not a method or a locker", () => {
    storage.setItem(DRAFT_KEY, JSON.stringify({ ...valid, method: "drone", point: { code: "<b>" } }));
    expect(readDraft()).toMatchObject({ method: "", point: null, first_name: "Anna" });
    storage.setItem(DRAFT_KEY, JSON.stringify({ ...valid, method: "courier", point: "KRA01M" }));
    expect(readDraft()).toMatchObject({ method: "courier", point: null });
    storage.setItem(DRAFT_KEY, JSON.stringify({ ...valid, point: { code: "KRA01M", street: 5 } }));
    expect(readDraft().point).toEqual({ code: "KRA01M", street: "", building: "", zip: "", city: "" });
  });

  test("an older draft without them reads as the default method", () => {
    const { method: _m, point: _p, ...older } = valid;
    storage.setItem(DRAFT_KEY, JSON.stringify(older));
    expect(readDraft()).toMatchObject({ method: "", point: null });
  });
});

test("the map link opens OpenStreetMap at the locker", () => {
  expect(mapLink({ lat: 50.0297, lon: 19.9358 })).toBe("https://www.openstreetmap.org/?mlat=50.02970&mlon=19.93580#map=18/50.02970/19.93580");
});

test("24/7 in the carrier's ways of writing it", () => {
  for (const h of ["24/7", "24 / 7", "24h", "całodobowo", "00:00-24:00"]) expect(isAlwaysOpen(h), h).toBe(true);
  for (const h of [undefined, "", "pn-pt 7:00-20:00"]) expect(isAlwaysOpen(h), String(h)).toBe(false);
});

test("the searched place is found back from the lockers' distances", () => {
  const centre = { lat: 50.03, lon: 19.935 };
  const around = [
    { lat: 50.0297, lon: 19.9358 },
    { lat: 50.0218, lon: 19.9302 },
    { lat: 50.0336, lon: 19.9205 },
    { lat: 50.0387, lon: 19.9448 },
  ].map((p) => {
    const m = toMetres(centre, p);
    return { ...p, distance: Math.round(Math.hypot(m.x, m.y)) };
  });
  const got = searchCentre(around)!;
  const off = toMetres(centre, got);
  expect(Math.hypot(off.x, off.y)).toBeLessThan(25);
  expect(searchCentre([])).toBeNull();
});

test("the schematic map keeps every dot inside, the centre in the middle, north up", () => {
  const centre = { lat: 50.03, lon: 19.935 };
  const points = [
    { code: "N", lat: 50.04, lon: 19.935 },
    { code: "E", lat: 50.03, lon: 19.95 },
    { code: "SW", lat: 50.02, lon: 19.92 },
  ];
  const m = schematic(points, centre, 320, 200, 18);
  expect(m.centre).toEqual({ x: 160, y: 100 });
  for (const d of m.dots) {
    expect(d.x).toBeGreaterThanOrEqual(18);
    expect(d.x).toBeLessThanOrEqual(302);
    expect(d.y).toBeGreaterThanOrEqual(18);
    expect(d.y).toBeLessThanOrEqual(182);
  }
  const [n, e] = m.dots;
  expect(n!.y).toBeLessThan(100); // north is up
  expect(e!.x).toBeGreaterThan(160);
  expect(m.dots.map((d) => d.n)).toEqual([1, 2, 3]);
  expect(m.scale.length).toBeGreaterThan(20);
  expect(m.scale.length).toBeLessThan(160);
});

test("lockers in the same street keep their numbers apart on the map", () => {
  const centre = { lat: 50.03, lon: 19.935 };
  const points = [
    { code: "A", lat: 50.0301, lon: 19.9351 },
    { code: "B", lat: 50.0301, lon: 19.9351 },
    { code: "C", lat: 50.0302, lon: 19.9352 },
    { code: "FAR", lat: 50.05, lon: 19.96 },
    { code: "EDGE1", lat: 50.01, lon: 19.91 },
    { code: "EDGE2", lat: 50.0101, lon: 19.9101 },
  ];
  const { dots } = schematic(points, centre, 320, 200, 18);
  for (let i = 0; i < dots.length; i++) {
    for (let j = i + 1; j < dots.length; j++) {
      const gap = Math.hypot(dots[i]!.x - dots[j]!.x, dots[i]!.y - dots[j]!.y);
      expect(gap, `${dots[i]!.code}–${dots[j]!.code}`).toBeGreaterThanOrEqual(MIN_GAP - 1);
    }
    expect(dots[i]!.x).toBeGreaterThanOrEqual(18);
    expect(dots[i]!.x).toBeLessThanOrEqual(302);
  }
});
