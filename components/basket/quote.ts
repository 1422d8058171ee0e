// The basket's prices come from the daemon (POST /v1/quote): one pricing,
// in Go, for the basket, the checkout and the order. The browser sends what
// is in the cart, never a price.
import { useEffect, useRef, useState } from "react";
import { api, type ApiError } from "../api";
import type { CartItem } from "../cart/store";
import type { Quote } from "../generated/api";
import type { OrderLine } from "../order";

export type { Quote } from "../generated/api";

/** A priced line of the quote: the same as an order's. */
export type QuoteLine = OrderLine;

export interface QuoteInput {
  locale: string;
  items: readonly CartItem[];
  country: string;
  code: string;
  /** The delivery method chosen ("" the country's default). */
  method: string;
}

export type QuoteState =
  | { kind: "empty" }
  | { kind: "pending"; last?: Quote }
  | { kind: "done"; quote: Quote }
  /** The daemon refused something: field errors by path ("items.1.product", "country", "code"). */
  | { kind: "invalid"; error: ApiError; last?: Quote }
  | { kind: "failed"; error: ApiError; last?: Quote };

/** The cart as the API's items (the design as it was saved). */
export function apiItems(items: readonly CartItem[]): object[] {
  return items.map((i) =>
    i.creator ? { creator: i.creator, quantity: i.quantity } : { product: i.product, ...(i.variant ? { variant: i.variant } : {}), quantity: i.quantity },
  );
}

/**
 * Debounce of re-quoting while the shopper changes quantities or types a
 * code. The first question goes at once: the basket waits for its answer
 * before it shows the lines, so nothing moves when prices arrive
 * (docs/decisions/shop-in-the-browser.md#content-that-comes-later-holds-the-page-back).
 */
export const QUOTE_DEBOUNCE_MS = 150;

/**
 * The quote of the cart, asked again whenever the cart, the country or the
 * applied code changes (debounced; an answer to an older question is
 * dropped). The last good quote stays on screen while a new one loads.
 */
export function useQuote(input: QuoteInput, retry: number): QuoteState {
  const [state, setState] = useState<QuoteState>({ kind: input.items.length ? "pending" : "empty" });
  const seq = useRef(0);
  const asked = useRef(false);
  const key = JSON.stringify([input.locale, apiItems(input.items), input.country, input.code, input.method]);
  useEffect(() => {
    const n = ++seq.current;
    if (input.items.length === 0) {
      setState({ kind: "empty" });
      return;
    }
    setState((s) => ({ kind: "pending", last: lastQuote(s) }));
    const delay = asked.current ? QUOTE_DEBOUNCE_MS : 0;
    asked.current = true;
    const timer = setTimeout(async () => {
      const body: Record<string, unknown> = { locale: input.locale, items: apiItems(input.items) };
      if (input.country) body.country = input.country;
      if (input.code) body.code = input.code;
      if (input.country && input.method) body.method = input.method;
      const res = await api<Quote>("POST", "/v1/quote", body);
      if (n !== seq.current) return;
      if (res.ok) setState({ kind: "done", quote: res.data });
      else if (res.status === 422) setState((s) => ({ kind: "invalid", error: res, last: lastQuote(s) }));
      else setState((s) => ({ kind: "failed", error: res, last: lastQuote(s) }));
    }, delay);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key covers the input
  }, [key, retry]);
  return state;
}

export function lastQuote(s: QuoteState): Quote | undefined {
  if (s.kind === "done") return s.quote;
  if (s.kind === "empty") return undefined;
  return s.last;
}
