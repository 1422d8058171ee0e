// Card data encryption for the shop's own card form: the card never leaves
// the browser in the clear. The payment provider's RSA public key (GET
// /v1/shop, "cardKey") encrypts "number|expiry|cvc|origin" with PKCS#1 v1.5
// through jsencrypt, the library the provider's own form uses; the shop only
// forwards the base64 blob (docs/payments.md#card-data-and-pci-dss).
import { JSEncrypt } from "jsencrypt";

export interface Card {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * Encrypts the card for the provider whose key is publicKey (PEM, base64 of
 * a PEM as tpay and the sandbox publish it, or base64 DER). origin is the
 * page's origin: the provider checks it against the shop's, so a blob
 * lifted from one site is useless on another.
 */
export function encryptCard(publicKey: string, card: Card, origin: string = window.location.origin): string {
  const plain = [card.number.replace(/[\s-]/g, ""), normaliseExpiry(card.expiry), card.cvc.trim(), origin].join("|");
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem(publicKey));
  const blob = rsa.encrypt(plain);
  if (blob === false) {
    // jsencrypt says no more than false: a key it could not read, or a
    // message too long for it. The card is not in the message on purpose.
    throw new Error("card encryption failed: the payment provider's public key is not usable");
  }
  return blob;
}

/**
 * normaliseExpiry writes what shoppers type ("1/27", "01 / 27", "0127",
 * "01/2027") as "MM/YY". Anything else is passed on trimmed: the provider
 * declines it, and the form's own validation is the place for a message.
 */
export function normaliseExpiry(expiry: string): string {
  const s = expiry.replace(/\s/g, "");
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(s);
  if (!m || (m[1]!.length === 1 && !s.includes("/"))) return s;
  const month = m[1]!.padStart(2, "0");
  const year = m[2]!.slice(-2);
  return `${month}/${year}`;
}

/**
 * publicKeyPem gives jsencrypt a key it reads: it takes PEM or base64 DER
 * but not base64 of a PEM, which is how tpay publishes its key.
 */
export function publicKeyPem(key: string): string {
  const k = key.trim();
  if (k.includes("-----BEGIN")) return k;
  try {
    const decoded = atob(k.replace(/\s/g, ""));
    if (decoded.includes("-----BEGIN")) return decoded;
  } catch {
    // Not base64 at all: jsencrypt will refuse it and encryptCard says so.
  }
  return k;
}
