// Dates in the browser, written from the locale's format data (formats.ts)
// exactly like internal/i18n.Format.FormatDate and FormatDateTime on the
// server (a Go test runs this file in node and compares):
//   en "24 November 2026", "24 November 2026, 15:02"
//   pl "24 listopada 2026", "24 listopada 2026, 15:02"
//   de "24. November 2026", "24. November 2026, 15:02"
// Not Intl: its output differs between browsers and versions (and from Go).
// The wall clock is the browser's own time zone: a shopper reads the times
// of their order on their own clock.
import { fill, formatOf, two, type LocaleFormat } from "./formats";

/** "24 November 2026" in the browser's time zone. */
export function formatDate(locale: string, d: Date): string {
  return dateIn(formatOf(locale), d);
}

/** "24 November 2026, 15:02" in the browser's time zone. */
export function formatDateTime(locale: string, d: Date): string {
  return dateTimeIn(formatOf(locale), d);
}

/** formatDateTime of an ISO 8601 instant from the API; "" when it is not one. */
export function formatInstant(locale: string, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : formatDateTime(locale, d);
}

/** formatDate with the format itself. */
export function dateIn(format: LocaleFormat, d: Date): string {
  return fill(format.date, {
    day: String(d.getDate()),
    dd: two(d.getDate()),
    month: format.months?.[d.getMonth()] ?? "",
    mm: two(d.getMonth() + 1),
    year: String(d.getFullYear()),
  });
}

/** formatDateTime with the format itself. */
export function dateTimeIn(format: LocaleFormat, d: Date): string {
  return fill(format.date_time, { date: dateIn(format, d), hour: two(d.getHours()), minute: two(d.getMinutes()) });
}
