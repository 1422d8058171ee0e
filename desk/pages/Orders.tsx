import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { call, type OrderPage, type OrderStatus, type OrderSummary } from "../api";
import { formatInstant } from "../../components/dates";
import { formatMoney } from "../../components/money";
import type { Translate } from "../i18n";

const STATUSES: OrderStatus[] = ["placed", "payment_pending", "paid", "sent", "cancelled"];

/** The order list: a status filter, a search, newest first, paged. */
export function Orders({ t, locale, open }: { t: Translate; locale: string; open: (id: number) => void }) {
  const id = useId();
  const [status, setStatus] = useState("");
  const [query, setQuery] = useState("");
  const [rows, setRows] = useState<OrderSummary[] | null>(null);
  const [next, setNext] = useState("");
  const [error, setError] = useState("");

  const load = useCallback(
    async (cursor: string) => {
      const p = new URLSearchParams();
      if (query) p.set("q", query);
      else if (status) p.set("status", status);
      if (cursor) p.set("cursor", cursor);
      const res = await call<OrderPage>("GET", "orders?" + p.toString());
      if (!res.ok) {
        setError(res.message || t("offline"));
        return;
      }
      setError("");
      setRows((old) => (cursor && old ? [...old, ...res.data.orders] : res.data.orders));
      setNext(res.data.next ?? "");
    },
    [query, status, t],
  );

  useEffect(() => {
    void load("");
  }, [load]);

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setQuery(String(new FormData(e.currentTarget).get("q") ?? "").trim());
  };

  return (
    <section className="desk-page" aria-labelledby="orders-title">
      <h1 id="orders-title" className="desk-page__title">
        {t("orders.title")}
      </h1>
      <p className="desk-page__lead">{t("orders.lead")}</p>
      <div className="desk-filters">
        <form className="desk-filters__search" role="search" onSubmit={search}>
          <label className="visually-hidden" htmlFor={`${id}-q`}>
            {t("orders.search")}
          </label>
          <input id={`${id}-q`} className="input" type="search" name="q" placeholder={t("orders.search")} autoComplete="off" />
          <button className="btn btn--ghost" type="submit">
            {t("orders.search_button")}
          </button>
        </form>
        <label className="visually-hidden" htmlFor={`${id}-status`}>
          {t("orders.status")}
        </label>
        <select id={`${id}-status`} className="input desk-filters__status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("orders.any")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="notice notice--warn" role="alert">
          {error}
        </p>
      )}
      {rows && rows.length === 0 && <p>{t("orders.empty")}</p>}
      {rows && rows.length > 0 && (
        <ul className="desk-orders">
          {rows.map((o) => (
            <li key={o.id}>
              <a
                className="desk-order card"
                href={`/admin/orders/${o.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  open(o.id);
                }}
              >
                <span className="desk-order__head">
                  <strong>#{o.id}</strong>
                  <span className={`status-badge status-badge--${o.status}`}>{t(`orders.statuses.${o.status}`)}</span>
                </span>
                <span className="desk-order__who">
                  {o.first_name} {o.last_name} · {o.country.toUpperCase()}
                </span>
                <span className="desk-order__meta">
                  <time dateTime={o.created}>{formatInstant(locale, o.created)}</time> · {t("orders.items", { count: o.items })} ·{" "}
                  <strong>{formatMoney(locale, o.total, o.currency)}</strong>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button className="btn btn--ghost" type="button" onClick={() => void load(next)}>
          {t("orders.more")}
        </button>
      )}
    </section>
  );
}
