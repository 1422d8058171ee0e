import { useEffect, useId, useState } from "react";
import { DateField } from "../DateField";
import { call, type DeskDocument, type DocumentsAnswer } from "../api";
import { formatDate, formatInstant } from "../../components/dates";
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

/** The UPO's download address: KSeF's receipt of an accepted document. */
export function upoHref(d: DeskDocument): string {
  return documentHref(d) + "/upo";
}

/** The documents still on their way to KSeF: while one waits, the page follows KSeF's answer. */
export function waitsForKSeF(docs: DeskDocument[] | undefined): boolean {
  return !!docs?.some((d) => d.ksef?.state === "waiting" || d.ksef?.state === "sent");
}

/**
 * Asks again every two seconds while follow is on and a document waits for
 * KSeF, for two minutes after the owner sent one again (the daemon sends it
 * at once; KSeF answers within seconds).
 */
export function useFollowKSeF(waiting: boolean, reload: () => Promise<void>) {
  const [since, setSince] = useState(0);
  useEffect(() => {
    if (!since || !waiting) return;
    const timer = setInterval(() => {
      if (Date.now() - since > 120_000) setSince(0);
      else void reload();
    }, 2000);
    return () => clearInterval(timer);
  }, [since, waiting, reload]);
  return () => setSince(Date.now());
}

/**
 * A document's course through KSeF: its chip; a refusal explained in the
 * owner's language with KSeF's own words and "Send again" (asked to
 * confirm, naming the document); an accepted one's UPO.
 */
function KSeFState({ t, locale, d, onRetried }: { t: Translate; locale: string; d: DeskDocument; onRetried?: (d: DeskDocument) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const k = d.ksef;
  if (!k) return null;
  const retry = async () => {
    setBusy(true);
    setError("");
    const res = await call<DeskDocument>("POST", `documents/${encodeURIComponent(d.file)}/ksef-retry`, {});
    setBusy(false);
    setAsking(false);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setDone(t("documents.ksef.retried", { number: d.number }));
    onRetried?.(res.data);
  };
  return (
    <span className="desk-ksef">
      <span className={`desk-ksef__chip desk-ksef__chip--${k.state}`}>{t(`documents.ksef.${k.state}`, { number: k.number ?? "" })}</span>
      {(k.state === "waiting" || k.state === "sent" || k.state === "offline") && k.waiting_since && (
        <span className="desk-ksef__note">{t("documents.ksef.waiting_since", { time: formatInstant(locale, k.waiting_since) })}</span>
      )}
      {k.last_error && <span className="desk-ksef__note">{t("documents.ksef.last_error", { error: k.last_error })}</span>}
      {k.state === "refused" && (
        <>
          {k.explained && <span className="desk-ksef__explained">{k.explained}</span>}
          {k.reason && <span className="desk-ksef__reason">{t("documents.ksef.reason", { reason: k.reason })}</span>}
          {asking ? (
            <span className="desk-ksef__confirm" role="group" aria-label={t("documents.ksef.retry_confirm", { number: d.number })}>
              <span>{t("documents.ksef.retry_confirm", { number: d.number })}</span>
              <span className="desk-row">
                <button className="btn btn--primary" type="button" disabled={busy} onClick={() => void retry()}>
                  {t("documents.ksef.retry_yes")}
                </button>
                <button className="btn btn--ghost" type="button" disabled={busy} onClick={() => setAsking(false)}>
                  {t("documents.ksef.retry_no")}
                </button>
              </span>
            </span>
          ) : (
            <button className="btn btn--ghost desk-ksef__retry" type="button" onClick={() => setAsking(true)}>
              {t("documents.ksef.retry")}
            </button>
          )}
        </>
      )}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      {done && (k.state === "waiting" || k.state === "sent") && (
        <span className="desk-saved" role="status">
          {done}
        </span>
      )}
    </span>
  );
}

/** One document's lines: number and kind, buyer, day and amounts, its KSeF state, its PDF (and UPO). */
export function DocumentCard({
  t,
  locale,
  d,
  openOrder,
  onRetried,
}: {
  t: Translate;
  locale: string;
  d: DeskDocument;
  openOrder?: (id: number) => void;
  onRetried?: (d: DeskDocument) => void;
}) {
  // A document bound for KSeF is handed over with its KSeF number (its PDF once KSeF accepted
  // it), or in KSeF's offline24 mode with its two QR codes.
  const pdfLater = !!d.ksef && d.ksef.state !== "accepted" && d.ksef.state !== "offline";
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
      <KSeFState t={t} locale={locale} d={d} onRetried={onRetried} />
      <span className="desk-document__links">
        {!d.needs_rate && !pdfLater && (
          <a href={documentHref(d)} download={d.file}>
            {t("documents.pdf", { number: d.number })}
          </a>
        )}
        {d.ksef?.state === "accepted" && (
          <a href={upoHref(d)} download={"UPO-" + d.file.replace(/\.pdf$/, ".xml")}>
            {t("documents.ksef.upo", { number: d.number })}
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
      {pdfLater && !d.needs_rate && <span className="desk-ksef__note">{t("documents.ksef.pdf_later")}</span>}
    </div>
  );
}

/** The accounting documents of a month (in the URL, like the order filters) and the accountant's CSV. */
export function Documents({ t, locale, openOrder }: { t: Translate; locale: string; openOrder: (id: number) => void }) {
  const id = useId();
  const [month, setMonth] = useState(() => monthOf(location.search));
  const { data, set, error, reload } = useResource<DocumentsAnswer>(
    "documents" + (month ? "?month=" + month : ""),
    t,
  );
  const follow = useFollowKSeF(waitsForKSeF(data?.documents), reload);
  const retried = (d: DeskDocument) => {
    if (data) set({ ...data, documents: data.documents.map((x) => (x.number === d.number ? d : x)) });
    follow();
  };

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
        <DateField
          id={`${id}-month`}
          t={t}
          locale={locale}
          kind="month"
          optional={false}
          years={[new Date().getFullYear() - 10, new Date().getFullYear()]}
          value={shown}
          onChange={(v) => {
            if (v === "" || /^\d{4}-\d{2}$/.test(v)) setMonth(v);
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
                  <DocumentCard t={t} locale={locale} d={d} openOrder={openOrder} onRetried={retried} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
