// The card form's checks (components/payment/card.ts): brand, grouping,
// Luhn, expiry and CVC, before anything is encrypted.
import { expect, test } from "@playwright/test";
import { cardBrand, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, formatExpiry, luhnValid } from "../../components/payment/card";

test("brands from the first digits", () => {
  expect(cardBrand("4242 4242")).toBe("visa");
  expect(cardBrand("5555 5555 5555 4444")).toBe("mastercard");
  expect(cardBrand("2221 0000 0000 0009")).toBe("mastercard");
  expect(cardBrand("3782 822463 10005")).toBe("amex");
  expect(cardBrand("6759 6498 2643 8453")).toBe("maestro");
  expect(cardBrand("5018 0000 0000 0009")).toBe("maestro");
  expect(cardBrand("6011 1111 1111 1117")).toBe("discover");
  expect(cardBrand("3530 1113 3330 0000")).toBe("jcb");
  expect(cardBrand("")).toBeNull();
  expect(cardBrand("1234")).toBeNull();
});

test("numbers are grouped as typed", () => {
  expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  expect(formatCardNumber("42424")).toBe("4242 4");
  expect(formatCardNumber("4242 4242-4242x4242 99999")).toBe("4242 4242 4242 4242 999");
  expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  expect(formatCardNumber("55555555555544449999")).toBe("5555 5555 5555 4444");
});

test("Luhn and lengths", () => {
  for (const n of ["4242 4242 4242 4242", "4000 0027 6000 3184", "4000 0000 0000 0002", "5555555555554444", "378282246310005"]) {
    expect(luhnValid(n), n).toBe(true);
    expect(checkCardNumber(n), n).toBeNull();
  }
  expect(luhnValid("4242 4242 4242 4241")).toBe(false);
  expect(checkCardNumber("4242 4242 4242 4241")).toBe("invalid");
  expect(checkCardNumber("4242 4242")).toBe("invalid");
  expect(checkCardNumber("")).toBe("required");
});

test("expiry typing and checks", () => {
  expect(formatExpiry("1")).toBe("1");
  expect(formatExpiry("4")).toBe("04/");
  expect(formatExpiry("12")).toBe("12/");
  expect(formatExpiry("1/")).toBe("01/");
  expect(formatExpiry("1229")).toBe("12/29");
  expect(formatExpiry("12/2")).toBe("12/2");
  expect(formatExpiry("12", true)).toBe("12");
  const now = new Date(2026, 10, 22);
  expect(checkExpiry("11/26", now)).toBeNull(); // valid through the end of the month
  expect(checkExpiry("10/26", now)).toBe("past");
  expect(checkExpiry("01/19", now)).toBe("past");
  expect(checkExpiry("01/29", now)).toBeNull();
  expect(checkExpiry("13/29", now)).toBe("invalid");
  expect(checkExpiry("1/2", now)).toBe("invalid");
  expect(checkExpiry("", now)).toBe("required");
});

test("CVC length by brand", () => {
  expect(checkCvc("123", "visa")).toBeNull();
  expect(checkCvc("12", "visa")).toBe("invalid");
  expect(checkCvc("1234", "visa")).toBe("invalid");
  expect(checkCvc("1234", "amex")).toBeNull();
  expect(checkCvc("123", "amex")).toBe("invalid");
  expect(checkCvc("1234", null)).toBeNull();
  expect(checkCvc("", null)).toBe("required");
  expect(checkCvc("12a", null)).toBe("invalid");
});
