// Whole numbers grouped as the locale's prices group them (the creator's
// hilt count), without Intl.
import { expect, test } from "@playwright/test";
import { groupDigits, type LocaleFormat } from "../../components/formats";

const withGroup = (group: string) => ({ group }) as LocaleFormat;

test("groups thousands with the locale's separator", () => {
  expect(groupDigits(withGroup(","), 5280)).toBe("5,280");
  expect(groupDigits(withGroup("."), 5280)).toBe("5.280");
  expect(groupDigits(withGroup("\u00a0"), 1234567)).toBe("1\u00a0234\u00a0567");
  expect(groupDigits(withGroup(","), 999)).toBe("999");
  expect(groupDigits(withGroup(","), 100000)).toBe("100,000");
  expect(groupDigits(withGroup(","), 0)).toBe("0");
});
