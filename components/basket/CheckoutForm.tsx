// The finalising step's form (docs/product-rules.md#basket-and-checkout): the
// customer, the delivery address with the country's shipping cost and time, a
// discount code, and the terms. Controlled by the basket island, which keeps
// the draft.
import type { FormEvent, ReactNode, Ref } from "react";
import type { Translate } from "../i18n";
import type { Country } from "./deliveries";
import { DeliveryMethods, type MethodChoice } from "./DeliveryMethods";
import type { Draft } from "./draft";
import { LockerPicker } from "./LockerPicker";
import { ZIP_EXAMPLES, type CustomerField, type InvoiceField } from "./validate";

export interface CheckoutFormProps {
  id: string;
  t: Translate;
  locale: string;
  money: (minor: number) => string;
  form: CheckoutFields;
  delivery: Delivery;
  code: CodeField;
  links: { terms: string; withdrawal: string };
}

/** The draft, its problems, and how it changes and is sent. */
export interface CheckoutFields {
  draft: Draft;
  /** Field -> message, from the client's checks or the daemon's 422. */
  errors: Record<string, string>;
  update: <K extends keyof Draft>(field: K, value: Draft[K]) => void;
  formRef: Ref<HTMLFormElement>;
  onSubmit: (e: FormEvent) => void;
}

export interface Delivery {
  /** Sorted by name in the shopper's language. */
  countries: Country[];
  country?: Country;
  /** The country's methods for this basket (a choice when more than one). */
  methods: MethodChoice[];
  /** The method the order goes by. */
  method: string;
  /** Lockers the daemon refused since they were listed. */
  closedPoints: readonly string[];
}

/** The discount code's field: what is applied, and its three actions. */
export interface CodeField {
  /** The quote's coupon, when the applied code is taken. */
  coupon?: string;
  discount: number;
  /** The goods are below the coupon minimum (named in the hint). */
  minimum?: number;
  error: string;
  apply: () => void;
  remove: () => void;
  edit: (value: string) => void;
}

export function CheckoutForm(p: CheckoutFormProps) {
  const { t, id, code } = p;
  const { draft, errors, update } = p.form;
  const { countries, country, methods, method } = p.delivery;
  const locker = method === "locker";
  const lockerCarrier = methods.find((m) => m.id === "locker")?.carrier ?? "inpost";
  const field = (name: CustomerField | InvoiceField, label: string, input: ReactNode, hint?: ReactNode) => (
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
  const text = (name: CustomerField | InvoiceField, autoComplete: string, extra?: Record<string, unknown>) => (
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
  const codeApplied = Boolean(code.coupon);

  return (
    <form id={`${id}-form`} ref={p.form.formRef} className="checkout" noValidate onSubmit={p.form.onSubmit} aria-labelledby={`${id}-checkout`}>
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
          {field(
            "phone",
            t("checkout.phone"),
            text("phone", "tel", {
              type: "tel",
              inputMode: "tel",
              placeholder: "+48 600 100 200",
              "aria-describedby": [errors.phone ? `${id}-phone-error` : "", locker ? `${id}-phone-hint` : ""].filter(Boolean).join(" ") || undefined,
            }),
            locker ? (
              <p id={`${id}-phone-hint`} className="form-field__hint">
                {t("checkout.phone_locker_hint")}
              </p>
            ) : undefined,
          )}
        </div>
      </fieldset>
      <fieldset className="checkout__group">
        <legend className="checkout__legend">{t(locker ? "checkout.delivery_locker" : "checkout.delivery")}</legend>
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
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({p.money(c.cost)})
              </option>
            ))}
          </select>,
          <p id={`${id}-country-hint`} className="form-field__hint" aria-live="polite">
            {country
              ? methods.length > 1
                ? t("checkout.methods_hint")
                : t("checkout.shipping_hint", { cost: p.money(country.cost), min: country.days_min, max: country.days_max })
              : t("checkout.country_hint")}
          </p>,
        )}
        {methods.length > 1 && (
          <DeliveryMethods id={id} t={t} money={p.money} methods={methods} value={method} onChange={(m) => update("method", m)} />
        )}
        {errors["delivery.method"] && (
          <p className="field-error" role="alert">
            {errors["delivery.method"]}
          </p>
        )}
        {locker && (
          <LockerPicker
            id={id}
            t={t}
            locale={p.locale}
            carrier={lockerCarrier}
            point={draft.point}
            closed={p.delivery.closedPoints}
            error={errors["delivery.point"]}
            onChoose={(pt) => update("point", pt)}
          />
        )}
        {locker && <p className="form-field__hint checkout__address-hint">{t("checkout.locker_address_hint")}</p>}
        {field("street", t("checkout.street"), text("street", "address-line1"))}
        <div className="checkout__row checkout__row--zip">
          {field("zip", t("checkout.zip"), text("zip", "postal-code", { placeholder: ZIP_EXAMPLES[draft.country] ?? "" }))}
          {field("city", t("checkout.city"), text("city", "address-level2"))}
        </div>
        <label className="checkbox checkout__invoice">
          <input
            id={`${id}-invoice`}
            type="checkbox"
            name="invoice"
            checked={draft.invoice}
            onChange={(e) => update("invoice", e.target.checked)}
          />
          <span>{t("checkout.invoice")}</span>
        </label>
        {draft.invoice && (
          <div className="checkout__row">
            {field("company", t("checkout.company"), text("company", "organization"))}
            {field(
              "vat_id",
              t("checkout.vat_id"),
              text("vat_id", "off", {
                autoCapitalize: "characters",
                spellCheck: false,
                "aria-describedby": [errors.vat_id ? `${id}-vat_id-error` : "", `${id}-vat_id-hint`].filter(Boolean).join(" "),
              }),
              <p id={`${id}-vat_id-hint`} className="form-field__hint">
                {t("checkout.vat_id_hint")}
              </p>,
            )}
          </div>
        )}
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
            onChange={(e) => code.edit(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault(); // Enter applies the code; it does not order
                code.apply();
              }
            }}
            aria-invalid={code.error ? true : undefined}
            aria-describedby={`${id}-code-hint${code.error ? ` ${id}-code-error` : ""}`}
          />
          {codeApplied ? (
            <button type="button" className="btn btn--ghost" onClick={code.remove}>
              {t("checkout.code_remove")}
            </button>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={code.apply} disabled={!draft.code.trim()}>
              {t("checkout.code_apply")}
            </button>
          )}
        </div>
        <p id={`${id}-code-hint`} className="form-field__hint" aria-live="polite">
          {codeApplied
            ? t("checkout.code_applied", { code: code.coupon!, amount: p.money(code.discount) })
            : code.minimum !== undefined
              ? t("checkout.code_minimum", { minimum: p.money(code.minimum) })
              : t("checkout.code_hint")}
        </p>
        {code.error && (
          <p id={`${id}-code-error`} className="field-error" role="alert">
            {code.error}
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
            <a href={p.links.terms} target="_blank" rel="noopener">
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
          <a href={p.links.withdrawal}>{t("checkout.withdrawal_link")}</a>
        </p>
      </div>
    </form>
  );
}
