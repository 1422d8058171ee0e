// The order status page's calls to the daemon (docs/api.md): the order, the
// shop's payment settings, coupons and payments. Every call waits at least
// MIN_PENDING_MS (docs/product-rules.md#fetch-states) unless asked not to
// (polling), and none throws: a network failure is status 0.
import { api, atLeast, newAttemptKey, type ApiResult } from "../api";
import type { MessageAnswer, Order, OrderAnswer, PaymentAnswer, PaymentMethod, Shop } from "../generated/api";
import type { Catalog } from "../generated/catalog";
import { MIN_PENDING_MS } from "../forms";

export type { CreatorConfig, Customer, OrderLine, Totals } from "../order";
export type { Order, OrderStatus, PaymentAnswer, PaymentMethod, Production, Shop, TimelineEvent } from "../generated/api";

/** Names from the site's catalog.json, for lines that carry only ids. */
export interface CatalogNames {
  generators: Record<string, string>;
  /** images: part id -> its picture (/images/creator/...), for the hilt thumbnail. */
  slots: { id: string; name: string; parts: Record<string, string>; images: Record<string, string> }[];
  countries: Record<string, string>;
  /** Production stage id -> its name. */
  stages: Record<string, string>;
}

export type Answer<T> = ApiResult<T>;

/** components/api.ts's call, shown pending at least MIN_PENDING_MS unless polling. */
function call<T>(method: "GET" | "POST", url: string, body: object | undefined, minPending: boolean, headers?: Record<string, string>): Promise<Answer<T>> {
  const run = api<T>(method, url, body, headers);
  return minPending ? atLeast(MIN_PENDING_MS, run) : run;
}

const orderURL = (hash: string) => `/v1/orders/${encodeURIComponent(hash)}`;

export function getOrder(hash: string, locale: string, minPending = true): Promise<Answer<Order>> {
  return call<Order>("GET", `${orderURL(hash)}?locale=${locale}`, undefined, minPending);
}

export function getShop(locale: string): Promise<Answer<Shop>> {
  return call<Shop>("GET", `/v1/shop?locale=${locale}`, undefined, false);
}

function post<T>(url: string, body: object, headers: Record<string, string> = {}): Promise<Answer<T>> {
  return call<T>("POST", url, body, true, headers);
}

export function postCoupon(hash: string, code: string, locale: string): Promise<Answer<OrderAnswer>> {
  return post(`${orderURL(hash)}/coupon`, { code, locale });
}

export function postPayment(
  hash: string,
  body: { method: PaymentMethod; locale: string; encrypted?: string; name?: string },
): Promise<Answer<PaymentAnswer>> {
  // A fresh key per attempt: a retry after a decline is a new payment.
  return post(`${orderURL(hash)}/payments`, body, { "Idempotency-Key": newAttemptKey() });
}

/** The shopper's e-mail per production stage, on or off (a paid order only). */
export function postStageEmails(hash: string, on: boolean, locale: string): Promise<Answer<OrderAnswer>> {
  return post(`${orderURL(hash)}/stage-emails`, { on, locale });
}

/**
 * The withdrawal from the contract (docs/legal.md#withdrawal): the name and
 * the address of the confirmation; a second answers the first.
 */
export function postWithdrawal(hash: string, body: { name: string; email: string; locale: string }): Promise<Answer<OrderAnswer>> {
  return post(`${orderURL(hash)}/withdrawal`, body);
}

/** "Resend my order links": 202 whether or not the address has orders. */
export function postOrderLinks(email: string, locale: string): Promise<Answer<MessageAnswer>> {
  return post("/v1/orders/links", { email, locale });
}

/** catalog.json as read: a file of another build may lack any part. */
type CatalogJSON = {
  creator?: Partial<Pick<Catalog["creator"], "slots" | "generators">>;
  deliveries?: Catalog["deliveries"];
  production?: Partial<Catalog["production"]>;
};

/** The names the page shows for generator, part and country ids; null when the file cannot be read. */
export async function getCatalogNames(locale: string): Promise<CatalogNames | null> {
  try {
    const res = await fetch("/catalog.json");
    if (!res.ok) return null;
    const c = (await res.json()) as CatalogJSON;
    const name = (names: Record<string, string> | undefined, id: string) => names?.[locale] ?? names?.en ?? id;
    return {
      generators: Object.fromEntries((c.creator?.generators ?? []).map((g) => [g.id, name(g.names, g.id)])),
      slots: (c.creator?.slots ?? []).map((s) => ({
        id: s.id,
        name: name(s.names, s.id),
        parts: Object.fromEntries((s.options ?? []).map((o) => [o.id, name(o.names, o.id)])),
        images: Object.fromEntries((s.options ?? []).filter((o) => o.image).map((o) => [o.id, o.image!])),
      })),
      countries: Object.fromEntries((c.deliveries ?? []).map((d) => [d.code, name(d.names, d.code)])),
      stages: Object.fromEntries((c.production?.stages ?? []).map((s) => [s.id, name(s.names, s.id)])),
    };
  } catch {
    return null;
  }
}
