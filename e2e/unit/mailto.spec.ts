// The desk's reply links: one mailbox, encoded as RFC 6068 asks.
import { expect, test } from "@playwright/test";
import { mailtoHref } from "../../desk/mailto";

test("a plain address is linked as it is, a tag's + kept", () => {
  expect(mailtoHref("anna@example.com")).toBe("mailto:anna@example.com");
  expect(mailtoHref("anna.nowak+shop@mail.co.uk")).toBe("mailto:anna.nowak+shop@mail.co.uk");
});

test("characters a mailto: link reads as headers, a fragment or an escape are encoded", () => {
  expect(mailtoHref("x?cc=someone@elsewhere.example")).toBe("mailto:x%3Fcc%3Dsomeone@elsewhere.example");
  expect(mailtoHref("x#y@example.com")).toBe("mailto:x%23y@example.com");
  expect(mailtoHref("x%40y@example.com")).toBe("mailto:x%2540y@example.com");
  expect(mailtoHref("a&b@example.com")).toBe("mailto:a%26b@example.com");
  // What the browser makes of it: one recipient, no headers.
  const url = new URL(mailtoHref("x?cc=someone@elsewhere.example")!);
  expect(url.search).toBe("");
  expect(decodeURIComponent(url.pathname)).toBe("x?cc=someone@elsewhere.example");
});

test("anything but one plain mailbox is not linked", () => {
  for (const bad of ["", "anna", "a@b@example.com", "anna@example", "Anna <anna@example.com>", "an na@example.com", "x@y.example?bcc=z@example.com"]) {
    expect(mailtoHref(bad)).toBeNull();
  }
});
