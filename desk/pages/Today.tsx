import { useId, useState } from "react";
import { DateField } from "../DateField";
import { call, type Me, type TodayAnswer } from "../api";
import { formatDate, formatInstant } from "../../components/dates";
import { formatMoney } from "../../components/money";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";
import { Notice } from "../Notice";

/** The most a figure counts (internal/desk's figureCap): beyond it "500+". */
const FIGURE_CAP = 500;

/** One of Today's counts, a link to the order list showing exactly the orders it counts (the list's query comes from the desk). */
function Figure({ figure, label, openList }: { figure: { count: number; query: string }; label: string; openList: (query: string) => void }) {
  return (
    <li className="card desk-figure">
      <a
        href={`/admin/orders?${figure.query}`}
        onClick={(e) => {
          e.preventDefault();
          openList(figure.query);
        }}
      >
        <span className="desk-figure__n">{figure.count > FIGURE_CAP ? `${FIGURE_CAP}+` : figure.count}</span> <span className="desk-figure__label">{label}</span>
      </a>
    </li>
  );
}

/** The first page: what waits for the owner, the money, the e-mails, the switch. */
export function Today({
  t,
  locale,
  me,
  openList,
  openOrder,
}: {
  t: Translate;
  locale: string;
  me: Me;
  openList: (query: string) => void;
  openOrder: (id: number) => void;
}) {
  const id = useId();
  const { data: d, set: setD, error, setError } = useResource<TodayAnswer>("today", t);
  const [busy, setBusy] = useState(false);
  const [reopens, setReopens] = useState("");
  // Stages no paid order is at fold into one line under the figures: five
  // cards of 0 would fill a phone's first screen with nothing to do.
  const empty = d?.stages.filter((s) => s.count === 0) ?? [];

  const toggle = async () => {
    if (!d) return;
    setBusy(true);
    const res = await call<TodayAnswer>("POST", "shop", { open: !d.open, reopens: d.open ? reopens : "" });
    setBusy(false);
    if (res.ok) setD(res.data);
    else setError(res.message || t("offline"));
  };

  return (
    <section className="desk-page" aria-labelledby="today-title">
      <h1 id="today-title" className="desk-page__title">
        {t("today.title")}
      </h1>
      <p className="desk-page__lead">{t("today.hello", { name: me.name })}</p>
      <Notice error={error} />
      {d && (
        <>
          <ul className="desk-figures">
            <Figure figure={d.waiting} label={t("today.waiting")} openList={openList} />
            <Figure figure={d.to_build} label={t("today.to_build")} openList={openList} />
            {d.stages
              .filter((s) => s.count > 0)
              .map((s) => (
                <Figure key={s.id} figure={s} label={s.name} openList={openList} />
              ))}
          </ul>
          {empty.length > 0 && (
            <details className="desk-figures__rest">
              <summary>{empty.length === d.stages.length ? t("today.stages_none") : t("today.stages_rest")}</summary>
              <ul className="desk-plain">
                {empty.map((s) => (
                  <li key={s.id}>{s.name}</li>
                ))}
              </ul>
            </details>
          )}
          <div className="desk-grid">
            <div className="card card--pad">
              <h2 className="desk-h2">{t("today.revenue")}</h2>
              {d.revenue.length === 0 ? (
                <p>{t("today.revenue_none")}</p>
              ) : (
                <ul className="desk-plain">
                  {d.revenue.map((r) => (
                    <li key={r.currency}>
                      <strong>{formatMoney(locale, r.week, r.currency)}</strong> / {formatMoney(locale, r.month, r.currency)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div className="card card--pad">
              <h2 className="desk-h2">{t("today.outbox")}</h2>
              <p>
                {d.outbox.queued === 0 || !d.outbox.oldest
                  ? t("today.outbox_ok")
                  : t("today.outbox_waiting", { count: d.outbox.queued, time: formatInstant(locale, d.outbox.oldest) })}
              </p>
            </div>
          </div>
          {d.ksef.length > 0 && (
            <div className="card card--pad desk-today-ksef">
              <h2 className="desk-h2">{t("today.ksef")}</h2>
              <ul className="desk-plain">
                {d.ksef.map((k) => (
                  <li key={k.number}>
                    <a
                      href={`/admin/orders/${k.order_id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        openOrder(k.order_id);
                      }}
                    >
                      {k.state === "refused"
                        ? t("today.ksef_refused", { number: k.number })
                        : t("today.ksef_waiting", { number: k.number, time: k.since ? formatInstant(locale, k.since) : "" })}
                    </a>
                  </li>
                ))}
              </ul>
              <p className="desk-muted">{t("today.ksef_hint")}</p>
            </div>
          )}
          <div className={`card card--pad desk-switch${d.open ? "" : " is-paused"}`}>
            <p className="desk-switch__state">{d.open ? t("today.open") : t("today.paused")}</p>
            {!d.open && d.reopens && (
              <p className="desk-switch__reopens">{t("today.reopens", { date: formatDate(locale, new Date(`${d.reopens}T12:00:00Z`)) })}</p>
            )}
            {d.open && (
              <div className="form-field desk-switch__until">
                <label className="form-field__label" htmlFor={`${id}-reopens`}>
                  {t("today.until")}
                </label>
                <DateField
                  id={`${id}-reopens`}
                  t={t}
                  locale={locale}
                  years={[new Date().getFullYear(), new Date().getFullYear() + 2]}
                  value={reopens}
                  onChange={setReopens}
                  describedBy={`${id}-reopens-hint`}
                />
                <p id={`${id}-reopens-hint`} className="form-field__hint">
                  {t("today.until_hint")}
                </p>
              </div>
            )}
            <button className={d.open ? "btn btn--ghost" : "btn btn--primary"} type="button" disabled={busy} onClick={() => void toggle()}>
              {d.open ? t("today.pause") : t("today.resume")}
            </button>
          </div>
          <p className="desk-muted">{t("today.session", { time: formatInstant(locale, me.expires) })}</p>
        </>
      )}
    </section>
  );
}
