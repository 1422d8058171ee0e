import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { call, type OrderFilters, type OrderPage, type OrderStatus, type OrderSummary } from "../api";
import { formatInstant } from "../../components/dates";
import { formatMoney } from "../../components/money";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";
import { Notice } from "../Notice";
import { DateField } from "../DateField";

const STATUSES: OrderStatus[] = ["placed", "payment_pending", "paid", "sent", "cancelled"];
/** The queues the status filter also takes (Go's order.Queues): Today's figures link to them. */
const QUEUES = ["waiting", "to_build"] as const;

/** The list's state, as its URL query holds it: a search, or a status and the other filters. */
const KEYS = ["q", "status", "stage", "country", "currency", "from", "to"] as const;
type Key = (typeof KEYS)[number];
type State = Record<Key, string>;
/** The filters behind the "Filters" disclosure (status and the search are always shown). */
const MORE: Key[] = ["stage", "country", "currency", "from", "to"];

function stateOf(search: string): State {
  const p = new URLSearchParams(search);
  return Object.fromEntries(KEYS.map((k) => [k, p.get(k)?.trim() ?? ""])) as State;
}

function queryOf(s: State): string {
  const p = new URLSearchParams();
  for (const k of KEYS) if (s[k]) p.set(k, s[k]);
  const q = p.toString();
  return q ? "?" + q : "";
}

// The list's query as last shown, so "All orders" on an order's page (and
// the tab) come back to the list as the owner left it.
let lastQuery = "";

/** The list's address as the owner left it: /admin/orders with its filters. */
export function listQuery() {
  return lastQuery;
}

/** The order list: a search, a status and more filters (in the URL, so reload and back keep them), newest first, paged. */
export function Orders({ t, locale, open }: { t: Translate; locale: string; open: (id: number) => void }) {
  const id = useId();
  const [state, setState] = useState<State>(() => stateOf(location.search));
  const [typed, setTyped] = useState(state.q);
  const [rows, setRows] = useState<OrderSummary[] | null>(null);
  const [next, setNext] = useState("");
  const [error, setError] = useState("");
  const { data: choices } = useResource<OrderFilters>("orders/filters", t);
  const latest = useRef(0); // only the newest request's answer is shown

  const set = (k: Key, v: string) => setState((s) => ({ ...s, [k]: v }));
  const query = queryOf(state);

  useEffect(() => {
    lastQuery = query;
    const path = "/admin/orders" + query;
    if (location.pathname + location.search !== path) history.replaceState(history.state, "", path);
  }, [query]);

  const load = useCallback(
    async (cursor: string) => {
      const p = new URLSearchParams(query);
      if (p.has("q")) for (const k of KEYS) if (k !== "q") p.delete(k); // a search looks through every order
      if (cursor) p.set("cursor", cursor);
      const n = ++latest.current;
      const res = await call<OrderPage>("GET", "orders?" + p.toString());
      if (n !== latest.current) return;
      if (!res.ok) {
        setError(res.message || t("offline"));
        if (!cursor) setRows(null);
        return;
      }
      setError("");
      setRows((old) => (cursor && old ? [...old, ...res.data.orders] : res.data.orders));
      setNext(res.data.next ?? "");
    },
    [query, t],
  );

  useEffect(() => {
    void load("");
  }, [load]);

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    set("q", typed.trim());
  };
  const active = MORE.filter((k) => state[k]).length;
  const clearMore = () => setState((s) => ({ ...s, ...Object.fromEntries(MORE.map((k) => [k, ""])) }));
  const clearSearch = () => {
    setTyped("");
    set("q", "");
  };
  const lists = { stage: choices?.stages ?? [], country: choices?.countries ?? [], currency: (choices?.currencies ?? []).map((c) => ({ id: c, name: c })) };
  // The folded filters name what they hold (a stage's figure on Today opens the list at that stage).
  const held = MORE.filter((k) => state[k]).map((k) =>
    k === "stage" || k === "country" || k === "currency" ? (lists[k].find((c) => c.id === state[k])?.name ?? state[k]) : state[k],
  );
  // A filter value the choices do not list (typed into the URL, or a country no longer shipped to) stays selectable.
  const options = (list: { id: string; name: string }[], current: string) =>
    current && !list.some((c) => c.id === current) ? [...list, { id: current, name: current }] : list;

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
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            name="q"
            placeholder={t("orders.search")}
            autoComplete="off"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === "") set("q", ""); // the field's own clear button
            }}
          />
          <button className="btn btn--ghost" type="submit">
            {t("orders.search_button")}
          </button>
        </form>
        <label className="visually-hidden" htmlFor={`${id}-status`}>
          {t("orders.status")}
        </label>
        <select id={`${id}-status`} className="input desk-filters__status" value={state.status} onChange={(e) => set("status", e.target.value)}>
          <option value="">{t("orders.any")}</option>
          {QUEUES.map((q) => (
            <option key={q} value={q}>
              {t(`orders.queues.${q}`)}
            </option>
          ))}
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <details className="desk-more">
        <summary>
          {t("filters.title")}
          {active > 0 && (
            <span className="desk-more__count">
              <span className="visually-hidden">: </span>
              {active}
            </span>
          )}
          {held.length > 0 && (
            <span className="desk-more__held">
              <span className="visually-hidden">, </span>
              {held.join(", ")}
            </span>
          )}
        </summary>
        <div className="desk-more__fields">
          {(["stage", "country", "currency"] as const).map((k) => (
            <div key={k} className={k === "stage" ? "desk-more__field desk-more__field--wide" : "desk-more__field"}>
              <label className="form-field__label" htmlFor={`${id}-${k}`}>
                {t(`filters.${k}`)}
              </label>
              <select id={`${id}-${k}`} className="input" value={state[k]} onChange={(e) => set(k, e.target.value)}>
                <option value="">{t(`filters.any_${k}`)}</option>
                {options(lists[k], state[k]).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {(["from", "to"] as const).map((k) => (
            <div key={k} className="desk-more__field">
              <label className="form-field__label" htmlFor={`${id}-${k}`}>
                {t(`filters.${k}`)}
              </label>
              <DateField
                id={`${id}-${k}`}
                t={t}
                locale={locale}
                years={[new Date().getFullYear() - 5, new Date().getFullYear()]}
                value={state[k]}
                onChange={(v) => set(k, v)}
              />
            </div>
          ))}
        </div>
        {active > 0 && (
          <button className="btn btn--ghost btn--sm desk-more__clear" type="button" onClick={clearMore}>
            {t("filters.clear")}
          </button>
        )}
      </details>
      {state.q && (state.status || active > 0) && (
        <div className="notice desk-more__notice" role="status">
          <p>{t("filters.search_ignores")}</p>
          <button className="btn btn--ghost btn--sm" type="button" onClick={clearSearch}>
            {t("filters.clear_search")}
          </button>
        </div>
      )}
      <Notice error={error} />
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
