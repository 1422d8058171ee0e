import type { ErrorBody, Me } from "./generated/desk";

// The desk's client of /admin/api: same-origin JSON, the session cookie
// sent by the browser (HttpOnly: no script reads it), the CSRF token on
// every write. Errors come back as data with the server's stable code and
// its message in the owner's language.
//
// The answers' types are generated from internal/desk's Go types
// (desk/generated/desk.ts, docs/contract.md); the pages import them from
// here with the helper.
export type * from "./generated/desk";
export type { OrderStatus } from "../components/generated/api";

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
  const err = (data ?? {}) as Partial<ErrorBody>;
  return { ok: false, status: res.status, code: err.code ?? "internal", message: err.message ?? "" };
}
