// Calls to the daemon's JSON API (docs/api.md) for the shop's islands. Every
// error answer is JSON with a stable code and a translated message; a 422
// also names fields. Never throws: no network is status 0.
import type { ErrorBody } from "./generated/api";

export interface ApiError {
  ok: false;
  /** HTTP status; 0 when the daemon could not be reached. */
  status: number;
  code: string;
  /** The daemon's translated message ("" without one). */
  message: string;
  /** Field -> translated message (422). */
  fields: Record<string, string>;
  /** The whole error body, for answers that carry more (409 prices_changed, orders_paused). */
  body: Record<string, unknown>;
}

export type ApiResult<T> = { ok: true; status: number; data: T } | ApiError;

export async function api<T>(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: "", fields: {}, body: {} };
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (res.ok && data !== null) return { ok: true, status: res.status, data: data as T };
  // The daemon's ErrorBody, checked as it is read: a proxy may answer anything.
  const b = (data && typeof data === "object" ? data : {}) as Partial<Record<keyof ErrorBody, unknown>>;
  const fields: Record<string, string> = {};
  const errors = (b.errors ?? {}) as Record<string, unknown>;
  const messages = (b.messages ?? {}) as Record<string, unknown>;
  for (const [field, key] of Object.entries(errors)) {
    const m = messages[field];
    fields[field] = typeof m === "string" && m ? m : String(key);
  }
  return {
    ok: false,
    status: res.ok ? 0 : res.status, // a 2xx that is not JSON is no answer either
    code: typeof b.code === "string" ? b.code : "http_" + res.status,
    message: typeof b.message === "string" ? b.message : "",
    fields,
    body: b,
  };
}

/**
 * Waits at least ms for work, so a pending state never flickers (200 ms,
 * docs/product-rules.md#fetch-states).
 */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [result] = await Promise.all([work, new Promise((r) => setTimeout(r, ms))]);
  return result;
}

/** A fresh key for one attempt at a write (Idempotency-Key). */
export function newAttemptKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return Date.now().toString(36) + Math.random().toString(36).slice(2);
}
