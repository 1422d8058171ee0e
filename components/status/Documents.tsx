// The order's accounting documents (docs/legal.md#documents-on-the-status-page):
// the invoice or receipt and
// any corrections, in the order they were issued, each a PDF download
// from the daemon (GET /v1/orders/{hash}/documents/{file}, docs/api.md).
// Nothing is shown before the first one is issued (with the payment). A
// document being registered in KSeF has no link until KSeF accepts it
// (docs/legal.md#ksef), then shows its KSeF number.
import type { Translate } from "../i18n";
import { formatDate } from "../dates";
import type { DocumentKind } from "../generated/api";
import type { Order } from "./api";
import { localDay } from "./OrderView";

/**
 * Each kind's link text, the keys written out so the translation test
 * finds them; a kind the daemon adds fails to compile until it has one.
 */
const LABEL: Record<DocumentKind, (t: Translate, number: string) => string> = {
  invoice: (t, number) => t("order_status.documents.invoice", { number }),
  correction: (t, number) => t("order_status.documents.correction", { number }),
  receipt: (t, number) => t("order_status.documents.receipt", { number }),
  receipt_correction: (t, number) => t("order_status.documents.receipt_correction", { number }),
};

export function Documents({ t, locale, order }: { t: Translate; locale: string; order: Order }) {
  // An answer of an older daemon has no list.
  const docs = order.documents ?? [];
  if (docs.length === 0) return null;
  return (
    <section className="card card--pad" aria-labelledby="order-documents-title">
      <h2 id="order-documents-title" className="order-section__heading">
        {t("order_status.documents.title")}
      </h2>
      <ul className="order-documents">
        {docs.map((d) => (
          <li key={d.number} className="order-documents__item">
            {d.url ? (
              <a className="order-documents__link" href={d.url} download>
                <span className="order-documents__icon" aria-hidden="true" />
                {LABEL[d.kind](t, d.number)}
              </a>
            ) : (
              <span className="order-documents__link order-documents__link--pending">
                <span className="order-documents__icon" aria-hidden="true" />
                {d.kind === "correction"
                  ? t("order_status.documents.pending_correction", { number: d.number })
                  : t("order_status.documents.pending_invoice", { number: d.number })}
              </span>
            )}
            <span className="order-documents__date">
              {t("order_status.documents.issued", { date: formatDate(locale, localDay(d.issued)) })}
              {d.ksef_number ? " · " + t("order_status.documents.ksef", { number: d.ksef_number }) : null}
            </span>
            {d.pending ? <span className="order-documents__note">{t("order_status.documents.pending")}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
