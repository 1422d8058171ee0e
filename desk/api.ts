import type { Customer } from "../components/generated/api";

// The desk's client of /admin/api: same-origin JSON, the session cookie
// sent by the browser (HttpOnly: no script reads it), the CSRF token on
// every write. Errors come back as data with the server's stable code and
// its message in the owner's language.

export interface Me {
  name: string;
  csrf: string;
  method: string;
  expires: string;
  totp: boolean;
}

export interface AuditEntry {
  id: number;
  at: string;
  owner: string;
  ip: string;
  what: string;
  target?: string;
  detail?: string;
}

/** One passkey of the account, as GET /admin/api/passkeys lists it. */
export interface PasskeyInfo {
  id: string;
  name: string;
  created: string;
  last_used?: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; status: number; code: string; message: string };

let csrf = "";

/** Remembers the token every write sends (from a sign-in or GET me). */
export function setToken(me: Me | null) {
  csrf = me?.csrf ?? "";
}

export async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<Result<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }
  let res: Response;
  try {
    res = await fetch("/admin/api/" + path, {
      method,
      headers,
      body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, code: "offline", message: "" };
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON: a proxy's error page */
  }
  if (res.ok) return { ok: true, data: data as T };
  const err = (data ?? {}) as { code?: string; message?: string };
  return { ok: false, status: res.status, code: err.code ?? "internal", message: err.message ?? "" };
}

export type OrderStatus = "placed" | "payment_pending" | "paid" | "sent" | "cancelled";

export interface OrderSummary {
  id: number;
  hash: string;
  created: string;
  status: OrderStatus;
  stage?: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  currency: string;
  total: number;
  lines: number;
  items: number;
}

export interface OrderPage {
  orders: OrderSummary[];
  next?: string;
}

export interface DeskOrder {
  id: number;
  status: OrderStatus;
  created: string;
  locale: string;
  currency: string;
  /** The order's customer (order.Customer, inert); company and vat_id when the buyer asked for a company's invoice. */
  customer: Customer;
  lines: { name: string; quantity: number; unit: number; total: number; sheet?: string[]; presets?: string[]; colours?: string[]; build?: Build }[];
  totals: { subtotal: number; shipping: number; discount: number; waste_fee: number; total: number };
  coupon?: string;
  build_days: number;
  tracking?: string;
  cancel_reason?: string;
  timeline: { status: OrderStatus; at: string; cause: string; note?: string; stage?: string }[];
  attempts: { provider: string; method: string; state: string; amount: number; currency: string; started: string }[];
  refunds: { id: string; provider: string; amount: number; currency: string; state: string; reason?: string; at: string }[];
  stages: { id: string; name: string; reached?: string }[];
  stage?: string;
  mails: DeskMail[];
  status_url: string;
  /** The workshop's day "YYYY-MM-DD" the order should ship by, while paid. */
  ship_by?: string;
  tracking_url?: string;
  /** The shop's own address (content/config.toml's [company]), the packing slip's sender. */
  sender: { name: string; owner: string; street: string; zip: string; city: string; country: string; tax_id: string; email: string; phone: string };
  /** The shopper asked for an e-mail at each production stage. */
  stage_emails: boolean;
  /** The owner's private notes, oldest first. */
  notes: OrderNote[];
  /** The version of the terms the shopper accepted (issue 16). */
  terms_version?: string;
  /** The shopper's withdrawal from the contract, made on the status page (issue 16). */
  withdrawal?: { at: string; name: string; email: string };
  /** The order's invoice or receipt and their corrections (issue 16). */
  documents: DeskDocument[];
}

/** An accounting document as the desk lists it (GET /admin/api/documents, an order's documents). */
export interface DeskDocument {
  number: string;
  kind: "invoice" | "correction" | "receipt" | "receipt_correction";
  /** The workshop's day it was issued, YYYY-MM-DD. */
  issued: string;
  order_id: number;
  buyer: string;
  currency: string;
  gross: number;
  /** A foreign-currency document's gross in grosze, once its rate is known. */
  gross_pln?: number;
  /** A foreign-currency document still waiting for its rate to złoty (no PDF yet). */
  needs_rate?: boolean;
  corrects?: string;
  /** The PDF's name under /admin/api/documents/. */
  file: string;
}

export interface OrderNote {
  at: string;
  owner: string;
  text: string;
}

/** What the order list's filters offer (GET /admin/api/orders/filters). */
export interface OrderFilters {
  stages: { id: string; name: string }[];
  countries: { id: string; name: string }[];
  currencies: string[];
}

/** A catalogue id with its name in the owner's language ("" or absent: the catalogue no longer has it). */
export interface Named {
  id: string;
  name?: string;
}

/** A creator design field by field, for the printed build sheet. */
export interface Build {
  parts: (Named & { slot: string; slot_name: string; image?: string })[];
  generator: Named;
  button: Named;
  presets: { colour: string; white: number; effect: Named; ignition: Named; retraction: Named; sound: Named; clash: string }[];
}

/** One e-mail of an order: delivered (sent), or still in the outbox (queued). */
export interface DeskMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  sent?: string;
  /** Its text is kept: it opens and can be sent again. */
  kept?: boolean;
  queued?: boolean;
}

/** A delivered e-mail opened: its plain text (inert) and where its HTML is. */
export interface OpenedMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  sent: string;
  text: string;
  html_url?: string;
}

/** One desk account, as GET /admin/api/owners lists it. */
export interface OwnerInfo {
  name: string;
  ready: boolean;
  totp: boolean;
  passkeys: number;
  sessions: number;
  created: string;
}

export interface OwnersAnswer {
  owners: OwnerInfo[];
  /** A setup link just made: shown once, for the owner to pass on. */
  link?: string;
}

/** An authenticator-app key offered by POST account/totp/begin. */
export interface TOTPKey {
  key: string;
  url: string;
}

/** A contact-form message, as GET /admin/api/messages lists it (inert text). */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  locale: string;
  created: string;
}
