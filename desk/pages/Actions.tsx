import { useId, useRef, useState, type FormEvent } from "react";
import { call, type DeskOrder } from "../api";
import { CARRIERS, parseAmount, trackingLink } from "../carriers";
import type { Translate } from "../i18n";

/**
 * What the owner can do next with an order: send it (paid), cancel it
 * (not yet sent), refund through the provider (paid, sent or cancelled
 * with a payment). Each form keeps what was typed when the desk says no.
 */
export function Actions({ t, o, onChanged }: { t: Translate; o: DeskOrder; onChanged: (o: DeskOrder) => void }) {
  const id = useId();
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const [carrier, setCarrier] = useState(CARRIERS[0]!.id);
  const refundKey = useRef(`${o.id}-${Date.now().toString(36)}`);

  const paidSome = o.attempts.some((a) => a.state === "paid");
  const canShip = o.status === "paid";
  const canCancel = o.status === "placed" || o.status === "payment_pending" || o.status === "paid";
  const canRefund = paidSome && (o.status === "paid" || o.status === "sent" || o.status === "cancelled");
  if (!canShip && !canCancel && !canRefund) return null;

  const send = async (path: string, body: unknown) => {
    setBusy(true);
    setError("");
    setDone("");
    const res = await call<DeskOrder>("POST", `orders/${o.id}/${path}`, body);
    setBusy(false);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setDone(t("actions.done"));
    onChanged(res.data);
  };

  const ship = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const number = String(f.get("tracking") ?? "");
    const url = carrier === "other" ? String(f.get("url") ?? "") : trackingLink(carrier, number);
    void send("send", { tracking: number, url });
  };
  const cancel = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    void send("cancel", { reason: f.get("reason"), refund_note: f.get("refund_note") ?? "" });
  };
  const refund = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = String(f.get("amount") ?? "").trim();
    const amount = text === "" ? 0 : parseAmount(text);
    if (amount === null) {
      setError(t("actions.amount", { currency: o.currency }));
      return;
    }
    void send("refund", { amount, reason: f.get("reason"), key: refundKey.current });
    refundKey.current = `${o.id}-${Date.now().toString(36)}`; // the next refund is another one
  };

  return (
    <div className="card card--pad desk-actions" aria-busy={busy || undefined}>
      <h2 className="desk-h2">{t("actions.title")}</h2>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="desk-saved" role="status">
          {done}
        </p>
      )}
      {canShip && (
        <details className="desk-action" open={!o.shipment || o.shipment.status === "cancelled" || o.shipment.status === "failed" ? !o.shipping.carrier : false}>
          <summary>{t("actions.ship")}</summary>
          <form onSubmit={ship}>
            <label className="form-field__label" htmlFor={`${id}-carrier`}>
              {t("actions.carrier")}
            </label>
            <select id={`${id}-carrier`} className="input" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
              {CARRIERS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              <option value="other">{t("actions.carrier_other")}</option>
            </select>
            <label className="form-field__label" htmlFor={`${id}-tracking`}>
              {t("actions.tracking")}
            </label>
            <input id={`${id}-tracking`} className="input" name="tracking" required autoComplete="off" spellCheck={false} />
            {carrier === "other" && (
              <>
                <label className="form-field__label" htmlFor={`${id}-url`}>
                  {t("actions.link")}
                </label>
                <input id={`${id}-url`} className="input" name="url" type="url" inputMode="url" />
              </>
            )}
            <button className="btn btn--primary" type="submit" disabled={busy}>
              {t("actions.ship_button")}
            </button>
          </form>
        </details>
      )}
      {canRefund && (
        <details className="desk-action">
          <summary>{t("actions.refund")}</summary>
          <form onSubmit={refund}>
            <label className="form-field__label" htmlFor={`${id}-amount`}>
              {t("actions.amount", { currency: o.currency })}
            </label>
            <input id={`${id}-amount`} className="input" name="amount" inputMode="decimal" autoComplete="off" />
            <label className="form-field__label" htmlFor={`${id}-rreason`}>
              {t("actions.refund_reason")}
            </label>
            <input id={`${id}-rreason`} className="input" name="reason" />
            <button className="btn btn--primary" type="submit" disabled={busy}>
              {t("actions.refund_button")}
            </button>
          </form>
        </details>
      )}
      {canCancel && (
        <details className="desk-action">
          <summary>{t("actions.cancel")}</summary>
          <form onSubmit={cancel}>
            <label className="form-field__label" htmlFor={`${id}-reason`}>
              {t("actions.reason")}
            </label>
            <input id={`${id}-reason`} className="input" name="reason" required />
            {o.status === "paid" && (
              <>
                <label className="form-field__label" htmlFor={`${id}-note`}>
                  {t("actions.refund_note")}
                </label>
                <input id={`${id}-note`} className="input" name="refund_note" required />
              </>
            )}
            <button className="btn btn--ghost" type="submit" disabled={busy}>
              {t("actions.cancel_button")}
            </button>
          </form>
        </details>
      )}
    </div>
  );
}
