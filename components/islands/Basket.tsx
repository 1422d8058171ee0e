// The basket and its finalising step (SPEC.md §2-5): the persisted cart's
// lines priced by the daemon (POST /v1/quote), quantities, removal, clearing,
// then the customer form, shipping by country, a discount code, the terms,
// and the order (POST /v1/orders). What the shopper types is kept in the tab
// (draft.ts) so nothing is lost on an error or a reload.
import "./basket.css";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { api, atLeast, newAttemptKey } from "../api";
import { clearCart, removeAt, setQuantity, useCart, type CartItem } from "../cart/store";
import { CheckoutForm } from "../basket/CheckoutForm";
import { Lines, type BasketProduct } from "../basket/Lines";
import type { CreatorSlot } from "../generated/pagedata";
import { Summary, type Placing } from "../basket/Summary";
import { apiItems, lastQuote, useQuote } from "../basket/quote";
import { useDeliveries, type Country } from "../basket/deliveries";
import { clearDraft, readDraft, writeDraft, EMPTY_DRAFT, type Draft } from "../basket/draft";
import { validateDraft, CUSTOMER_FIELDS } from "../basket/validate";
import { PausedDialog } from "../OrdersPaused";
import type { NotifyMeProps } from "./NotifyMe";
import { commerceItems, pushCommerceEvent } from "../events";
import { translator, type Bundle } from "../i18n";
import { formatMoney } from "../money";
import { showToast, showToastAfterNavigation } from "../toast";
import { MIN_PENDING_MS } from "../forms";

export interface BasketProps {
  locale: string;
  currency: string;
  products: BasketProduct[];
  generators: { id: string; name: string }[];
  /** The creator's slots and parts (names, images) for creator lines. */
  creatorSlots: CreatorSlot[];
  /** The build's shipping list (GET /v1/deliveries replaces it). */
  countries: Country[];
  termsHref: string;
  withdrawalHref: string;
  shopHref: string;
  creatorHref: string;
  /** The build's flag; the daemon's quote and 409 have the last word. */
  ordersOpen: boolean;
  /** The footer's signup, for the paused modal. */
  notify: NotifyMeProps;
  /** basket.*, checkout.*, orders.* and creator_ui.basket.* messages. */
  messages: Bundle;
}

/** The creator's product slug (internal/order.CreatorSlug). */
const CREATOR = "custom-saber-creator";

export default function Basket(p: BasketProps) {
  const t = translator(p.locale, p.messages);
  const money = (minor: number) => formatMoney(p.locale, minor, p.currency);
  const id = useId();
  const items = useCart();
  const [mounted, setMounted] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [code, setCode] = useState(""); // the applied code (quoted)
  const [codeError, setCodeError] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [retry, setRetry] = useState(0);
  const [placing, setPlacing] = useState<Placing>({ kind: "idle" });
  const [paused, setPaused] = useState<{ title: string; text: string } | null>(null);
  const [dialog, setDialog] = useState(false);
  const countries = useDeliveries(p.locale, p.currency, p.countries);
  const quoteState = useQuote({ locale: p.locale, items, country: draft.country, code }, retry);
  const quote = lastQuote(quoteState);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const d = readDraft();
    setDraft(d);
    setCode(d.code);
    setMounted(true);
  }, []);
  useEffect(() => {
    if (mounted) writeDraft(draft);
  }, [draft, mounted]);

  // A refused code is shown next to its field and dropped from the quote.
  useEffect(() => {
    if (quoteState.kind === "invalid" && quoteState.error.fields.code && code) {
      setCodeError(quoteState.error.fields.code);
      setCode("");
    }
  }, [quoteState, code]);

  const daemonPaused = quote ? !quote.orders_open : false;
  const isPaused = paused !== null || daemonPaused || !p.ordersOpen;
  const pausedTexts = paused ?? { title: t("orders.paused_title"), text: t("orders.paused_text") };

  const sortedCountries = useMemo(() => {
    const collator = new Intl.Collator(p.locale);
    return [...countries].sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, p.locale]);
  const country = countries.find((c) => c.code === draft.country);

  function update<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => {
      if (!(field in e) && !(field === "terms" && "terms_accepted" in e)) return e;
      const next = { ...e };
      delete next[field as string];
      if (field === "terms") delete next.terms_accepted;
      return next;
    });
    if (placing.kind === "error") setPlacing({ kind: "idle" });
  }

  function remove(position: number) {
    const line = quote?.lines[position];
    removeAt(position);
    if (line && quote) pushCommerceEvent("remove_from_cart", quote.currency, line.total, commerceItems([line]));
    showToast(t("basket.removed", { name: line?.name ?? nameOf(items[position]) }), "info");
  }

  function clear() {
    if (quote) pushCommerceEvent("remove_from_cart", quote.currency, quote.totals.subtotal, commerceItems(quote.lines));
    clearCart();
    showToast(t("basket.cleared"), "info");
  }

  function toCheckout() {
    setDraft((d) => ({ ...d, step: "checkout" }));
    if (quote) pushCommerceEvent("begin_checkout", quote.currency, quote.totals.total, commerceItems(quote.lines));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("input, select")?.focus());
  }

  function applyCode() {
    const c = draft.code.trim();
    setCodeError("");
    setCode(c);
  }

  function removeCode() {
    setCode("");
    setCodeError("");
    update("code", "");
  }

  function focusFirstError(errs: Record<string, string>) {
    const order = [...CUSTOMER_FIELDS, "terms_accepted", "code"];
    const first = order.find((f) => f in errs);
    if (!first) return;
    requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
  }

  async function placeOrder(e?: FormEvent) {
    e?.preventDefault();
    if (busy.current) return;
    if (isPaused) {
      setDialog(true);
      return;
    }
    const local = validateDraft(draft);
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
      code,
      customer: Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, draft[f].trim()])),
      items: apiItems(items),
    };
    const raw = JSON.stringify(body);
    // One key per attempt: a retry of the same order (a lost answer) is
    // answered from the first; a changed order is a new attempt.
    if (!attempt.current || attempt.current.body !== raw) attempt.current = { key: newAttemptKey(), body: raw };
    busy.current = true;
    setPlacing({ kind: "pending" });
    const res = await atLeast(MIN_PENDING_MS, api<{ status_url: string; message: string; hash: string }>(
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
      const pz = (res.body.paused ?? {}) as { title?: string; message?: string };
      setPaused({ title: pz.title || t("orders.paused_title"), text: pz.message || res.message || t("orders.paused_text") });
      setPlacing({ kind: "idle" });
      setDialog(true);
      return;
    }
    if (res.status === 409 && res.code === "prices_changed") {
      const totals = res.body.totals as { total?: number } | undefined;
      setPlacing({ kind: "changed", total: totals?.total ?? 0 });
      setRetry((n) => n + 1);
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    if (res.status === 422) {
      const fieldErrs: Record<string, string> = {};
      for (const [f, m] of Object.entries(res.fields)) {
        if (f === "code") {
          setCodeError(m);
          setCode("");
        } else if (!f.startsWith("items")) fieldErrs[f] = m;
      }
      setErrors(fieldErrs);
      setRetry((n) => n + 1);
      setPlacing({ kind: "error", message: res.message || t("checkout.fix_fields") });
      focusFirstError({ ...fieldErrs, ...(res.fields.code ? { code: "" } : {}) });
      return;
    }
    setPlacing({ kind: "error", message: res.status === 0 ? t("checkout.offline") : res.message || t("checkout.failed") });
  }

  function nameOf(item: CartItem | undefined): string {
    if (!item) return "";
    if (item.creator || item.product === CREATOR) return t("basket.custom_saber");
    return p.products.find((x) => x.slug === item.product)?.title ?? item.product;
  }

  if (!mounted) {
    return (
      <div className="basket basket--loading" aria-busy="true">
        <p className="basket__loading">
          <span className="spinner" aria-hidden="true" /> {t("basket.loading")}
        </p>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="basket basket--empty card card--pad">
        <h2 className="basket__empty-title">{t("basket.empty_title")}</h2>
        <p>{t("basket.empty_text")}</p>
        <p className="basket__empty-actions">
          <a className="btn btn--primary" href={p.shopHref}>
            {t("basket.to_shop")}
          </a>
          <a className="btn btn--ghost" href={p.creatorHref}>
            {t("basket.to_creator")}
          </a>
        </p>
      </div>
    );
  }

  const itemErrors = quoteState.kind === "invalid" ? quoteState.error.fields : {};
  const lineError = (i: number) =>
    Object.entries(itemErrors).find(([f]) => f === `items.${i}` || f.startsWith(`items.${i}.`))?.[1];
  const hasLineErrors = Object.keys(itemErrors).some((f) => f.startsWith("items"));
  const quoteFailed = quoteState.kind === "failed";
  const ready = quoteState.kind === "done" && !hasLineErrors;
  const step = draft.step;
  const notReturnable = quote ? !quote.returnable : items.some((i) => i.creator);

  return (
    <div className={`basket basket--${step}`}>
      <div className="basket__main">
        {step === "checkout" && (
          <CheckoutForm
            id={id}
            t={t}
            money={money}
            draft={draft}
            errors={errors}
            update={update}
            countries={sortedCountries}
            country={country}
            coupon={code && quote?.coupon ? quote.coupon : undefined}
            discount={quote?.totals.discount ?? 0}
            couponMinimum={quote && quote.totals.subtotal < quote.coupon_minimum ? quote.coupon_minimum : undefined}
            codeError={codeError}
            termsHref={p.termsHref}
            withdrawalHref={p.withdrawalHref}
            formRef={formRef}
            onApplyCode={applyCode}
            onRemoveCode={removeCode}
            onCodeEdit={(v) => {
              update("code", v);
              setCodeError("");
            }}
            onSubmit={placeOrder}
          />
        )}
        <Lines
          id={id}
          t={t}
          money={money}
          items={items}
          quote={quote}
          products={p.products}
          generators={p.generators}
          creatorSlots={p.creatorSlots}
          creatorHref={p.creatorHref}
          step={step}
          lineError={lineError}
          nameOf={nameOf}
          onQuantity={setQuantity}
          onRemove={remove}
          onClear={clear}
          onEditBasket={() => setDraft((d) => ({ ...d, step: "basket" }))}
        />
      </div>
      <aside className="basket__aside">
        <Summary
          id={id}
          t={t}
          money={money}
          quote={quote}
          quotePending={quoteState.kind === "pending"}
          quoteFailed={quoteFailed}
          hasLineErrors={hasLineErrors}
          ready={ready}
          step={step}
          country={country}
          code={code}
          notReturnable={notReturnable}
          paused={isPaused}
          placing={placing}
          formId={`${id}-form`}
          summaryRef={summaryRef}
          onRetry={() => setRetry((n) => n + 1)}
          onCheckout={toCheckout}
        />
      </aside>
      <PausedDialog
        open={dialog}
        title={pausedTexts.title}
        text={pausedTexts.text}
        close={t("orders.paused_close")}
        onClose={() => setDialog(false)}
        notify={p.notify}
      />
    </div>
  );
}

