import { useEffect, useId, useState } from "react";
import type { DeskDocument, DocumentsAnswer } from "../api";
import { formatDate } from "../../components/dates";
import { formatMoney } from "../../components/money";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";
import { Notice } from "../Notice";

/** The month in the URL (?month=YYYY-MM), or "" for this month. */
function monthOf(search: string): string {
  const m = new URLSearchParams(search).get("month") ?? "";
  return /^\d{4}-\d{2}$/.test(m) ? m : "";
}

/** A workshop day ("2026-11-24") as the owner reads dates. */
export function documentDay(locale: string, day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return y && m && d ? formatDate(locale, new Date(y, m - 1, d)) : day;
}

/** The PDF's download address. */
export function documentHref(d: DeskDocument): string {
  return "/admin/api/documents/" + encodeURIComponent(d.file);
}

/** One document's lines: number and kind, buyer, day and amounts, its PDF. */
export function DocumentCard({ t, locale, d, openOrder }: { t: Translate; locale: string; d: DeskDocument; openOrder?: (id: number) => void }) {
  return (
    <div className="desk-order desk-document card">
      <span className="desk-order__head">
        <strong>{d.number}</strong>
        <span className="desk-document__kind">{t(`documents.kinds.${d.kind}`)}</span>
      </span>
      <span className="desk-order__who">{d.buyer}</span>
      <span className="desk-order__meta">
        <time dateTime={d.issued}>{documentDay(locale, d.issued)}</time> · <strong>{formatMoney(locale, d.gross, d.currency)}</strong>
        {d.gross_pln !== undefined && <> · {t("documents.pln", { amount: formatMoney(locale, d.gross_pln, "PLN") })}</>}
        {d.needs_rate && <> · {t("documents.needs_rate")}</>}
        {d.corrects && <> · {t("documents.corrects", { number: d.corrects })}</>}
      </span>
      <span className="desk-document__links">
        {!d.needs_rate && (
          <a href={documentHref(d)} download={d.file}>
            {t("documents.pdf", { number: d.number })}
          </a>
        )}
        {openOrder && (
          <a
            href={`/admin/orders/${d.order_id}`}
            onClick={(e) => {
              e.preventDefault();
              openOrder(d.order_id);
            }}
          >
            {t("documents.order", { id: d.order_id })}
          </a>
        )}
      </span>
    </div>
  );
}

/** The accounting documents of a month (in the URL, like the order filters) and the accountant's CSV. */
export function Documents({ t, locale, openOrder }: { t: Translate; locale: string; openOrder: (id: number) => void }) {
  const id = useId();
  const [month, setMonth] = useState(() => monthOf(location.search));
  const { data, error } = useResource<DocumentsAnswer>(
    "documents" + (month ? "?month=" + month : ""),
    t,
  );

  useEffect(() => {
    const path = "/admin/documents" + (month ? "?month=" + month : "");
    if (location.pathname + location.search !== path) history.replaceState(history.state, "", path);
  }, [month]);

  const shown = month || data?.month || "";
  return (
    <section className="desk-page" aria-labelledby="documents-title">
      <h1 id="documents-title" className="desk-page__title">
        {t("documents.title")}
      </h1>
      <p className="desk-page__lead">{t("documents.lead")}</p>
      <div className="desk-row desk-documents__month">
        <label className="form-field__label" htmlFor={`${id}-month`}>
          {t("documents.month")}
        </label>
        <input
          id={`${id}-month`}
          className="input"
          type="month"
          value={shown}
          onChange={(e) => {
            if (e.target.value === "" || /^\d{4}-\d{2}$/.test(e.target.value)) setMonth(e.target.value);
          }}
        />
      </div>
      <Notice error={error} />
      {data && (
        <>
          <p>
            <a className="btn btn--ghost" href={`/admin/api/documents.csv?month=${data.month}`} download={`documents-${data.month}.csv`}>
              {t("documents.csv")}
            </a>
          </p>
          {data.documents.length === 0 ? (
            <p role="status">{t("documents.empty")}</p>
          ) : (
            <ul className="desk-orders" aria-labelledby="documents-title">
              {data.documents.map((d) => (
                <li key={d.number}>
                  <DocumentCard t={t} locale={locale} d={d} openOrder={openOrder} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
