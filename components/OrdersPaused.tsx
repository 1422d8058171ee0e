// Paused orders (docs/product-rules.md#paused-orders: the button reads
// "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE" and a modal "Zamówienia wstrzymane"
// explains): the modal with the notify-me signup, the button that opens it,
// and the shop's run-time state. The owner pauses with `orderd shop pause`
// after the build, so every buy button (product page, creator, basket) starts
// from the build's flag and takes the daemon's word (GET /v1/shop) as soon as
// it has it.
import { useCallback, useEffect, useRef, useState } from "react";
import { useIslandId } from "./islandId";
import { api } from "./api";
import { formatDate } from "./dates";
import { readCart, restoreCart } from "./cart/store";
import type { Translate } from "./i18n";
import NotifyMe, { type NotifyMeProps } from "./islands/NotifyMe";

/** The footer's signup texts (notify.*, notify_form.*, forms.sending), for the footer and the modal. */
export function notifyMeProps(locale: string, t: Translate): NotifyMeProps {
  return {
    action: "/v1/subscribers",
    locale,
    label: t("notify.email_label"),
    placeholder: t("notify.email_placeholder"),
    submit: t("notify.submit"),
    sending: t("forms.sending"),
    done: t("notify_form.done"),
    doneText: t("notify_form.done_text"),
    error: t("notify_form.error"),
    invalidEmail: t("notify_form.invalid_email"),
  };
}

let shop: Promise<{ open: boolean; reopens: string } | null> | null = null;

function askShop(locale: string) {
  shop ??= api<{ orders_open: boolean; reopens?: string }>("GET", `/v1/shop?locale=${encodeURIComponent(locale)}`).then((r) =>
    r.ok && typeof r.data.orders_open === "boolean" ? { open: r.data.orders_open, reopens: r.data.reopens ?? "" } : null,
  );
  return shop;
}

/**
 * Whether the daemon takes orders now (GET /v1/shop, asked once per page);
 * null when it cannot be asked (offline): the caller keeps the build's flag,
 * and the basket's quote and the order's 409 still have the last word.
 */
export function daemonOrdersOpen(locale: string): Promise<boolean | null> {
  return askShop(locale).then((v) => (v ? v.open : null));
}

/** The day a paused shop takes orders again ("YYYY-MM-DD"), when the owner named one; "" otherwise. */
export function daemonReopens(locale: string): Promise<string> {
  return askShop(locale).then((v) => (v && !v.open ? v.reopens : ""));
}

/** The buy button's view of the shop: open or not, and whether the daemon has said so yet. */
export interface OrdersState {
  open: boolean;
  answered: boolean;
  check: () => Promise<boolean>;
}

/**
 * The buy button's state: open from the build's flag until the daemon
 * answers (asked at once: the island is hydrated because somebody reached
 * for it, or it is the page). check() waits for that answer.
 */
export function useOrdersOpen(locale: string, buildOpen: boolean): OrdersState {
  const [state, setState] = useState({ open: buildOpen, answered: false });
  useEffect(() => {
    let live = true;
    void daemonOrdersOpen(locale).then((v) => {
      if (live && v !== null) setState({ open: v, answered: true });
    });
    return () => {
      live = false;
    };
  }, [locale]);
  const check = useCallback(async () => {
    const v = await daemonOrdersOpen(locale);
    const now = v ?? buildOpen;
    setState({ open: now, answered: v !== null });
    return now;
  }, [locale, buildOpen]);
  return { ...state, check };
}

/**
 * A buy button's change of the cart. It is stored at once, before anything
 * is awaited, so a shopper who leaves the page right after the click keeps
 * the item; when the daemon's word on paused orders is not in yet, it is
 * awaited, and a paused shop gets the cart back as it was. Returns whether
 * the change stands (false: show the paused modal).
 */
export async function changeCartUnlessPaused(orders: OrdersState, change: () => void): Promise<boolean> {
  if (!orders.open) return false;
  const before = readCart();
  change();
  if (orders.answered || (await orders.check())) return true;
  restoreCart(before);
  return false;
}

export interface PausedDialogProps {
  open: boolean;
  title: string;
  text: string;
  /** The page's locale, for the day orders open again. */
  locale: string;
  /** The sentence naming that day (orders.paused_reopens with {date}). */
  reopens: (date: string) => string;
  close: string;
  onClose: () => void;
  /** The notify-me signup, so "leave your e-mail below" has a field below. */
  notify: NotifyMeProps;
}

/**
 * "Zamówienia wstrzymane": a native <dialog> opened with showModal() (focus
 * moves in and is kept there, Escape closes it, the page behind is inert)
 * holding the footer's signup form.
 */
export function PausedDialog({ open, title, text, locale, reopens, close, onClose, notify }: PausedDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useIslandId();
  const [day, setDay] = useState("");
  useEffect(() => {
    if (open) void daemonReopens(locale).then(setDay);
  }, [open, locale]);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={onClose}>
      <h2 id={`${id}-title`} className="modal__title">
        {title}
      </h2>
      <p id={`${id}-text`} className="modal__text">
        {text}
      </p>
      {/^\d{4}-\d{2}-\d{2}$/.test(day) && <p className="modal__text modal__reopens">{reopens(formatDate(locale, new Date(`${day}T12:00:00Z`)))}</p>}
      {/* Mounted while open: a second opening starts with an empty form. */}
      {open && (
        <div className="modal__notify">
          <NotifyMe {...notify} />
        </div>
      )}
      <form method="dialog" className="modal__actions">
        <button className="btn btn--ghost" type="submit">
          {close}
        </button>
      </form>
    </dialog>
  );
}

/** The paused buy button: the spec's text; a press opens the modal. */
export function PausedButton({ t, onClick }: { t: Translate; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--primary btn--lg btn--block btn--paused" onClick={onClick} aria-haspopup="dialog">
      {t("orders.paused_button")}
    </button>
  );
}
