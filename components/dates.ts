// Dates in the browser, written exactly like internal/i18n.FormatDate and
// FormatDateTime on the server (a Go test runs this file in node and
// compares): one style per locale everywhere, day first, the month's long
// name, a 24-hour clock.
//   en "24 November 2026", "24 November 2026, 15:02"
//   pl "24 listopada 2026", "24 listopada 2026, 15:02"
//   de "24. November 2026", "24. November 2026, 15:02"
// Not Intl: its output differs between browsers and versions (and from Go).
// The wall clock is the browser's own time zone: a shopper reads the times
// of their order on their own clock.

const months: Record<string, readonly string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  pl: ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
};

const two = (n: number) => String(n).padStart(2, "0");

/** "24 November 2026" in the browser's time zone. */
export function formatDate(locale: string, d: Date): string {
  const month = (months[locale] ?? months.en!)[d.getMonth()]!;
  const day = String(d.getDate());
  return locale === "de" ? `${day}. ${month} ${d.getFullYear()}` : `${day} ${month} ${d.getFullYear()}`;
}

/** "24 November 2026, 15:02" in the browser's time zone. */
export function formatDateTime(locale: string, d: Date): string {
  return `${formatDate(locale, d)}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** formatDateTime of an ISO 8601 instant from the API; "" when it is not one. */
export function formatInstant(locale: string, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : formatDateTime(locale, d);
}
