// The carriers a Polish workshop ships with, and how each one's tracking
// page is addressed ({n}: the tracking number). The link is built here and
// checked by the daemon (an http(s) link); "other" takes a typed link.
export const CARRIERS: { id: string; name: string; pattern: string }[] = [
  { id: "inpost", name: "InPost", pattern: "https://inpost.pl/sledzenie-przesylek?number={n}" },
  { id: "dpd", name: "DPD", pattern: "https://tracktrace.dpd.com.pl/parcelDetails?p1={n}" },
  { id: "dhl", name: "DHL", pattern: "https://www.dhl.com/pl-pl/home/tracking.html?tracking-id={n}" },
  { id: "poczta", name: "Poczta Polska", pattern: "https://emonitoring.poczta-polska.pl/?numer={n}" },
  { id: "gls", name: "GLS", pattern: "https://gls-group.com/PL/pl/sledzenie-paczek?match={n}" },
  { id: "ups", name: "UPS", pattern: "https://www.ups.com/track?tracknum={n}" },
];

/** The tracking link of number with carrier id ("" for other). */
export function trackingLink(carrier: string, number: string): string {
  const c = CARRIERS.find((x) => x.id === carrier);
  return c && number.trim() ? c.pattern.replace("{n}", encodeURIComponent(number.trim())) : "";
}

/** The carrier whose tracking page link is (by its address), or undefined. */
export function carrierOf(link: string): { id: string; name: string } | undefined {
  let host = "";
  try {
    host = new URL(link).host;
  } catch {
    return undefined;
  }
  return CARRIERS.find((c) => new URL(c.pattern.replace("{n}", "")).host === host);
}

/** "50", "50.5", "50,50", "1 299,00" as minor units; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const s = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}
