import { useEffect, useState } from "react";
import type { DeskOrder } from "../api";
import { carrierOf } from "../carriers";
import { AddressLines } from "../../components/AddressLines";
import { formatDate } from "../../components/dates";
import { loadTexts, type Texts, type Translate } from "../i18n";
import { PrintFrame } from "./PrintFrame";

/**
 * The packing slip that goes into the parcel: the shop as sender, the
 * customer's address in large type, the order's number and lines (no
 * prices: the parcel may be a gift), the tracking number once sent and a
 * thank-you. It speaks the order's language, the shopper's; the bar
 * around it speaks the owner's.
 */
export function PackingSlip({ t, id, back }: { t: Translate; id: number; back: () => void }) {
  return (
    <PrintFrame t={t} id={id} back={back} title={(o) => `${t("print.slip_button")} · ${t("print.order", { number: o.id })}`}>
      {(o) => <Slip o={o} owner={t} />}
    </PrintFrame>
  );
}

function Slip({ o, owner }: { o: DeskOrder; owner: Translate }) {
  // undefined: loading; null: the texts did not come (the owner's then).
  const [texts, setTexts] = useState<Texts | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadTexts(o.locale).then((x) => live && setTexts(x));
    return () => {
      live = false;
    };
  }, [o.locale]);
  if (texts === undefined) return <span className="spinner" aria-hidden="true" />;
  const t = texts?.t ?? owner;
  const locale = texts?.locale ?? o.locale;
  const s = o.sender;
  const carrier = o.tracking_url ? carrierOf(o.tracking_url) : undefined;
  return (
    <div className="slip" lang={locale}>
      <header className="slip__head">
        <address className="slip__from">
          <span className="paper__label">{t("slip.from")}</span>
          <strong>{s.name}</strong>
          <br />
          {s.street}
          <br />
          {s.zip} {s.city}
          <br />
          {s.country}
        </address>
        <div className="slip__doc">
          <h1 className="paper__title">{t("slip.title")}</h1>
          <p className="paper__meta">
            {t("slip.order", { number: o.id })}
            <br />
            {t("slip.placed", { date: formatDate(locale, new Date(o.created)) })}
          </p>
        </div>
      </header>

      <section className="slip__to" aria-label={t("slip.to")}>
        <span className="paper__label">{t("slip.to")}</span>
        <address className="slip__address">
          <AddressLines a={o.customer} country={countryName(locale, o.customer.country)} />
        </address>
        {o.delivery.point && (
          <p className="slip__locker">
            <strong>{t("slip.locker", { carrier: o.shipping.carrier || "InPost", code: o.delivery.point.code })}</strong>
            <br />
            {o.delivery.point.street} {o.delivery.point.building}, {o.delivery.point.zip} {o.delivery.point.city}
          </p>
        )}
      </section>

      <table className="paper__table slip__items">
        <caption>{t("slip.items")}</caption>
        <thead>
          <tr>
            <th scope="col" className="slip__qty">
              {t("slip.quantity")}
            </th>
            <th scope="col">{t("slip.item")}</th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l, i) => (
            <tr key={i}>
              <td className="slip__qty">{l.quantity}</td>
              <td>{l.name}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {o.tracking && (
        <p className="slip__tracking">
          {carrier ? t("slip.tracking", { carrier: carrier.name, number: o.tracking }) : t("slip.tracking_number", { number: o.tracking })}
        </p>
      )}

      <footer className="slip__thanks">
        <p className="slip__thanks-lead">{t("slip.thanks")}</p>
        {s.email && <p>{s.phone ? t("slip.questions", { email: s.email, phone: s.phone }) : t("slip.questions_email", { email: s.email })}</p>}
      </footer>
    </div>
  );
}

/** A country code as the order's language names it ("pl" -> "Polen"), or the code in capitals. */
function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
