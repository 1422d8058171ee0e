// The basket and its finalising step (SPEC.md §2-5): the persisted cart's
// lines priced by the daemon (POST /v1/quote), quantities, removal, clearing,
// then the customer form, shipping by country, a discount code, the terms,
// and the order (POST /v1/orders). What the shopper types is kept in the tab
// (draft.ts) so nothing is lost on an error or a reload.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { api, atLeast, newAttemptKey } from "../api";
import { clearCart, removeAt, setQuantity, useCart, MAX_QUANTITY, type CartItem } from "../cart/store";
import { apiItems, lastQuote, useQuote, type Quote, type QuoteLine } from "../basket/quote";
import { useDeliveries, type Country } from "../basket/deliveries";
import { clearDraft, readDraft, writeDraft, EMPTY_DRAFT, type Draft } from "../basket/draft";
import { validateDraft, ZIP_EXAMPLES, CUSTOMER_FIELDS, type CustomerField } from "../basket/validate";
import { PausedDialog } from "../basket/PausedDialog";
import { pushCommerceEvent, type CommerceItem } from "../events";
import { translator, type Bundle } from "../i18n";
import { formatMoney } from "../money";
import { showToast } from "../toast";
import { MIN_PENDING_MS } from "../forms";
import { HiltThumb } from "../creator/HiltThumb";
import { linkQuery } from "../creator/design";
import type { CreatorSlot } from "../../templates/types";

export interface BasketProduct {
  slug: string;
  title: string;
  href: string;
  image: string;
}

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
  /** basket.*, checkout.*, orders.* and creator_ui.basket.* messages. */
  messages: Bundle;
}

/** The creator's product slug (internal/order.CreatorSlug). */
const CREATOR = "custom-saber-creator";

type Placing =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "error"; message: string }
  | { kind: "changed"; total: number }
  | { kind: "done" };

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
  const [confirmClear, setConfirmClear] = useState(false);
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

  function commerceItems(lines: QuoteLine[]): CommerceItem[] {
    return lines.map((l) => ({
      item_id: l.product,
      item_name: l.name,
      item_variant: l.variant,
      price: l.unit_price / 100,
      quantity: l.quantity,
    }));
  }

  function remove(position: number) {
    const line = quote?.lines[position];
    removeAt(position);
    if (line && quote) pushCommerceEvent("remove_from_cart", quote.currency, line.total, commerceItems([line]));
    showToast(t("basket.removed", { name: line?.name ?? nameOf(items[position]) }), "info");
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
      showToast(res.data.message || t("checkout.placed"), "success");
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

  const lines = (
    <section className="basket__lines" aria-labelledby={`${id}-lines`}>
      <div className="basket__head">
        <h2 id={`${id}-lines`} className="basket__title">
          {t("basket.lines_title")}
        </h2>
        {step === "checkout" ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDraft((d) => ({ ...d, step: "basket" }))}>
            {t("checkout.edit_basket")}
          </button>
        ) : confirmClear ? (
          <span className="basket__confirm" role="group" aria-label={t("basket.clear_confirm")}>
            <span>{t("basket.clear_confirm")}</span>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                if (quote) pushCommerceEvent("remove_from_cart", quote.currency, quote.totals.subtotal, commerceItems(quote.lines));
                clearCart();
                setConfirmClear(false);
                showToast(t("basket.cleared"), "info");
              }}
            >
              {t("basket.clear_yes")}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirmClear(false)} autoFocus>
              {t("basket.clear_no")}
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirmClear(true)}>
            {t("basket.clear")}
          </button>
        )}
      </div>
      <ul className="basket-lines" role="list">
        {items.map((item, i) => {
          const ql = quote && quote.lines.length === items.length ? quote.lines[i] : undefined;
          const prod = p.products.find((x) => x.slug === item.product);
          const name = ql?.name ?? nameOf(item);
          const image = ql?.image || prod?.image;
          const variant = item.variant ? p.generators.find((g) => g.id === item.variant)?.name ?? item.variant : "";
          const err = lineError(i);
          const qid = `${id}-q${i}`;
          return (
            <li className={`basket-line${err ? " basket-line--invalid" : ""}`} key={`${i}-${item.product}-${item.variant ?? ""}`}>
              <div className="basket-line__media">
                {item.creator ? (
                  <HiltThumb slots={p.creatorSlots} parts={partsOf(item.creator)} label={t("creator_ui.basket.hilt_alt", { parts: partNames(p.creatorSlots, item.creator) })} />
                ) : image ? <img src={image} alt="" width={96} height={48} loading="lazy" decoding="async" /> : <span className="basket-line__noimg" />}
              </div>
              <div className="basket-line__info">
                <p className="basket-line__name">
                  {prod && !item.creator ? <a href={prod.href}>{name}</a> : name}
                </p>
                {variant && <p className="basket-line__meta">{t("basket.generator", { name: variant })}</p>}
                {item.creator && (
                  <CreatorSummary
                    creator={item.creator}
                    slots={p.creatorSlots}
                    generators={p.generators}
                    editHref={step === "basket" ? `${p.creatorHref}?${linkQuery(item.creator, { slots: p.creatorSlots })}&line=${i}` : undefined}
                    name={name}
                    t={t}
                  />
                )}
                {ql && (
                  <p className="basket-line__meta">
                    {t("basket.unit_price", { price: money(ql.unit_price) })}
                  </p>
                )}
                {err && (
                  <p className="field-error" role="alert">
                    {err}
                  </p>
                )}
              </div>
              <div className="basket-line__controls">
                {step === "basket" ? (
                  <>
                    <label className="visually-hidden" htmlFor={qid}>
                      {t("basket.quantity_for", { name })}
                    </label>
                    <select
                      id={qid}
                      className="input basket-line__qty"
                      value={item.quantity}
                      onChange={(e) => setQuantity(i, Number(e.target.value))}
                    >
                      {Array.from({ length: MAX_QUANTITY }, (_, n) => (
                        <option key={n + 1} value={n + 1}>
                          {n + 1}
                        </option>
                      ))}
                    </select>
                    <button type="button" className="btn btn--ghost btn--sm basket-line__remove" onClick={() => remove(i)} aria-label={t("basket.remove_named", { name })}>
                      {t("basket.remove")}
                    </button>
                  </>
                ) : (
                  <span className="basket-line__count">{t("basket.times", { count: item.quantity })}</span>
                )}
                <span className="basket-line__total">{ql ? money(ql.total) : "…"}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );

  const summary = (
    <div className="basket-summary card card--pad" ref={summaryRef} tabIndex={-1} aria-labelledby={`${id}-summary`}>
      <h2 id={`${id}-summary`} className="basket-summary__title">
        {t("basket.summary_title")}
      </h2>
      {quote ? (
        <dl className="basket-summary__rows" aria-busy={quoteState.kind === "pending" || undefined}>
          <Row label={t("basket.subtotal")} value={money(quote.totals.subtotal)} />
          <Row
            label={country ? t("basket.shipping_to", { country: country.name }) : t("basket.shipping")}
            value={draft.country && quote.delivery_days[0] ? money(quote.totals.shipping) : t("basket.shipping_choose")}
          />
          {quote.totals.discount > 0 && (
            <Row label={t("basket.discount", { code: quote.coupon ?? code })} value={"−" + money(quote.totals.discount)} />
          )}
          <Row label={t("basket.total")} value={money(quote.totals.total)} total />
        </dl>
      ) : quoteFailed ? null : (
        <p className="basket-summary__pending">
          <span className="spinner" aria-hidden="true" /> {t("basket.pricing")}
        </p>
      )}
      {quote && (
        <p className="basket-summary__note">
          {t("basket.taxes_included")}
          {quote.totals.waste_fee > 0 && <> {t("basket.waste_fee_included", { fee: money(quote.totals.waste_fee) })}</>}
        </p>
      )}
      {quoteFailed && (
        <div className="notice notice--warn" role="alert">
          <p>{t("basket.quote_failed")}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRetry((n) => n + 1)}>
            {t("basket.retry")}
          </button>
        </div>
      )}
      {hasLineErrors && (
        <p className="notice notice--warn" role="alert">
          {t("basket.lines_invalid")}
        </p>
      )}
      {placing.kind === "changed" && (
        <div className="notice notice--warn" role="alert">
          <p>
            <strong>{t("checkout.prices_changed_title")}</strong> {t("checkout.prices_changed", { total: money(quote?.totals.total ?? placing.total) })}
          </p>
        </div>
      )}
      {step === "basket" ? (
        <button type="button" className="btn btn--primary btn--lg btn--block" onClick={toCheckout} disabled={hasLineErrors}>
          {t("basket.to_checkout")}
        </button>
      ) : (
        <>
          {notReturnable && (
            <p className="notice notice--warn basket-summary__noreturn" id={`${id}-noreturn`}>
              <strong>{t("checkout.not_returnable_title")}</strong> {t("checkout.not_returnable")}
            </p>
          )}
          {quote && quote.delivery_days[0] > 0 && (
            <p className="basket-summary__eta">
              {t("checkout.eta", { count: quote.build_days, min: quote.delivery_days[0], max: quote.delivery_days[1] })}
            </p>
          )}
          <button
            type="submit"
            form={`${id}-form`}
            className={`btn btn--primary btn--lg btn--block${isPaused ? " btn--paused" : ""}`}
            disabled={!isPaused && (placing.kind === "pending" || placing.kind === "done" || !ready)}
            aria-describedby={notReturnable ? `${id}-noreturn` : undefined}
          >
            {placing.kind === "pending" && <span className="spinner" aria-hidden="true" />}
            {isPaused
              ? t("orders.paused_button")
              : placing.kind === "pending"
                ? t("checkout.placing")
                : placing.kind === "changed"
                  ? t("checkout.confirm_again", { total: money(quote?.totals.total ?? placing.total) })
                  : t("checkout.order", { total: quote ? money(quote.totals.total) : "" })}
          </button>
          {placing.kind === "error" && (
            <p className="field-error basket-summary__error" role="alert">
              {placing.message}
            </p>
          )}
          <p className="basket-summary__fine">{t("checkout.pay_after")}</p>
        </>
      )}
    </div>
  );

  const field = (name: CustomerField, label: string, input: ReactNode, hint?: ReactNode) => (
    <div className={`form-field form-field--${name}`}>
      <label className="form-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {input}
      {hint}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field-error" role="alert">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const text = (name: CustomerField, autoComplete: string, extra?: Record<string, unknown>) => (
    <input
      id={`${id}-${name}`}
      className="input"
      name={name}
      value={draft[name]}
      onChange={(e) => update(name, e.target.value)}
      autoComplete={autoComplete}
      required
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      {...extra}
    />
  );

  const belowMinimum = quote ? quote.totals.subtotal < quote.coupon_minimum : false;
  const checkout = (
    <form id={`${id}-form`} ref={formRef} className="checkout" noValidate onSubmit={placeOrder} aria-labelledby={`${id}-checkout`}>
      <h2 id={`${id}-checkout`} className="basket__title">
        {t("checkout.title")}
      </h2>
      <fieldset className="checkout__group">
        <legend className="checkout__legend">{t("checkout.customer")}</legend>
        <div className="checkout__row">
          {field("first_name", t("checkout.first_name"), text("first_name", "given-name"))}
          {field("last_name", t("checkout.last_name"), text("last_name", "family-name"))}
        </div>
        <div className="checkout__row">
          {field("email", t("checkout.email"), text("email", "email", { type: "email", inputMode: "email" }))}
          {field("phone", t("checkout.phone"), text("phone", "tel", { type: "tel", inputMode: "tel", placeholder: "+48 600 100 200" }))}
        </div>
      </fieldset>
      <fieldset className="checkout__group">
        <legend className="checkout__legend">{t("checkout.delivery")}</legend>
        {field(
          "country",
          t("checkout.country"),
          <select
            id={`${id}-country`}
            className="input"
            name="country"
            value={draft.country}
            onChange={(e) => update("country", e.target.value)}
            required
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={[errors.country ? `${id}-country-error` : "", `${id}-country-hint`].filter(Boolean).join(" ")}
          >
            <option value="">{t("checkout.country_choose")}</option>
            {sortedCountries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({money(c.cost)})
              </option>
            ))}
          </select>,
          <p id={`${id}-country-hint`} className="form-field__hint" aria-live="polite">
            {country
              ? t("checkout.shipping_hint", { cost: money(country.cost), min: country.days_min, max: country.days_max })
              : t("checkout.country_hint")}
          </p>,
        )}
        {field("street", t("checkout.street"), text("street", "address-line1"))}
        <div className="checkout__row checkout__row--zip">
          {field("zip", t("checkout.zip"), text("zip", "postal-code", { placeholder: ZIP_EXAMPLES[draft.country] ?? "" }))}
          {field("city", t("checkout.city"), text("city", "address-level2"))}
        </div>
      </fieldset>
      <fieldset className="checkout__group">
        <legend className="checkout__legend">{t("checkout.code")}</legend>
        <div className="checkout__code">
          <label className="visually-hidden" htmlFor={`${id}-code`}>
            {t("checkout.code")}
          </label>
          <input
            id={`${id}-code`}
            className="input"
            name="code"
            value={draft.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(e) => {
              update("code", e.target.value);
              setCodeError("");
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                applyCode();
              }
            }}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={`${id}-code-hint${codeError ? ` ${id}-code-error` : ""}`}
          />
          {code && quote?.coupon ? (
            <button type="button" className="btn btn--ghost" onClick={removeCode}>
              {t("checkout.code_remove")}
            </button>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={applyCode} disabled={!draft.code.trim()}>
              {t("checkout.code_apply")}
            </button>
          )}
        </div>
        <p id={`${id}-code-hint`} className="form-field__hint" aria-live="polite">
          {code && quote?.coupon
            ? t("checkout.code_applied", { code: quote.coupon, amount: money(quote.totals.discount) })
            : belowMinimum && quote
              ? t("checkout.code_minimum", { minimum: money(quote.coupon_minimum) })
              : t("checkout.code_hint")}
        </p>
        {codeError && (
          <p id={`${id}-code-error`} className="field-error" role="alert">
            {codeError}
          </p>
        )}
      </fieldset>
      <div className="form-field checkout__terms">
        <label className="checkbox">
          <input
            id={`${id}-terms_accepted`}
            type="checkbox"
            name="terms_accepted"
            checked={draft.terms}
            onChange={(e) => update("terms", e.target.checked)}
            required
            aria-invalid={errors.terms_accepted ? true : undefined}
            aria-describedby={errors.terms_accepted ? `${id}-terms-error` : undefined}
          />
          <span>
            {t("checkout.terms_before")}{" "}
            <a href={p.termsHref} target="_blank" rel="noopener" type="application/pdf">
              {t("checkout.terms_link")}
            </a>
            {t("checkout.terms_after")}
          </span>
        </label>
        {errors.terms_accepted && (
          <p id={`${id}-terms-error`} className="field-error" role="alert">
            {errors.terms_accepted}
          </p>
        )}
        <p className="form-field__hint">
          <a href={p.withdrawalHref}>{t("checkout.withdrawal_link")}</a>
        </p>
      </div>
    </form>
  );

  return (
    <div className={`basket basket--${step}`}>
      <div className="basket__main">
        {step === "checkout" ? (
          <>
            {checkout}
            {lines}
          </>
        ) : (
          lines
        )}
      </div>
      <aside className="basket__aside">{summary}</aside>
      <PausedDialog
        open={dialog}
        title={pausedTexts.title}
        text={pausedTexts.text}
        close={t("orders.paused_close")}
        onClose={() => setDialog(false)}
      />
    </div>
  );
}

function Row({ label, value, total }: { label: string; value: string; total?: boolean }) {
  return (
    <div className={`basket-summary__row${total ? " basket-summary__row--total" : ""}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function partsOf(creator: Record<string, unknown>): Record<string, string> {
  const parts = creator.parts;
  return typeof parts === "object" && parts !== null ? (parts as Record<string, string>) : {};
}

/** The chosen parts' names in slot order (the id where the catalogue no longer has it). */
function partNames(slots: CreatorSlot[], creator: Record<string, unknown>): string {
  const parts = partsOf(creator);
  return slots.map((s) => s.options.find((o) => o.id === parts[s.id])?.name ?? String(parts[s.id] ?? "")).join(", ");
}

/** A creator design: its parts, generator, presets' colours, and a way back into the creator. */
function CreatorSummary(props: {
  creator: Record<string, unknown>;
  slots: CreatorSlot[];
  generators: { id: string; name: string }[];
  editHref?: string;
  name: string;
  t: (k: string, p?: Record<string, string | number>) => string;
}) {
  const { creator, t } = props;
  const presets = Array.isArray(creator.presets) ? (creator.presets as { color?: unknown }[]) : [];
  const colors = presets.map((pr) => (typeof pr?.color === "string" && /^#[0-9a-f]{6}$/i.test(pr.color) ? pr.color : "#ffffff"));
  const generator = props.generators.find((g) => g.id === creator.generator)?.name ?? String(creator.generator ?? "");
  return (
    <>
      <p className="basket-line__meta">{partNames(props.slots, creator)}</p>
      {generator && <p className="basket-line__meta">{t("basket.generator", { name: generator })}</p>}
      {presets.length > 0 && (
        <p className="basket-line__meta basket-line__presets">
          {t("basket.presets", { count: presets.length })}
          <span className="basket-line__colors" role="img" aria-label={t("creator_ui.basket.colors")}>
            {colors.map((c, i) => (
              <svg key={i} viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" focusable="false">
                <circle cx="5" cy="5" r="5" fill={c} />
              </svg>
            ))}
          </span>
        </p>
      )}
      {props.editHref && (
        <p className="basket-line__meta">
          <a href={props.editHref} aria-label={t("creator_ui.basket.edit_named", { name: props.name })}>
            {t("creator_ui.basket.edit")}
          </a>
        </p>
      )}
    </>
  );
}

export type { Quote };
