// The order status page (/status/{hash}, docs/product-rules.md#pages): the
// order, its progress and what to do next, a discount code and the payment
// while it is unpaid. The hash comes from the address; the daemon's API has
// the rest (docs/api.md). The server renders a loading skeleton only.
import "./status.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatDate, formatInstant } from "../dates";
import { formatMoney } from "../money";
import { commerceItems, major, pushCommerceEvent } from "../events";
import { translator, type Bundle, type Translate } from "../i18n";
import { showToast } from "../toast";
import { getCatalogNames, getOrder, getShop, type CatalogNames, type Order, type PaymentAnswer, type Shop } from "../status/api";
import { Coupon } from "../status/Coupon";
import { Documents } from "../status/Documents";
import { OrderLinks } from "../status/OrderLinks";
import { CustomerView, DeliveryEstimate, DeliveryView, Lines, Timeline, TotalsView, transitions } from "../status/OrderView";
import { Payment } from "../status/Payment";
import { StageEmails } from "../status/StageEmails";
import { Withdrawal } from "../status/Withdrawal";

export interface OrderStatusProps {
  locale: string;
  /** The currency of this version of the site (EUR on /status, PLN on /pl/status). */
  currency: string;
  shopHref: string;
  messages: Bundle;
}

/** Polling while a payment is pending: every POLL_MS, for at most POLL_FOR_MS. */
export const POLL_MS = 2500;
export const POLL_FOR_MS = 5 * 60_000;

/** The order's hash from /status/{hash}, /pl/status/{hash}, ... ("" when absent). */
export function hashFromPath(pathname: string): string {
  const m = /\/status\/([^/]+)\/?$/.exec(pathname);
  if (!m) return "";
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return "";
  }
}

type Load = { kind: "loading" } | { kind: "not_found" } | { kind: "error" } | { kind: "ready"; order: Order; shop: Shop | null };

type PayState = { kind: "none" } | { kind: "pending" } | { kind: "3ds"; url: string };

const PURCHASE_KEY = "saber-shop.purchase-sent.";

/** The GA4 purchase event, once per order and browser. */
function pushPurchaseOnce(order: Order) {
  const key = PURCHASE_KEY + order.hash;
  try {
    if (window.localStorage.getItem(key)) return;
    window.localStorage.setItem(key, "1");
  } catch {
    /* storage off: push anyway, at most once per page view */
  }
  pushCommerceEvent(
    "purchase",
    order.currency,
    order.totals.total,
    commerceItems(order.lines),
    { transaction_id: String(order.id), shipping: major(order.totals.shipping), ...(order.coupon ? { coupon: order.coupon } : {}) },
  );
}

/** A payment that went back to "placed": it failed or was abandoned. */
function lastPaymentFailed(order: Order): boolean {
  const moves = transitions(order);
  const n = moves.length;
  return order.status === "placed" && n >= 2 && moves[n - 2]!.status === "payment_pending";
}

export default function OrderStatus(props: OrderStatusProps) {
  const t = translator(props.locale, props.messages);
  const [hash, setHash] = useState("");
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [names, setNames] = useState<CatalogNames | null>(null);
  const [pay, setPay] = useState<PayState>({ kind: "none" });
  const [gaveUp, setGaveUp] = useState(false);
  const [announce, setAnnounce] = useState("");
  const pollSince = useRef(0);
  const seenStatus = useRef<string | null>(null);
  const purchased = useRef(false);

  const fetchAll = useCallback(async () => {
    const h = hashFromPath(window.location.pathname);
    setHash(h);
    setLoad({ kind: "loading" });
    if (!h) {
      setLoad({ kind: "not_found" });
      return;
    }
    const [o, s] = await Promise.all([getOrder(h, props.locale), getShop(props.locale)]);
    if (o.ok) setLoad({ kind: "ready", order: o.data, shop: s.ok ? s.data : null });
    else setLoad(o.status === 404 ? { kind: "not_found" } : { kind: "error" });
  }, [props.locale]);

  useEffect(() => {
    void fetchAll();
    void getCatalogNames(props.locale).then(setNames);
  }, [fetchAll, props.locale]);

  const order = load.kind === "ready" ? load.order : null;
  const setOrder = useCallback((o: Order) => setLoad((l) => (l.kind === "ready" ? { ...l, order: o } : l)), []);
  const status = order?.status;
  const mismatch = order !== null && order.currency !== props.currency;

  // Status changes: announced, the purchase event once, the payment notes
  // dropped when the order moved on.
  useEffect(() => {
    if (!order || mismatch) return;
    const before = seenStatus.current;
    seenStatus.current = order.status;
    if (before !== null && before !== order.status) {
      setAnnounce(t("order_status.live_status", { status: t(`order_status.statuses.${order.status}`) }));
      if (order.status === "paid") showToast(t("order_status.next.paid_now"), "success");
    }
    if (order.status !== "placed" && order.status !== "payment_pending") setPay({ kind: "none" });
    if (order.status === "placed" && before === "payment_pending") setPay({ kind: "none" });
    if (order.status === "paid" && !purchased.current) {
      purchased.current = true;
      pushPurchaseOnce(order);
    }
    // t changes identity every render; the status is what matters here.
  }, [status, mismatch]);

  // Polling while the payment is pending; paused while the tab is hidden.
  const polling = status === "payment_pending" && !mismatch && !gaveUp;
  useEffect(() => {
    if (!polling || !hash) return;
    if (pollSince.current === 0) pollSince.current = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const schedule = () => {
      clearTimeout(timer);
      if (!document.hidden) timer = setTimeout(tick, POLL_MS);
    };
    const tick = async () => {
      const a = await getOrder(hash, props.locale, false);
      if (!alive) return;
      if (a.ok) setOrder(a.data);
      if (Date.now() - pollSince.current > POLL_FOR_MS) {
        setGaveUp(true);
        return;
      }
      schedule();
    };
    const onVisibility = () => {
      clearTimeout(timer);
      if (!document.hidden) void tick();
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      alive = false;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [polling, hash, props.locale, setOrder]);

  const onStarted = useCallback(
    (a: PaymentAnswer) => {
      setOrder(a.order);
      if (a.status === "3ds" && a.url) setPay({ kind: "3ds", url: a.url });
      else if (a.status === "pending") setPay({ kind: "pending" });
    },
    [setOrder],
  );

  const refresh = () => {
    pollSince.current = Date.now();
    setGaveUp(false);
    void getOrder(hash, props.locale).then((a) => a.ok && setOrder(a.data));
  };

  return (
    <div className="order-status" aria-busy={load.kind === "loading" || undefined}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {load.kind === "loading" && <Skeleton label={t("order_status.loading")} />}
      {load.kind === "not_found" && (
        <>
          <div className="card card--pad order-status__message">
            <h2>{t("order_status.not_found_title")}</h2>
            <p>{t("order_status.not_found_text")}</p>
            <a className="btn btn--primary" href={props.shopHref}>
              {t("order_status.to_shop")}
            </a>
          </div>
          {/* The way back for a shopper who lost the e-mail with the link. */}
          <OrderLinks t={t} locale={props.locale} />
        </>
      )}
      {load.kind === "error" && (
        <div className="card card--pad order-status__message" role="alert">
          <p>{t("order_status.load_error")}</p>
          <button className="btn btn--primary" type="button" onClick={() => void fetchAll()}>
            {t("order_status.retry")}
          </button>
        </div>
      )}
      {order && mismatch && (
        <div className="card card--pad order-status__message order-status__mismatch">
          <h2>{t("order_status.mismatch.title")}</h2>
          <p>{t("order_status.mismatch.text")}</p>
          <a className="btn btn--primary" href={order.status_url} hrefLang={order.locale}>
            {t(`order_status.mismatch.link_${order.locale}`)}
          </a>
        </div>
      )}
      {order && !mismatch && load.kind === "ready" && (
        <OrderPage
          t={t}
          locale={props.locale}
          order={order}
          shop={load.shop}
          names={names}
          pay={pay}
          gaveUp={gaveUp}
          onRefresh={refresh}
          onRetryShop={() => void fetchAll()}
          onOrder={setOrder}
          onStarted={onStarted}
        />
      )}
    </div>
  );
}

function Skeleton({ label }: { label: string }) {
  // island-pending holds the footer back until the order is here (site CSS).
  return (
    <div className="island-pending">
      <div className="order-status__skeleton card card--pad">
        <p className="order-status__loading">
          <span className="spinner" aria-hidden="true" />
          {label}
        </p>
        <span className="skeleton-bar skeleton-bar--title" aria-hidden="true" />
        <span className="skeleton-bar" aria-hidden="true" />
        <span className="skeleton-bar skeleton-bar--short" aria-hidden="true" />
      </div>
    </div>
  );
}

interface OrderPageProps {
  t: Translate;
  locale: string;
  order: Order;
  shop: Shop | null;
  names: CatalogNames | null;
  pay: PayState;
  gaveUp: boolean;
  onRefresh: () => void;
  onRetryShop: () => void;
  onOrder: (o: Order) => void;
  onStarted: (a: PaymentAnswer) => void;
}

function OrderPage({ t, locale, order, shop, names, pay, gaveUp, onRefresh, onRetryShop, onOrder, onStarted }: OrderPageProps) {
  const statusText = t(`order_status.statuses.${order.status}`);
  return (
    <div className="order-status__grid">
      <div className="order-status__main">
        <section className="card card--pad order-head" aria-labelledby="order-status-title">
          <h2 id="order-status-title" className="order-head__title">
            {t("order_status.order_number", { number: order.id })}
          </h2>
          <p className="order-head__meta">
            <span className={`status-badge status-badge--${order.status}`}>
              <span className="visually-hidden">{t("order_status.status_label")}: </span>
              {statusText}
            </span>
            <span className="order-head__date">{t("order_status.placed_on", { date: formatInstant(locale, order.created_at) })}</span>
          </p>
          <h3 className="order-section__title">{t("order_status.next.title")}</h3>
          <NextSteps t={t} locale={locale} order={order} pay={pay} gaveUp={gaveUp} onRefresh={onRefresh} />
          {order.actions.includes("pay") && pay.kind !== "3ds" && (
            <>
              {shop ? (
                <Payment t={t} locale={locale} order={order} shop={shop} onStarted={onStarted} />
              ) : (
                <div className="notice notice--warn" role="alert">
                  <p>{t("payment_form.unavailable")}</p>
                  <button className="btn btn--ghost" type="button" onClick={onRetryShop}>
                    {t("order_status.retry")}
                  </button>
                </div>
              )}
            </>
          )}
          {order.actions.includes("add_coupon") && (
            <div className="order-coupon">
              <Coupon t={t} locale={locale} order={order} onApplied={onOrder} />
            </div>
          )}
        </section>

        <section className="card card--pad" aria-labelledby="order-progress-title">
          <h2 id="order-progress-title" className="order-section__heading">
            {t("order_status.timeline_title")}
          </h2>
          <Timeline order={order} t={t} locale={locale} names={names} />
          {order.status === "paid" && order.production && <StageEmails t={t} locale={locale} order={order} onOrder={onOrder} />}
        </section>
        <Withdrawal t={t} locale={locale} order={order} onOrder={onOrder} />
      </div>

      <div className="order-status__aside">
        <section className="card card--pad" aria-labelledby="order-items-title">
          <h2 id="order-items-title" className="order-section__heading">
            {t("order_status.items_title")}
          </h2>
          <Lines order={order} t={t} locale={locale} names={names} />
          <h3 className="visually-hidden">{t("order_status.totals_title")}</h3>
          <TotalsView order={order} t={t} locale={locale} />
        </section>
        <Documents t={t} locale={locale} order={order} />
        <section className="card card--pad" aria-labelledby="order-delivery-title">
          <h2 id="order-delivery-title" className="order-section__heading">
            {t("order_status.delivery_title")}
          </h2>
          <DeliveryEstimate order={order} t={t} />
          <DeliveryView order={order} t={t} />
          <CustomerView order={order} t={t} names={names} />
        </section>
      </div>
    </div>
  );
}

function NextSteps({
  t,
  locale,
  order,
  pay,
  gaveUp,
  onRefresh,
}: {
  t: Translate;
  locale: string;
  order: Order;
  pay: PayState;
  gaveUp: boolean;
  onRefresh: () => void;
}) {
  const threeDS = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const el = threeDS.current;
    if (pay.kind !== "3ds" || !el) return;
    // The card form above it is gone: bring the button to the middle of
    // the screen (clear of the sticky header), then give it focus.
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
  }, [pay.kind]);

  if (pay.kind === "3ds") {
    return (
      <div className="order-next__3ds">
        <p>{t("payment_form.three_ds_text")}</p>
        <a ref={threeDS} className="btn btn--primary btn--lg btn--block" href={pay.url}>
          {t("payment_form.three_ds_button")}
        </a>
      </div>
    );
  }
  const a = order.actions;
  return (
    <div className="order-next__text">
      {a.includes("pay") && lastPaymentFailed(order) && <p className="notice notice--warn">{t("order_status.next.payment_failed_before")}</p>}
      {a.includes("pay") && <p>{t("order_status.next.pay")}</p>}
      {a.includes("pay") && order.pay_by && <p>{t("order_status.next.pay_by", { date: formatDate(locale, new Date(order.pay_by)) })}</p>}
      {a.includes("wait_payment") && (
        <>
          {pay.kind === "pending" && <p className="notice">{t("payment_form.pending")}</p>}
          <p className="order-next__waiting">
            {!gaveUp && <span className="spinner" aria-hidden="true" />}
            {t("order_status.next.wait_payment")}
          </p>
          {gaveUp && (
            <div className="notice notice--warn">
              <p>{t("order_status.next.gave_up")}</p>
              <button className="btn btn--ghost" type="button" onClick={onRefresh}>
                {t("order_status.next.refresh")}
              </button>
            </div>
          )}
        </>
      )}
      {a.includes("wait_shipping") && <p className="order-next__done">{t("order_status.next.wait_shipping")}</p>}
      {order.status === "sent" &&
        (a.includes("track") && order.tracking ? (
          <p>
            {t("order_status.next.track", { tracking: order.tracking })}
            {order.tracking_url && (
              <>
                {" "}
                <a href={order.tracking_url} rel="noopener noreferrer" target="_blank">
                  {t("order_status.next.track_link")}
                </a>
              </>
            )}
          </p>
        ) : (
          <p>{t("order_status.next.sent")}</p>
        ))}
      {order.status === "cancelled" && (
        <>
          <p>{t("order_status.next.cancelled")}</p>
          {order.cancel_reason && <p>{t("order_status.next.cancel_reason", { reason: order.cancel_reason })}</p>}
        </>
      )}
      <Refunds t={t} locale={locale} order={order} />
    </div>
  );
}

/**
 * The money paid back: each refund the provider accepted with its amount
 * and day, and one still being asked. A cancelled order's shopper reads
 * here that the money is on its way, not only that the order stopped.
 */
function Refunds({ t, locale, order }: { t: Translate; locale: string; order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="order-refunds">
      {order.refunds.map((r, i) => {
        const amount = formatMoney(locale, r.amount, r.currency);
        return (
          <li key={i}>
            {r.state === "done"
              ? t("order_status.next.refund_done", { amount, date: formatInstant(locale, r.at) })
              : t("order_status.next.refund_pending", { amount })}
          </li>
        );
      })}
      {order.refunds.some((r) => r.state === "done") && <li className="order-refunds__note">{t("order_status.next.refund_when")}</li>}
    </ul>
  );
}
