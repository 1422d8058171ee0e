// Posting the site's small forms (notify-me, contact) as JSON to the API,
// with the fetch states of docs/product-rules.md#fetch-states: pending (shown
// at least 200 ms so it does not flicker), error, done.
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { pushEvent } from "./events";
import { showToast } from "./toast";

/** The minimum display delay of a pending fetch (docs/product-rules.md#fetch-states). */
export const MIN_PENDING_MS = 200;

export type SubmitResult =
  | { ok: true }
  | { ok: false; status: number; fieldErrors: Record<string, string> };

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * POSTs body as JSON. 2xx is success; 422 gives field messages; anything
 * else (another error answer, or no network) is a general failure. Never
 * throws.
 */
export async function postJSON(url: string, body: object): Promise<SubmitResult> {
  const call = (async (): Promise<SubmitResult> => {
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (res.ok) return { ok: true };
      const fieldErrors: Record<string, string> = {};
      if (res.status === 422) {
        try {
          // The daemon answers {"errors": {field: key}, "messages": {field:
          // translated text}}; a bare {"errors": {field: text}} works too.
          const data = (await res.json()) as { errors?: Record<string, unknown>; messages?: Record<string, unknown> };
          for (const [field, key] of Object.entries(data.errors ?? {})) {
            const msg = data.messages?.[field] ?? key;
            if (typeof msg === "string" && msg.trim()) fieldErrors[field] = msg;
            else if (Array.isArray(msg) && typeof msg[0] === "string") fieldErrors[field] = msg[0];
            else fieldErrors[field] = "";
          }
        } catch {
          /* not JSON: a general failure */
        }
      }
      return { ok: false, status: res.status, fieldErrors };
    } catch {
      return { ok: false, status: 0, fieldErrors: {} };
    }
  })();
  const [result] = await Promise.all([call, delay(MIN_PENDING_MS)]);
  return result;
}

export type FormState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "error"; fieldErrors: Record<string, string> }
  | { kind: "done" };

/** The texts and target every JSON form island takes (the contact form, the notify-me signup). */
export interface JSONFormProps {
  action: string;
  locale: string;
  submit: string;
  sending: string;
  /** The success heading ("Message sent", "E-mail saved"). */
  done: string;
  doneText: string;
  /** The general failure: the daemon answered an error or could not be reached. */
  error: string;
  /** Field message when the API rejects the address without saying why. */
  invalidEmail: string;
}

/**
 * A JSON form island's state and its submit handler: the fields are read
 * from the form as typed (they are uncontrolled, so what was typed before
 * hydration, and after an error, stays), body makes the request of them,
 * and a second submit while one is pending is ignored. On success the
 * confirmation toast shows and event goes to the tag manager.
 */
export function useJSONForm(
  p: JSONFormProps,
  body: (fields: FormData) => object,
  event: string,
): {
  state: FormState;
  onSubmit: (e: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Back to idle (e.g. when the visitor edits a field after an error). */
  reset: () => void;
  /** Put on the confirmation: it takes focus when the form is done. */
  doneRef: RefObject<HTMLDivElement | null>;
} {
  const [state, setState] = useState<FormState>({ kind: "idle" });
  const busy = useRef(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy.current) return;
    const request = body(new FormData(e.currentTarget));
    busy.current = true;
    setState({ kind: "pending" });
    const result = await postJSON(p.action, request);
    busy.current = false;
    setState(result.ok ? { kind: "done" } : { kind: "error", fieldErrors: result.fieldErrors });
    if (result.ok) {
      showToast(p.done, "success");
      pushEvent(event, { locale: p.locale });
    }
  };
  const reset = useCallback(() => setState((s) => (s.kind === "error" ? { kind: "idle" } : s)), []);
  const doneRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (state.kind === "done") doneRef.current?.focus();
  }, [state.kind]);
  return { state, onSubmit, reset, doneRef };
}
