import { useRef, useState } from "react";
import { call, type DeskOrder, type DeskShipping } from "../api";
import type { Translate } from "../i18n";
import { Confirm, customerName, type Ask } from "./Confirm";

/**
 * The order's parcel (docs/shipping.md#labels-from-the-desk): where it
 * goes (the shopper's locker, or the courier to the address), and with a
 * connected carrier the shipment: create it, print its label (A6 on the
 * phone or a label printer, A4 at a desk), mark the order sent with its
 * tracking number, cancel it. Marking it sent (the customer's e-mail)
 * and cancelling it with the carrier ask first, in the card, saying what
 * happens. The carrier's answers come back as the order, or as a message
 * in the owner's language. Inside the next step's card (inCard) it is a
 * part of that card, under a smaller heading.
 */
export function Shipment({ t, o, onChanged, onDone, inCard = false }: {
  t: Translate;
  o: DeskOrder;
  onChanged: (o: DeskOrder) => void;
  onDone: (said: string) => void;
  inCard?: boolean;
}) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState("");
  const [ask, setAsk] = useState<{ what: "send" | "cancel"; ask: Ask } | null>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [autoSent, setAutoSent] = useState(o.shipping.auto_sent);
  const d = o.delivery;
  const s = o.shipment && o.shipment.status !== "cancelled" && o.shipment.status !== "failed" ? o.shipment : undefined;
  const carrier = o.shipping.carrier ?? "";
  if (!d.point && !carrier && !s) return null;

  const act = async (what: string, path: string, method: "GET" | "POST" = "POST"): Promise<boolean> => {
    setBusy(what);
    setError("");
    onDone("");
    const res = await call<DeskOrder>(method, path, method === "POST" ? {} : undefined);
    setBusy("");
    setAsk(null);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return false;
    }
    onChanged(res.data);
    if (what === "send" || what === "cancel") onDone(t("actions.done"));
    return true;
  };
  const toggleAuto = async (on: boolean) => {
    setAutoSent(on);
    const res = await call<DeskShipping>("POST", "shipping/auto-sent", { on });
    if (!res.ok) {
      setAutoSent(!on);
      setError(res.message || t("offline"));
    }
  };
  const size = d.size ? t("shipment.size", { size: t(`shipment.size_${d.size}`) }) : "";
  const label = (format: "A6" | "A4") => `/admin/api/orders/${o.id}/label?format=${format}`;

  return (
    <div className={inCard ? "desk-shipment" : "card card--pad desk-shipment"} aria-busy={busy !== "" || undefined}>
      {inCard ? <h3 className="desk-h3">{t("shipment.title")}</h3> : <h2 className="desk-h2">{t("shipment.title")}</h2>}
      {d.point ? (
        <p className="desk-shipment__where">
          <strong>{t("shipment.method_locker", { carrier: carrier || "InPost", code: d.point.code })}</strong>
          <br />
          {d.point.street} {d.point.building}, {d.point.zip} {d.point.city}
          {d.point.description && (
            <>
              <br />
              <span className="desk-muted">{d.point.description}</span>
            </>
          )}
          {size && (
            <>
              <br />
              {size}
            </>
          )}
        </p>
      ) : (
        <p className="desk-shipment__where">
          <strong>{t("shipment.method_courier")}</strong>
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {!carrier && !s && o.status === "paid" && <p className="desk-muted">{t("shipment.hand")}</p>}
      {o.shipping.create && (
        <div className="desk-shipment__create">
          <button className="btn btn--primary" type="button" disabled={busy !== ""} onClick={() => void act("create", `orders/${o.id}/shipment`)}>
            {busy === "create" ? t("shipment.creating") : t("shipment.create", { carrier })}
          </button>
          <p className="form-field__hint">{t("shipment.create_hint")}</p>
        </div>
      )}
      {s && (
        <>
          <p role="status">{t("shipment.status", { status: t(`shipment.statuses.${s.status}`) })}</p>
          {s.status === "created" || !s.tracking ? (
            <p>
              {t("shipment.waiting")}{" "}
              <button className="btn btn--ghost btn--sm" type="button" disabled={busy !== ""} onClick={() => void act("refresh", `orders/${o.id}`, "GET")}>
                {t("shipment.refresh")}
              </button>
            </p>
          ) : (
            <>
              <p className="desk-shipment__tracking">
                <strong>{t("shipment.tracking", { number: s.tracking })}</strong>
                {s.tracking_url && (
                  <>
                    {" "}
                    <a href={s.tracking_url} target="_blank" rel="noopener noreferrer">
                      {t("shipment.track")}
                    </a>
                  </>
                )}
              </p>
              <p className="desk-shipment__labels">
                <a className="btn btn--primary" href={label("A6")} target="_blank" rel="noopener">
                  {t("shipment.label_a6")}
                </a>
                <a className="btn btn--ghost" href={label("A4")} target="_blank" rel="noopener">
                  {t("shipment.label_a4")}
                </a>
              </p>
              {o.status === "paid" && ask?.what !== "send" && (
                <div className="desk-shipment__send">
                  <button
                    ref={sendButton}
                    className="btn btn--primary"
                    type="button"
                    disabled={busy !== ""}
                    onClick={() =>
                      setAsk({
                        what: "send",
                        ask: {
                          question: t("confirm.send_q_carrier", { number: s.tracking ?? "", carrier: carrier || s.carrier }),
                          details: [t("confirm.send_mail", { name: customerName(o), email: o.customer.email })],
                          yes: t("confirm.send_yes"),
                          run: () => act("send", `orders/${o.id}/shipment/send`),
                        },
                      })
                    }
                  >
                    {t("shipment.send")}
                  </button>
                  <p className="form-field__hint">{t("shipment.send_hint")}</p>
                </div>
              )}
              {ask?.what === "send" && <Confirm t={t} ask={ask.ask} busy={busy !== ""} onBack={() => setAsk(null)} back={() => sendButton.current} />}
            </>
          )}
          {(s.status === "created" || s.status === "confirmed") && ask?.what !== "cancel" && (
            <button
              ref={cancelButton}
              className="btn btn--ghost btn--sm desk-shipment__cancel"
              type="button"
              disabled={busy !== ""}
              onClick={() =>
                setAsk({
                  what: "cancel",
                  ask: {
                    question: t("shipment.cancel_confirm", { number: s.tracking || s.id }),
                    details: [t("confirm.parcel_no_mail")],
                    yes: t("confirm.parcel_yes"),
                    run: () => act("cancel", `orders/${o.id}/shipment/cancel`),
                  },
                })
              }
            >
              {t("shipment.cancel")}
            </button>
          )}
          {ask?.what === "cancel" && <Confirm t={t} ask={ask.ask} busy={busy !== ""} onBack={() => setAsk(null)} back={() => cancelButton.current} />}
        </>
      )}
      {carrier && (
        <label className="checkbox desk-shipment__auto">
          <input type="checkbox" checked={autoSent} onChange={(e) => void toggleAuto(e.target.checked)} />
          <span>{t("shipment.auto_sent")}</span>
        </label>
      )}
    </div>
  );
}
