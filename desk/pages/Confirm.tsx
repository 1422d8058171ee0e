import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { call, type DeskOrder } from "../api";
import type { Translate } from "../i18n";

/**
 * What an action that moves money or writes to the customer asks before
 * it runs: what will happen, to whom, which e-mail goes out, in the
 * owner's words, with the button naming the act (docs/decisions/desk.md#money-and-e-mails-are-asked-first-in-the-card).
 */
export interface Ask {
  /** The question: "Refund 1,518.00 zł through Przelewy24?" */
  question: string;
  /** What follows: the customer and the e-mail they get; each one a sentence. */
  details: string[];
  /** The button that does it: "Yes, refund 1,518.00 zł". */
  yes: string;
  /** Runs the act; true when it was done (the form then closes). */
  run: () => Promise<boolean>;
}

/**
 * The in-page confirmation: an alertdialog in the card (not a modal, not
 * window.confirm, which a phone shows without the page's words and which
 * tests cannot read), focused when it appears so a screen reader says
 * the question and a keyboard is on its buttons; "Back" gives the focus
 * to back (the form's submit button) and changes nothing.
 */
export function Confirm({ t, ask, busy, onBack, back }: { t: Translate; ask: Ask; busy: boolean; onBack: () => void; back: () => HTMLElement | null }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // The form (or button) comes back in this render, then takes the focus.
  const goBack = () => {
    flushSync(onBack);
    back()?.focus();
  };
  useEffect(() => {
    box.current?.focus();
  }, [ask]);
  return (
    <div
      ref={box}
      className="desk-confirm"
      role="alertdialog"
      aria-labelledby={`${id}-q`}
      aria-describedby={`${id}-d`}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !busy) {
          e.stopPropagation();
          goBack();
        }
      }}
    >
      <p id={`${id}-q`} className="desk-confirm__question">
        {ask.question}
      </p>
      <div id={`${id}-d`} className="desk-confirm__details">
        {ask.details.map((d) => (
          <p key={d}>{d}</p>
        ))}
      </div>
      <p className="desk-confirm__buttons">
        <button className="btn btn--primary" type="button" disabled={busy} onClick={() => void ask.run()}>
          {ask.yes}
        </button>
        <button
          className="btn btn--ghost"
          type="button"
          disabled={busy}
          onClick={goBack}
        >
          {t("confirm.back")}
        </button>
      </p>
    </div>
  );
}

/**
 * One card's actions on order o: the question being asked (ask), why the
 * last one failed (error), and post, which sends one and hands the order
 * as it is now to onChanged and the words saying it is done to onDone
 * (the page's one status line, which stays when the card goes).
 */
export function useOrderAction(t: Translate, o: DeskOrder, onChanged: (o: DeskOrder) => void, onDone: (said: string) => void) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [ask, setAsk] = useState<Ask | null>(null);
  const post = async (path: string, body: unknown): Promise<boolean> => {
    setBusy(true);
    setError("");
    onDone("");
    const res = await call<DeskOrder>("POST", `orders/${o.id}/${path}`, body);
    setBusy(false);
    setAsk(null);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return false;
    }
    onChanged(res.data);
    onDone(t("actions.done"));
    return true;
  };
  return { error, setError, busy, ask, setAsk, post };
}

/** The customer's name as the order has it (made inert by the desk), or their address. */
export function customerName(o: DeskOrder): string {
  return `${o.customer.first_name} ${o.customer.last_name}`.trim() || o.customer.email;
}
