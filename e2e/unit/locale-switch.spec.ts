// The 404 page's language links: the requested path under another locale.
import { expect, test } from "@playwright/test";
import { pathInLocale } from "../../components/localeSwitch";

test("a path moves between locale prefixes", () => {
  expect(pathInLocale("/no-such-page", "", "/pl")).toBe("/pl/no-such-page");
  expect(pathInLocale("/pl/shop/nope", "/pl", "")).toBe("/shop/nope");
  expect(pathInLocale("/de/blog/x/", "/de", "/pl")).toBe("/pl/blog/x/");
  expect(pathInLocale("/pl", "/pl", "")).toBe("/");
  expect(pathInLocale("/pl", "/pl", "/de")).toBe("/de/");
  // "/plan" is not under "/pl".
  expect(pathInLocale("/plan", "/pl", "/de")).toBe("/de/plan");
  expect(pathInLocale("/shop/nope", "", "")).toBe("/shop/nope");
});
