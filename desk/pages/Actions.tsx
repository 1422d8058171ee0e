import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { call, type DeskOrder } from "../api";
import { CARRIERS, carrierOf, parseAmount, trackingLink } from "../carriers";
import { formatMoney } from "../../components/money";
import type { Translate } from "../i18n";
import { Confirm, customerName, useOrderAction } from "./Confirm";

/**
 * What the order's next step is (docs/decisions/desk.md#the-next-step-follows-the-order): while a
 * paid order is being built, the next production stage; once its last
 * stage is reached (or the catalogue has none), sending it. Other states
 * have no next step of the owner's: the cancel and refund wait folded.
 */
export function nextStep(o: DeskOrder): "stage" | "ship" | null {
  if (o.status !== "paid") return null;
  const last = o.stages[o.stages.length - 1];
  return last && !last.reached ? "stage" : "ship";
}

/** The card of the next step: its title says which one. */
export function NextCard({ t, what, children }: { t: Translate; what: "stage" | "ship"; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card card--pad desk-next" aria-labelledby={id}>
      <h2 id={id} className="desk-h2">
        {t(`actions.next_${what}`)}
      </h2>
      {children}
    </section>
  );
}

/**
 * The production stage form of a paid order, with the next stage not yet
 * reached chosen: each tap of "Set stage" moves the build on by one.
 */
export function StageForm({ t, o, onChanged, onDone }: { t: Translate; o: DeskOrder; onChanged: (o: DeskOrder) => void; onDone: (said: string) => void }) {
  const id = useId();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const next = o.stages.find((s) => !s.reached) ?? o.stages[o.stages.length - 1];
  const current = o.stages.find((s) => s.id === o.stage);
  const setStage = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onDone("");
    setBusy(true);
    const res = await call<DeskOrder>("POST", `orders/${o.id}/stage`, { stage: new FormData(e.currentTarget).get("stage") });
    setBusy(false);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setError("");
    onChanged(res.data);
    onDone(t("order.stage_done"));
  };
  return (
    <form className="desk-stage-form" onSubmit={(e) => void setStage(e)} aria-busy={busy || undefined}>
      <p className="desk-stage-now">{current ? t("order.stage_now", { stage: current.name }) : t("order.stage_none")}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <label className="form-field__label" htmlFor={`${id}-stage`}>
        {t("order.stage_choose")}
      </label>
      {/* keyed by the next stage: after each one set, the following is chosen */}
      <select key={next?.id} id={`${id}-stage`} className="input" name="stage" defaultValue={next?.id}>
        {o.stages.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <button className="btn btn--primary" type="submit" disabled={busy}>
        {t("order.stage_set")}
      </button>
      {/* whether setting it writes to the customer, before it is set */}
      <p className="desk-stage-emails form-field__hint">{o.stage_emails ? t("stage_emails.on") : t("stage_emails.off")}</p>
    </form>
  );
}

/**
 * A folded form of the order's actions: open or closed by the owner, and
 * closed with its fields emptied once its action is done.
 */
function useFold(initial: boolean) {
  const [open, setOpen] = useState(initial);
  const form = useRef<HTMLFormElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const summary = useRef<HTMLElement>(null);
  const close = () => {
    form.current?.reset();
    setOpen(false);
    summary.current?.focus(); // the button that was pressed is gone
  };
  return { open, setOpen, form, submit, summary, close };
}

/**
 * Sending by hand: the carrier and the tracking number typed, then asked:
 * the shopper gets the e-mail with the number (orders.Service.Send).
 */
export function ShipByHand({ t, o, onChanged, onDone, open: initial }: {
  t: Translate;
  o: DeskOrder;
  onChanged: (o: DeskOrder) => void;
  onDone: (said: string) => void;
  open: boolean;
}) {
  const id = useId();
  const a = useOrderAction(t, o, onChanged, onDone);
  const fold = useFold(initial);
  const [carrier, setCarrier] = useState(CARRIERS[0]!.id);
  const ship = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const number = String(f.get("tracking") ?? "").trim();
    const url = carrier === "other" ? String(f.get("url") ?? "").trim() : trackingLink(carrier, number);
    const name = CARRIERS.find((c) => c.id === carrier)?.name ?? carrierOf(url)?.name ?? "";
    a.setAsk({
      question: name ? t("confirm.send_q_carrier", { number, carrier: name }) : t("confirm.send_q", { number }),
      details: [t("confirm.send_mail", { name: customerName(o), email: o.customer.email })],
      yes: t("confirm.send_yes"),
      run: async () => {
        const ok = await a.post("send", { tracking: number, url });
        if (ok) fold.close();
        return ok;
      },
    });
  };
  return (
    <div className="desk-ship-hand" aria-busy={a.busy || undefined}>
      <Failed error={a.error} />
      <details className="desk-action" open={fold.open} onToggle={(e) => fold.setOpen(e.currentTarget.open)}>
        <summary ref={fold.summary}>{t("actions.ship")}</summary>
        <form ref={fold.form} onSubmit={ship} hidden={a.ask !== null}>
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
          <button ref={fold.submit} className="btn btn--primary" type="submit" disabled={a.busy}>
            {t("actions.ship_button")}
          </button>
        </form>
        {a.ask && <Confirm t={t} ask={a.ask} busy={a.busy} onBack={() => a.setAsk(null)} back={() => fold.submit.current} />}
      </details>
    </div>
  );
}

/** Why the card's last action failed. */
function Failed({ error }: { error: string }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * The actions that are not the next step, folded: a refund through the
 * provider (while the desk says money is left: deskOrder.refundable),
 * cancelling (not yet sent), and sending by hand while the order is
 * still being built. Each one asks first, naming the amount, the
 * customer and the e-mail that goes out; its form keeps what was typed
 * when the desk says no, and closes emptied when it is done.
 */
export function Actions({ t, locale, o, onChanged, onDone }: {
  t: Translate;
  locale: string;
  o: DeskOrder;
  onChanged: (o: DeskOrder) => void;
  onDone: (said: string) => void;
}) {
  const id = useId();
  const a = useOrderAction(t, o, onChanged, onDone);
  const refundFold = useFold(false);
  const cancelFold = useFold(false);
  const refundKey = useRef(`${o.id}-${Date.now().toString(36)}`);
  const [which, setWhich] = useState<"refund" | "cancel">("refund"); // the form a.ask is about

  const r = o.refundable;
  const canCancel = o.status === "placed" || o.status === "payment_pending" || o.status === "paid";
  const shipHere = nextStep(o) === "stage"; // sending early, before the last stage
  if (!r && !canCancel && !shipHere) return null;
  const name = customerName(o);

  const refund = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!r) return;
    const f = new FormData(e.currentTarget);
    const text = String(f.get("amount") ?? "").trim();
    const typed = text === "" ? 0 : parseAmount(text);
    const money = (v: number) => formatMoney(locale, v, r.currency);
    if (typed === null || typed > r.amount) {
      a.setError(typed === null ? t("actions.amount", { currency: r.currency }) : t("confirm.refund_max", { amount: money(r.amount) }));
      return;
    }
    // The amount asked is the one typed, or what the desk says is left
    // (the daemon refunds that for 0 and checks a typed one again).
    const amount = typed || r.amount;
    const reason = String(f.get("reason") ?? "");
    const all = amount === r.amount;
    a.setError("");
    setWhich("refund");
    a.setAsk({
      question: t("confirm.refund_q", { amount: money(amount), provider: r.provider }),
      details: [
        t(refundMail(o), { name, email: o.customer.email }),
        ...(all && o.status === "paid" ? [t("confirm.refund_cancels", { number: o.id })] : []),
      ],
      yes: t("confirm.refund_yes", { amount: money(amount) }),
      run: async () => {
        const ok = await a.post("refund", { amount: typed, reason, key: refundKey.current });
        refundKey.current = `${o.id}-${Date.now().toString(36)}`; // the next refund is another one
        if (ok) refundFold.close();
        return ok;
      },
    });
  };
  const cancel = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const reason = String(f.get("reason") ?? "").trim();
    const note = String(f.get("refund_note") ?? "").trim();
    const parcel = o.shipment && o.shipment.status !== "cancelled" && o.shipment.status !== "failed" ? o.shipment : undefined;
    a.setError("");
    setWhich("cancel");
    a.setAsk({
      question: t("confirm.cancel_q", { number: o.id }),
      details: [
        t("confirm.cancel_mail", { name, email: o.customer.email, reason }),
        ...(o.status === "paid" ? [t("confirm.cancel_paid", { amount: formatMoney(locale, r?.amount ?? o.totals.total, r?.currency ?? o.currency) })] : []),
        ...(parcel ? [t("confirm.cancel_parcel", { number: parcel.tracking || parcel.id })] : []),
      ],
      yes: t("confirm.cancel_yes"),
      run: async () => {
        const ok = await a.post("cancel", { reason, refund_note: note });
        if (ok) cancelFold.close();
        return ok;
      },
    });
  };
  const back = () => a.setAsk(null);

  return (
    <section className="card card--pad desk-actions desk-others" aria-labelledby={`${id}-title`} aria-busy={a.busy || undefined}>
      <h2 id={`${id}-title`} className="desk-h2">
        {t("actions.more")}
      </h2>
      <Failed error={a.error} />
      {shipHere && <ShipByHand t={t} o={o} onChanged={onChanged} onDone={onDone} open={false} />}
      {r && (
        <details className="desk-action" open={refundFold.open} onToggle={(e) => refundFold.setOpen(e.currentTarget.open)}>
          <summary ref={refundFold.summary}>{t("actions.refund")}</summary>
          <form ref={refundFold.form} onSubmit={refund} hidden={a.ask !== null && which === "refund"}>
            <p className="desk-muted">{t("confirm.refund_left", { amount: formatMoney(locale, r.amount, r.currency), provider: r.provider })}</p>
            <label className="form-field__label" htmlFor={`${id}-amount`}>
              {t("actions.amount", { currency: r.currency })}
            </label>
            <input id={`${id}-amount`} className="input" name="amount" inputMode="decimal" autoComplete="off" />
            <label className="form-field__label" htmlFor={`${id}-rreason`}>
              {t("actions.refund_reason")}
            </label>
            <input id={`${id}-rreason`} className="input" name="reason" />
            <button ref={refundFold.submit} className="btn btn--primary" type="submit" disabled={a.busy}>
              {t("actions.refund_button")}
            </button>
          </form>
          {a.ask && which === "refund" && <Confirm t={t} ask={a.ask} busy={a.busy} onBack={back} back={() => refundFold.submit.current} />}
        </details>
      )}
      {canCancel && (
        <details className="desk-action" open={cancelFold.open} onToggle={(e) => cancelFold.setOpen(e.currentTarget.open)}>
          <summary ref={cancelFold.summary}>{t("actions.cancel")}</summary>
          <form ref={cancelFold.form} onSubmit={cancel} hidden={a.ask !== null && which === "cancel"}>
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
            <button ref={cancelFold.submit} className="btn btn--ghost" type="submit" disabled={a.busy}>
              {t("actions.cancel_button")}
            </button>
          </form>
          {a.ask && which === "cancel" && <Confirm t={t} ask={a.ask} busy={a.busy} onBack={back} back={() => cancelFold.submit.current} />}
        </details>
      )}
    </section>
  );
}

/** What the refund e-mail carries, as the daemon will issue it (orders.RefundCorrection). */
function refundMail(o: DeskOrder): string {
  const r = o.refundable;
  if (!r?.corrects) return "confirm.refund_mail";
  if (r.corrects === "receipt_correction") return "confirm.refund_mail_receipt";
  return r.ksef ? "confirm.refund_mail_ksef" : "confirm.refund_mail_invoice";
}
