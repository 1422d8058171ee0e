// The translate function templates and islands use: plural forms per
// language (Polish one/few/many) and placeholders.
import { expect, test } from "@playwright/test";
import { interpolate, translator } from "../../components/i18n";

const pl = translator("pl", {
  days: { one: "{count} dzień roboczy", few: "{count} dni robocze", many: "{count} dni roboczych", other: "{count} dnia roboczego" },
  hello: "Cześć, {name}!",
});

test("Polish plural forms", () => {
  expect(pl("days", { count: 1 })).toBe("1 dzień roboczy");
  expect(pl("days", { count: 3 })).toBe("3 dni robocze");
  expect(pl("days", { count: 5 })).toBe("5 dni roboczych");
  expect(pl("days", { count: 22 })).toBe("22 dni robocze");
  expect(pl("days", { count: 12 })).toBe("12 dni roboczych");
});

test("placeholders and missing keys", () => {
  expect(pl("hello", { name: "Anna" })).toBe("Cześć, Anna!");
  expect(pl("no.such.key")).toBe("no.such.key");
  expect(interpolate("{a} and {b}", { a: 1 })).toBe("1 and {b}");
});
