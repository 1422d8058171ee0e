/**
 * The mailto: link that opens a reply to address, or null when address
 * is not one plain mailbox (an inert copy with markers, or anything with
 * more than one "@"). The address is percent-encoded as RFC 6068 asks,
 * so "x?cc=someone@elsewhere.example" (refused by the shop's forms since,
 * but kept in older records) names one odd mailbox instead of copying
 * someone in; "@" stays as it is, and "+" too (a tag, read as itself).
 */
export function mailtoHref(address: string): string | null {
  if (!/^[^\s<>"@]+@[^\s<>"@]+\.[^\s<>"@]+$/.test(address)) return null;
  const at = address.indexOf("@");
  const part = (s: string) => encodeURIComponent(s).replace(/%2B/g, "+");
  return `mailto:${part(address.slice(0, at))}@${part(address.slice(at + 1))}`;
}
