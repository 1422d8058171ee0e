// The finalising step: the draft's fields and their problems, the discount
// code's field, the order (POST /v1/orders) with one idempotency key per
// attempt, and its outcomes: placed, paused (the modal), prices changed,
// fields refused, failed.
import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { api, atLeast, newAttemptKey } from "../api";
import { clearCart } from "../cart/store";
import { commerceItems, pushCommerceEvent } from "../events";
import { MIN_PENDING_MS } from "../forms";
import type { OrdersPaused, PlacedOrder, PricesChanged } from "../generated/api";
import type { Translate } from "../i18n";
import { showToastAfterNavigation } from "../toast";
import type { CheckoutFields, CodeField } from "./CheckoutForm";
import { clearDraft, type Draft } from "./draft";
import { apiItems } from "./quote";
import type { Placing } from "./Summary";
import type { Basket } from "./useBasket";
import type { DraftState } from "./useDraft";
import { validateDraft, CUSTOMER_FIELDS, INVOICE_FIELDS } from "./validate";

export interface CheckoutInput {
  locale: string;
  /** The build's flag; the daemon's quote and 409 have the last word. */
  ordersOpen: boolean;
  t: Translate;
  /** The island's id (useIslandId), which the fields' ids start with. */
  id: string;
}

export interface Checkout {
  form: CheckoutFields;
  /** Lockers the daemon refused since they were listed: the picker leaves them out. */
  closedPoints: readonly string[];
  code: CodeField;
  placing: Placing;
  placeOrder: (e?: FormEvent) => Promise<void>;
  toCheckout: () => void;
  toBasket: () => void;
  summaryRef: RefObject<HTMLDivElement | null>;
  /** Orders are paused (the build, the quote or the daemon's 409 says so). */
  paused: boolean;
  pausedTexts: { title: string; text: string };
  dialogOpen: boolean;
  closeDialog: () => void;
}

export function useCheckout(p: CheckoutInput, { draft, setDraft }: DraftState, basket: Basket): Checkout {
  const { t, id } = p;
  const { quote, quoteState } = basket;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [placing, setPlacing] = useState<Placing>({ kind: "idle" });
  const [pausedByDaemon, setPausedByDaemon] = useState<{ title: string; text: string } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusForm = useRef(false);
  /** Lockers the daemon refused as closed since the search listed them. */
  const [closedPoints, setClosedPoints] = useState<string[]>([]);
  const locker = basket.method === "locker";

  // The form's first field takes the focus in the commit that shows the
  // form, before the browser handles any further input: in a later frame
  // it took the focus from a field the shopper (or a fast test) was
  // already typing into.
  useLayoutEffect(() => {
    if (!focusForm.current || draft.step !== "checkout") return;
    focusForm.current = false;
    formRef.current?.querySelector<HTMLElement>("input, select")?.focus();
  }, [draft.step]);

  const daemonPaused = quote ? !quote.orders_open : false;
  const paused = pausedByDaemon !== null || daemonPaused || !p.ordersOpen;
  const pausedTexts = pausedByDaemon ?? { title: t("orders.paused_title"), text: t("orders.paused_text") };

  function update<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    // The fields whose message this change answers.
    const answered: string[] =
      field === "terms" ? ["terms", "terms_accepted"]
      : field === "point" ? ["delivery.point"]
      : field === "method" ? ["delivery.point", "delivery.method", "phone"]
      : field === "country" ? ["country", "delivery.point", "delivery.method"]
      : [field];
    setErrors((e) => {
      if (!answered.some((f) => f in e)) return e;
      const next = { ...e };
      for (const f of answered) delete next[f];
      return next;
    });
    if (placing.kind === "error") setPlacing({ kind: "idle" });
  }

  function toCheckout() {
    setDraft((d) => ({ ...d, step: "checkout" }));
    if (quote) pushCommerceEvent("begin_checkout", quote.currency, quote.totals.total, commerceItems(quote.lines));
    focusForm.current = true;
  }

  function focusFirstError(errs: Record<string, string>) {
    // In the form's order: the locker's picker sits under the country.
    const fields: string[] = [...CUSTOMER_FIELDS];
    fields.splice(fields.indexOf("country") + 1, 0, "delivery.method", "delivery.point");
    const first = [...fields, "terms_accepted", "code"].find((f) => f in errs);
    if (!first) return;
    const target = first === "delivery.point" ? `${id}-point-q` : first === "delivery.method" ? `${id}-method-courier` : `${id}-${first}`;
    requestAnimationFrame(() => document.getElementById(target)?.focus());
  }

  async function placeOrder(e?: FormEvent) {
    e?.preventDefault();
    if (busy.current) return;
    if (paused) {
      setDialogOpen(true);
      return;
    }
    const local = validateDraft(draft, locker);
    const errs: Record<string, string> = {};
    for (const [f, key] of Object.entries(local)) errs[f] = t(`checkout.errors.${key}`);
    setErrors(errs);
    if (Object.keys(errs).length) {
      setPlacing({ kind: "error", message: t("checkout.fix_fields") });
      focusFirstError(errs);
      return;
    }
    if (!quote || quoteState.kind !== "done") return; // the button waits for the quote
    const body = {
      locale: p.locale,
      terms_accepted: draft.terms,
      expected_total: quote.totals.total,
      code: basket.code,
      customer: Object.fromEntries(
        [...CUSTOMER_FIELDS, ...(draft.invoice ? INVOICE_FIELDS : [])].map((f) => [f, draft[f].trim()]),
      ),
      items: apiItems(basket.items),
      ...(basket.method ? { delivery: locker && draft.point ? { method: "locker", point: draft.point.code } : { method: basket.method } } : {}),
    };
    const raw = JSON.stringify(body);
    // One key per attempt: a retry of the same order (a lost answer) is
    // answered from the first; a changed order is a new attempt.
    if (!attempt.current || attempt.current.body !== raw) attempt.current = { key: newAttemptKey(), body: raw };
    busy.current = true;
    setPlacing({ kind: "pending" });
    const res = await atLeast(MIN_PENDING_MS, api<PlacedOrder>(
      "POST", "/v1/orders", body, { "Idempotency-Key": attempt.current.key },
    ));
    busy.current = false;
    if (res.ok) {
      setPlacing({ kind: "done" });
      showToastAfterNavigation(res.data.message || t("checkout.placed"), "success");
      clearCart();
      clearDraft();
      location.assign(res.data.status_url);
      return;
    }
    if (res.status === 409 && res.code === "orders_paused") {
      const pz = (res.body as Partial<OrdersPaused>).paused;
      setPausedByDaemon({ title: pz?.title || t("orders.paused_title"), text: pz?.message || res.message || t("orders.paused_text") });
      setPlacing({ kind: "idle" });
      setDialogOpen(true);
      return;
    }
    if (res.status === 409 && res.code === "prices_changed") {
      const { totals } = res.body as Partial<PricesChanged>;
      setPlacing({ kind: "changed", total: totals?.total ?? 0 });
      basket.requote();
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    if (res.status === 422) {
      const fieldErrs: Record<string, string> = {};
      for (const [f, m] of Object.entries(res.fields)) {
        if (f === "code") basket.dropCode(m);
        else if (!f.startsWith("items")) fieldErrs[f] = m;
      }
      // A locker closed since it was chosen (point_closed, point_unavailable):
      // its message at the picker, which opens its search again without it;
      // everything else typed stays.
      const refused = fieldErrs["delivery.point"] ? draft.point?.code : undefined;
      if (refused) {
        setClosedPoints((c) => (c.includes(refused) ? c : [...c, refused]));
        setDraft((d) => ({ ...d, point: null }));
      }
      setErrors(fieldErrs);
      basket.requote();
      setPlacing({ kind: "error", message: res.message || t("checkout.fix_fields") });
      focusFirstError({ ...fieldErrs, ...(res.fields.code ? { code: "" } : {}) });
      return;
    }
    setPlacing({ kind: "error", message: res.status === 0 ? t("checkout.offline") : res.message || t("checkout.failed") });
  }

  return {
    form: { draft, errors, update, formRef, onSubmit: placeOrder },
    closedPoints,
    code: {
      coupon: basket.code && quote?.coupon ? quote.coupon : undefined,
      discount: quote?.totals.discount ?? 0,
      minimum: quote && quote.totals.subtotal < quote.coupon_minimum ? quote.coupon_minimum : undefined,
      error: basket.codeError,
      apply: () => basket.applyCode(draft.code.trim()),
      remove: () => {
        basket.dropCode();
        update("code", "");
      },
      edit: (v) => {
        update("code", v);
        basket.clearCodeError();
      },
    },
    placing,
    placeOrder,
    toCheckout,
    toBasket: () => setDraft((d) => ({ ...d, step: "basket" })),
    summaryRef,
    paused,
    pausedTexts,
    dialogOpen,
    closeDialog: () => setDialogOpen(false),
  };
}
