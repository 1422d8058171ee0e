// Passkeys in the browser: the desk's server speaks WebAuthn's JSON forms
// (base64url for every byte string); the browser's own JSON helpers are
// used where it has them, else the bytes are converted here.

import { call, type Result } from "./api";

type Json = Record<string, unknown>;

interface PKCStatic {
  parseCreationOptionsFromJSON?: (o: Json) => PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?: (o: Json) => PublicKeyCredentialRequestOptions;
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window.PublicKeyCredential === "function" && !!navigator.credentials;
}

function fromB64url(s: string): ArrayBuffer {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

function toB64url(buf: ArrayBuffer | null | undefined): string | undefined {
  if (!buf) return undefined;
  const bytes = new Uint8Array(buf);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const descriptors = (list: unknown) =>
  Array.isArray(list) ? (list as Json[]).map((c) => ({ ...c, id: fromB64url(c.id as string) })) : undefined;

function creationOptions(o: Json): PublicKeyCredentialCreationOptions {
  const pkc = window.PublicKeyCredential as unknown as PKCStatic;
  if (pkc.parseCreationOptionsFromJSON) return pkc.parseCreationOptionsFromJSON(o);
  const user = o.user as Json;
  return {
    ...(o as unknown as PublicKeyCredentialCreationOptions),
    challenge: fromB64url(o.challenge as string),
    user: { ...(user as unknown as PublicKeyCredentialUserEntity), id: fromB64url(user.id as string) },
    excludeCredentials: descriptors(o.excludeCredentials) as PublicKeyCredentialDescriptor[] | undefined,
  };
}

function requestOptions(o: Json): PublicKeyCredentialRequestOptions {
  const pkc = window.PublicKeyCredential as unknown as PKCStatic;
  if (pkc.parseRequestOptionsFromJSON) return pkc.parseRequestOptionsFromJSON(o);
  return {
    ...(o as unknown as PublicKeyCredentialRequestOptions),
    challenge: fromB64url(o.challenge as string),
    allowCredentials: descriptors(o.allowCredentials) as PublicKeyCredentialDescriptor[] | undefined,
  };
}

/** The credential as the server reads it: toJSON() where there is one. */
function credentialJSON(c: PublicKeyCredential): Json {
  const withJSON = c as PublicKeyCredential & { toJSON?: () => Json };
  if (typeof withJSON.toJSON === "function") return withJSON.toJSON();
  const r = c.response as AuthenticatorResponse & {
    attestationObject?: ArrayBuffer;
    authenticatorData?: ArrayBuffer;
    signature?: ArrayBuffer;
    userHandle?: ArrayBuffer | null;
    getTransports?: () => string[];
  };
  return {
    id: c.id,
    rawId: toB64url(c.rawId),
    type: c.type,
    authenticatorAttachment: c.authenticatorAttachment ?? undefined,
    clientExtensionResults: c.getClientExtensionResults(),
    response: {
      clientDataJSON: toB64url(r.clientDataJSON),
      attestationObject: toB64url(r.attestationObject),
      transports: r.getTransports?.(),
      authenticatorData: toB64url(r.authenticatorData),
      signature: toB64url(r.signature),
      userHandle: toB64url(r.userHandle),
    },
  };
}

/** Makes a passkey from the server's creation options ({publicKey}); null when the person or the device said no. */
export async function createPasskey(options: { publicKey: Json }): Promise<Json | null> {
  try {
    const c = await navigator.credentials.create({ publicKey: creationOptions(options.publicKey) });
    return c ? credentialJSON(c as PublicKeyCredential) : null;
  } catch {
    return null;
  }
}

/** Signs with a passkey the person picks, for the server's request options ({publicKey}). */
export async function getPasskey(options: { publicKey: Json }): Promise<Json | null> {
  try {
    const c = await navigator.credentials.get({ publicKey: requestOptions(options.publicKey) });
    return c ? credentialJSON(c as PublicKeyCredential) : null;
  } catch {
    return null;
  }
}

/**
 * One ceremony: the server's begin, the device, the server's finish with
 * body(credential). The device's "no" comes back as the code "cancelled".
 */
export async function ceremony<T>(
  begin: string,
  finish: string,
  device: (options: { publicKey: Json }) => Promise<Json | null>,
  body: (credential: Json) => unknown,
): Promise<Result<T>> {
  const options = await call<{ publicKey: Json }>("POST", begin, {});
  if (!options.ok) return options;
  const credential = await device(options.data);
  if (!credential) return { ok: false, status: 0, code: "cancelled", message: "" };
  return call<T>("POST", finish, body(credential));
}
