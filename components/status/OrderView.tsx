// What the status page shows of an order: progress, lines, totals,
// customer and delivery. Presentational only; the island owns the data.
import { AddressLines } from "../AddressLines";
import { HiltThumb } from "../creator/HiltThumb";
import type { Translate } from "../i18n";
import { formatDate, formatInstant } from "../dates";
import { formatMoney } from "../money";
import type { CatalogNames, Order, OrderLine, OrderStatus, TimelineEvent } from "./api";

/** The way an order normally goes; cancelled is shown where it happened. */
const STEPS: OrderStatus[] = ["placed", "payment_pending", "paid", "sent"];

/** A catalogue id as words while its name is unknown: "other-1" -> "Other 1". */
export function humanise(id: string): string {
  const s = id.replace(/[-_]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

interface Step {
  status: OrderStatus;
  at?: string;
  done: boolean;
  current: boolean;
}

/**
 * The steps to show: the usual way with the time each was last reached;
 * a cancelled order shows the steps it reached and then the cancellation.
 */
export function steps(order: Order): Step[] {
  const moves = transitions(order);
  const last = (s: OrderStatus) => [...moves].reverse().find((e) => e.status === s)?.at;
  if (order.status === "cancelled") {
    const reached = STEPS.filter((s) => moves.some((e) => e.status === s));
    return [
      ...reached.map((s) => ({ status: s, at: last(s), done: true, current: false })),
      { status: "cancelled" as const, at: last("cancelled"), done: true, current: true },
    ];
  }
  const rank = STEPS.indexOf(order.status);
  return STEPS.map((s, i) => ({ status: s, at: i <= rank ? last(s) : undefined, done: i <= rank, current: i === rank }));
}

/** The timeline's status changes, without notes such as the payment reminder. */
export function transitions(order: Order): TimelineEvent[] {
  return order.timeline.filter((e) => !e.note);
}

/** A calendar day "2026-12-02" as a local Date (not UTC midnight, which is the day before west of Greenwich). */
export function localDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
}

/**
 * The production stages under "paid"
 * (docs/decisions/orders-and-payments.md#the-status-page-names-the-stages-from-the-catalogue):
 * while paid every stage, reached ones with their time and the rest pending,
 * then the ship estimate; once sent or cancelled the stages it reached.
 */
export function Stages({ order, t, locale, names }: { order: Order; t: Translate; locale: string; names: CatalogNames | null }) {
  const p = order.production;
  const paid = order.status === "paid";
  const shown = (p?.stages ?? []).filter((s) => paid || s.reached_at);
  if (!p || shown.length === 0) return null;
  return (
    <div className="order-stages">
      <ol className="order-stages__list" aria-label={t("order_status.production.list_label")}>
        {shown.map((s) => {
          const current = paid && s.id === p.current;
          return (
            <li key={s.id} className={`order-stages__stage${s.reached_at ? " is-done" : ""}${current ? " is-current" : ""}`}>
              <span className="order-stages__name">
                {names?.stages[s.id] ?? humanise(s.id)}
                {current && <span className="visually-hidden"> ({t("order_status.production.current")})</span>}
              </span>
              <span className="order-stages__time">
                {s.reached_at ? <time dateTime={s.reached_at}>{formatInstant(locale, s.reached_at)}</time> : t("order_status.step_pending")}
              </span>
            </li>
          );
        })}
      </ol>
      {paid && p.ship_by && (
        <p className="order-stages__estimate">
          {p.build_days_left === 0
            ? t("order_status.production.ready")
            : t("order_status.production.ship_by", { date: formatDate(locale, localDay(p.ship_by)) })}
        </p>
      )}
    </div>
  );
}

export function Timeline({ order, t, locale, names = null }: { order: Order; t: Translate; locale: string; names?: CatalogNames | null }) {
  const reminder = order.timeline.find((e) => e.note === "payment_reminder");
  const withdrawal = order.timeline.find((e) => e.note === "withdrawal");
  // The carrier's news of the parcel, under the step the order had then.
  const parcel = order.timeline.filter((e) => e.note === "parcel" && e.parcel);
  return (
    <ol className="order-timeline">
      {steps(order).map((s) => (
        <li
          key={s.status}
          className={`order-timeline__step${s.done ? " is-done" : ""}${s.current ? " is-current" : ""}${s.status === "cancelled" ? " is-cancelled" : ""}`}
          aria-current={s.current ? "step" : undefined}
        >
          <span className="order-timeline__dot" aria-hidden="true" />
          <span className="order-timeline__label">{t(`order_status.statuses.${s.status}`)}</span>
          <span className="order-timeline__time">
            {s.at ? <time dateTime={s.at}>{formatInstant(locale, s.at)}</time> : s.done ? "" : t("order_status.step_pending")}
          </span>
          {s.status === "paid" && s.done && <Stages order={order} t={t} locale={locale} names={names} />}
          {s.status === "placed" && reminder && (
            <span className="order-timeline__note">
              {t("order_status.reminder_sent", { date: formatInstant(locale, reminder.at) })}
            </span>
          )}
          {withdrawal && s.status === withdrawal.status && (
            <span className="order-timeline__note">{t("order_status.withdrawal.timeline", { date: formatInstant(locale, withdrawal.at) })}</span>
          )}
          {parcel
            .filter((e) => e.status === s.status)
            .map((e) => (
              <span key={`${e.parcel}-${e.at}`} className="order-timeline__note order-timeline__note--parcel" data-parcel-status={e.parcel}>
                {t("order_status.parcel_note", { status: t(`order_status.parcel_statuses.${e.parcel}`), date: formatInstant(locale, e.at) })}
              </span>
            ))}
        </li>
      ))}
    </ol>
  );
}

function CreatorSummary({ line, t, names }: { line: OrderLine; t: Translate; names: CatalogNames | null }) {
  const c = line.creator!;
  const slots = names?.slots.filter((s) => s.id in c.parts) ?? [];
  const known = new Set(slots.map((s) => s.id));
  const parts = [
    ...slots.map((s) => [s.name, s.parts[c.parts[s.id]!] ?? humanise(c.parts[s.id]!)] as const),
    ...Object.entries(c.parts)
      .filter(([slot]) => !known.has(slot))
      .map(([slot, part]) => [humanise(slot), humanise(part)] as const),
  ];
  return (
    <div className="order-line__creator">
      <p className="order-line__meta">{t("order_status.creator_parts")}:</p>
      <ul className="order-line__parts">
        {parts.map(([slot, part]) => (
          <li key={slot}>
            {slot}: <strong>{part}</strong>
          </li>
        ))}
      </ul>
      <p className="order-line__meta">
        {t("order_status.generator", { name: names?.generators[c.generator] ?? humanise(c.generator) })}
        {" · "}
        {t("order_status.creator_presets", { count: c.presets.length })}
      </p>
    </div>
  );
}

/**
 * A line's picture: the product's, or for a creator design the hilt of its
 * parts as in the basket (from the catalogue's part pictures, once read).
 */
function LineMedia({ line, t, names }: { line: OrderLine; t: Translate; names: CatalogNames | null }) {
  const c = line.creator;
  if (c && names && names.slots.some((s) => s.images[c.parts[s.id] ?? ""])) {
    const slots = names.slots.map((s) => ({ id: s.id, options: Object.entries(s.images).map(([id, image]) => ({ id, image })) }));
    const partNames = names.slots.filter((s) => s.id in c.parts).map((s) => s.parts[c.parts[s.id]!] ?? humanise(c.parts[s.id]!));
    return <HiltThumb slots={slots} parts={c.parts} label={t("creator_ui.basket.hilt_alt", { parts: partNames.join(", ") })} />;
  }
  return line.image ? <img src={line.image} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <span className="order-line__noimage" aria-hidden="true" />;
}

export function Lines({ order, t, locale, names }: { order: Order; t: Translate; locale: string; names: CatalogNames | null }) {
  const money = (n: number) => formatMoney(locale, n, order.currency);
  return (
    <ul className="order-lines">
      {order.lines.map((line, i) => (
        <li key={i} className="order-line">
          <div className="order-line__media">
            <LineMedia line={line} t={t} names={names} />
          </div>
          <div className="order-line__body">
            <div className="order-line__head">
              <p className="order-line__name">{line.name}</p>
              <p className="order-line__total">{money(line.total)}</p>
            </div>
            {line.variant && (
              <p className="order-line__meta">{t("order_status.generator", { name: names?.generators[line.variant] ?? humanise(line.variant) })}</p>
            )}
            {line.creator && <CreatorSummary line={line} t={t} names={names} />}
            {!line.returnable && line.creator && <p className="order-line__meta order-line__note">{t("order_status.not_returnable")}</p>}
            <p className="order-line__meta">{t("order_status.line_quantity", { quantity: line.quantity, price: money(line.unit_price) })}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function TotalsView({ order, t, locale }: { order: Order; t: Translate; locale: string }) {
  const money = (n: number) => formatMoney(locale, n, order.currency);
  const { totals } = order;
  return (
    <>
    <dl className="order-totals">
      <div>
        <dt>{t("order_status.subtotal")}</dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>{t("order_status.shipping")}</dt>
        <dd>{money(totals.shipping)}</dd>
      </div>
      {totals.discount > 0 && (
        <div className="order-totals__discount">
          <dt>{order.coupon ? t("order_status.discount", { code: order.coupon }) : t("order_status.discount_plain")}</dt>
          <dd>−{money(totals.discount)}</dd>
        </div>
      )}
      <div className="order-totals__total">
        <dt>{t("order_status.total")}</dt>
        <dd>{money(totals.total)}</dd>
      </div>
      {order.refunds
        .filter((r) => r.state === "done")
        .map((r, i) => (
          <div key={i} className="order-totals__refund">
            <dt>{t("order_status.refunded_on", { date: formatDate(locale, new Date(r.at)) })}</dt>
            <dd>−{formatMoney(locale, r.amount, r.currency)}</dd>
          </div>
        ))}
    </dl>
    {totals.waste_fee > 0 && <p className="order-totals__note">{t("order_status.waste_fee", { amount: money(totals.waste_fee) })}</p>}
    </>
  );
}

/**
 * An e-mail address that may wrap after its "@" (and nowhere else while
 * its halves fit): "katarzyna.wisniewska@" / "example.com", never
 * "anna.nowak@example.c" / "om". The CSS breaks a half only when it is
 * wider than the line on its own.
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  return (
    <span className="order-customer__email">
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at + 1)}
          <wbr />
          {address.slice(at + 1)}
        </>
      )}
    </span>
  );
}

export function CustomerView({ order, t, names }: { order: Order; t: Translate; names: CatalogNames | null }) {
  const c = order.customer;
  return (
    <div className="order-customer">
      <div>
        <h3 className="order-customer__title">{t("order_status.customer_title")}</h3>
        <p>
          {c.first_name} {c.last_name}
          <br />
          <Email address={c.email} />
          <br />
          {c.phone}
        </p>
      </div>
      <div>
        <h3 className="order-customer__title">{t("order_status.address_title")}</h3>
        <address>
          <AddressLines a={c} country={names?.countries[c.country] ?? c.country.toUpperCase()} />
        </address>
      </div>
      {c.company && (
        <div>
          <h3 className="order-customer__title">{t("order_status.invoice_title")}</h3>
          <p className="order-customer__company">
            {c.company}
            <br />
            {t("order_status.vat_id", { id: c.vat_id ?? "" })}
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * How the parcel travels: the method, a locker with its address as it was
 * when ordered, and the parcel's status and tracking once the owner
 * created it with the carrier.
 */
export function DeliveryView({ order, t }: { order: Order; t: Translate }) {
  const d = order.delivery;
  const point = d?.point;
  const parcel = order.parcel;
  return (
    <div className="order-delivery">
      {d?.method && (
        <p className="order-delivery__method">
          {t("order_status.delivery_method", { method: t(d.method === "locker" ? "checkout.methods.locker" : "checkout.methods.courier") })}
        </p>
      )}
      {point && (
        <div className="order-delivery__point">
          <h3 className="order-customer__title">{t("order_status.locker_title")}</h3>
          <p>
            <strong>{point.code}</strong>
            <br />
            {[point.street, point.building].filter(Boolean).join(" ")}
            <br />
            {point.zip} {point.city}
            {point.description && (
              <>
                <br />
                <span className="order-delivery__desc">{point.description}</span>
              </>
            )}
          </p>
        </div>
      )}
      {parcel && (
        <p className="order-delivery__parcel">
          <span className="order-delivery__status" data-parcel-status={parcel.status}>{t("order_status.parcel", { status: t(`order_status.parcel_statuses.${parcel.status}`) })}</span>
          {parcel.tracking && (
            <>
              <br />
              {t("order_status.parcel_tracking", { tracking: parcel.tracking })}
            </>
          )}
          {parcel.tracking_url && (
            <>
              <br />
              <a href={parcel.tracking_url} target="_blank" rel="noopener noreferrer">
                {t("order_status.next.track_link")}
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}

export function DeliveryEstimate({ order, t }: { order: Order; t: Translate }) {
  const [min, max] = order.delivery_days;
  if (order.build_days > 0) {
    return <p>{t("order_status.delivery_estimate", { build: t("order_status.build_days", { count: order.build_days }), min, max })}</p>;
  }
  return <p>{t("order_status.delivery_estimate_stock", { min, max })}</p>;
}
