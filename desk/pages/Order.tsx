import { useState } from "react";
import { type DeskOrder } from "../api";
import { formatInstant } from "../../components/dates";
import { formatMoney } from "../../components/money";
import { Actions, NextCard, ShipByHand, StageForm, nextStep } from "./Actions";
import { carrierOf } from "../carriers";
import { statusText } from "../status";
import { Shipment } from "./Shipment";
import { Mails } from "./Mails";
import { OrderNotes } from "./OrderNotes";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";
import { Notice } from "../Notice";
import { mailtoHref } from "../mailto";
import { eventText, methodName, providerName } from "../timeline";
import { DocumentCard, useFollowKSeF, waitsForKSeF } from "./Documents";
import { BuildRows, Rows } from "./BuildRows";

/** One order: what to build, for whom, where it stands; its stage is set here. */
export function Order({ t, locale, id, back, print }: { t: Translate; locale: string; id: number; back: () => void; print: (what: "sheet" | "slip") => void }) {
  const { data: o, set: setO, error, setError, reload } = useResource<DeskOrder>(`orders/${id}`, t);
  const followKSeF = useFollowKSeF(waitsForKSeF(o?.documents), reload);
  // The page's one status line: the last action done, which stays when
  // its card folds or goes (the next step moves on).
  const [said, setSaid] = useState("");
  const [copied, setCopied] = useState("");

  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      /* no clipboard (an old browser, no permission): the text is on screen to select */
    }
  };

  const money = (v: number, c = o?.currency ?? "EUR") => formatMoney(locale, v, c);
  const reply = o ? mailtoHref(o.customer.email) : null;
  // A payment's or a refund's state in words; one the texts do not know shows as its code.
  const state = (code: string) => (t(`states.${code}`) === `states.${code}` ? code : t(`states.${code}`));
  const next = o ? nextStep(o) : null;
  // The parcel as sent: its carrier (the connected one, or the one whose
  // tracking page the link is) and number, linked to the carrier's page.
  const sentWith = o?.tracking ? ((o.shipment?.tracking === o.tracking ? o.shipping.carrier : undefined) ?? carrierOf(o.tracking_url ?? "")?.name) : undefined;
  const parcel = o?.tracking ? t("order.sent_with", { carrier: sentWith ?? "", number: o.tracking }).replace(/\s+/g, " ").trim() : "";
  return (
    <section className="desk-page" aria-labelledby="order-title">
      <a
        className="desk-back"
        href="/admin/orders"
        onClick={(e) => {
          e.preventDefault();
          back();
        }}
      >
        ← {t("orders.back")}
      </a>
      <Notice error={error} />
      {o && (
        <>
          <h1 id="order-title" className="desk-page__title">
            {t("order.title", { number: o.id })}
          </h1>
          <p className="desk-page__lead">
            <span className={`status-badge status-badge--${o.status}`}>{statusText(t, o)}</span>{" "}
            {t("order.placed", { date: formatInstant(locale, o.created) })} · <strong>{money(o.totals.total)}</strong>
            {parcel && (
              <span className="desk-lead-tracking">
                {" · "}
                {o.tracking_url ? (
                  <a href={o.tracking_url} target="_blank" rel="noopener noreferrer">
                    {parcel}
                  </a>
                ) : (
                  parcel
                )}
              </span>
            )}
          </p>

          <p className="desk-print-links">
            {(["sheet", "slip"] as const).map((what) => (
              <a
                key={what}
                className="btn btn--ghost btn--sm"
                href={`/admin/orders/${o.id}/${what}`}
                onClick={(e) => {
                  e.preventDefault();
                  print(what);
                }}
              >
                {t(`print.${what}_button`)}
              </a>
            ))}
          </p>

          {o.withdrawal && (
            <div className="notice notice--warn desk-withdrawal" role="note">
              <h2 className="desk-h2">{t("withdrawal.title")}</h2>
              <p>
                {t("withdrawal.received", { date: formatInstant(locale, o.withdrawal.at), name: o.withdrawal.name, email: o.withdrawal.email })}
              </p>
              <p>{t("withdrawal.next")}</p>
            </div>
          )}

          {said && (
            <p className="desk-saved desk-said" role="status">
              {said}
            </p>
          )}
          {next === "stage" && (
            <NextCard t={t} what="stage">
              <StageForm t={t} o={o} onChanged={setO} onDone={setSaid} />
            </NextCard>
          )}
          {next === "ship" && (
            <NextCard t={t} what="ship">
              <Shipment t={t} o={o} onChanged={setO} onDone={setSaid} inCard />
              <ShipByHand
                t={t}
                o={o}
                onChanged={setO}
                onDone={setSaid}
                open={!o.shipment || o.shipment.status === "cancelled" || o.shipment.status === "failed" ? !o.shipping.carrier : false}
              />
            </NextCard>
          )}
          {o.status !== "paid" && o.shipment && <Shipment t={t} o={o} onChanged={setO} onDone={setSaid} />}
          <Actions t={t} locale={locale} o={o} onChanged={setO} onDone={setSaid} />
          {next === "stage" && <Shipment t={t} o={o} onChanged={setO} onDone={setSaid} />}

          <div className="desk-grid">
            <div className="card card--pad">
              <h2 className="desk-h2">{t("order.customer")}</h2>
              <address className="desk-address">
                {o.customer.first_name} {o.customer.last_name}
                <br />
                {o.customer.street}
                <br />
                {o.customer.zip} {o.customer.city}, {o.customer.country.toUpperCase()}
              </address>
              {o.customer.company && (
                <p className="desk-company">
                  <strong>{t("order.invoice_for")}</strong> {o.customer.company}
                  <br />
                  {t("order.vat_id", { id: o.customer.vat_id ?? "" })}
                </p>
              )}
              <p className="desk-copyrow">
                {reply ? (
                  <a href={reply}>{o.customer.email}</a>
                ) : (
                  <span>{o.customer.email}</span>
                )}
                <button className="btn btn--ghost btn--sm" type="button" onClick={() => void copy("email", o.customer.email)}>
                  {copied === "email" ? t("order.copied") : t("order.copy")}
                </button>
              </p>
              {o.customer.phone && (
                <p className="desk-copyrow">
                  <a href={`tel:${o.customer.phone.replace(/[^+0-9]/g, "")}`}>{o.customer.phone}</a>
                  <button className="btn btn--ghost btn--sm" type="button" onClick={() => void copy("phone", o.customer.phone)}>
                    {copied === "phone" ? t("order.copied") : t("order.copy")}
                  </button>
                </p>
              )}
              <button
                className="btn btn--ghost btn--sm"
                type="button"
                onClick={() =>
                  void copy(
                    "address",
                    `${o.customer.first_name} ${o.customer.last_name}\n${o.customer.street}\n${o.customer.zip} ${o.customer.city}\n${o.customer.country.toUpperCase()}`,
                  )
                }
              >
                {copied === "address" ? t("order.copied") : `${t("order.copy")}: ${t("order.customer")}`}
              </button>
              <p>
                <a href={o.status_url} target="_blank" rel="noopener noreferrer">
                  {t("order.shopper_page")}
                </a>
              </p>
              <p className="desk-terms-version">
                {o.terms_version ? t("withdrawal.terms_version", { version: o.terms_version }) : t("withdrawal.terms_version_none")}
              </p>
            </div>

            <div className="card card--pad desk-order-documents">
              <h2 className="desk-h2">{t("documents.order_title")}</h2>
              {o.documents.length === 0 ? (
                <p>{t("documents.order_none")}</p>
              ) : (
                <ul className="desk-orders">
                  {o.documents.map((d) => (
                    <li key={d.number}>
                      <DocumentCard
                        t={t}
                        locale={locale}
                        d={d}
                        onRetried={(n) => {
                          setO({ ...o, documents: o.documents.map((x) => (x.number === n.number ? n : x)) });
                          followKSeF();
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>

            {o.stages.length > 0 && (
              <div className="card card--pad">
                <h2 className="desk-h2">{t("order.stages")}</h2>
                <ol className="desk-stages">
                  {o.stages.map((s) => (
                    <li key={s.id} className={s.reached ? "is-done" : ""}>
                      <strong>{s.name}</strong> {s.reached ? formatInstant(locale, s.reached) : t("order.not_yet")}
                    </li>
                  ))}
                </ol>
                {next !== "stage" && <p className="desk-stage-emails">{o.stage_emails ? t("stage_emails.on") : t("stage_emails.off")}</p>}
              </div>
            )}
          </div>

          <OrderNotes t={t} locale={locale} o={o} onChanged={setO} />

          <div className="card card--pad">
            <h2 className="desk-h2">{t("order.lines")}</h2>
            <ul className="desk-lines">
              {o.lines.map((l, i) => (
                <li key={i}>
                  <strong>
                    {l.quantity} × {l.name}
                  </strong>{" "}
                  · {money(l.total)}
                  {l.variant && <Rows t={t} rows={[l.variant]} />}
                  {l.build && <BuildRows t={t} build={l.build} />}
                </li>
              ))}
            </ul>
            <p className="desk-total">
              {t("order.totals")}: <strong>{money(o.totals.total)}</strong>
            </p>
          </div>

          <div className="desk-grid">
            <div className="card card--pad">
              <h2 className="desk-h2">{t("order.payments")}</h2>
              {o.attempts.length === 0 ? (
                <p>{t("order.none")}</p>
              ) : (
                <ul className="desk-plain">
                  {o.attempts.map((a, i) => (
                    <li key={i}>
                      {providerName(t, a.provider)} ({methodName(t, a.method)}): {state(a.state)}, {money(a.amount, a.currency)}, {formatInstant(locale, a.started)}
                    </li>
                  ))}
                </ul>
              )}
              {o.refunds.length > 0 && (
                <>
                  <h3 className="desk-h3">{t("order.refunds")}</h3>
                  <ul className="desk-plain">
                    {o.refunds.map((r) => (
                      <li key={r.id}>
                        {state(r.state)}: {money(r.amount, r.currency)} ({providerName(t, r.provider)}){r.reason ? `: ${r.reason}` : ""}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
            <div className="card card--pad">
              <h2 className="desk-h2">{t("order.timeline")}</h2>
              <ol className="desk-plain">
                {o.timeline.map((e, i) => (
                  <li key={i}>
                    {formatInstant(locale, e.at)}: {eventText(t, locale, e, o.stages)}
                  </li>
                ))}
              </ol>
            </div>
          </div>

          <Mails t={t} locale={locale} o={o} onChanged={setO} />
        </>
      )}
    </section>
  );
}

