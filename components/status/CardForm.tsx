// The shop's own card form (docs/product-rules.md#payments: number, name on
// card, expiry like 01/19, cvc). Checked here first, then encrypted in the
// browser with the provider's public key: only the encrypted blob and the
// name are posted. Nothing typed is kept anywhere but in the fields
// themselves.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useIslandId } from "../islandId";
import type { Translate } from "../i18n";
import {
  BRAND_NAMES,
  cardBrand,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  digitsOf,
  formatCardNumber,
  formatExpiry,
} from "../payment/card";

// The RSA library is a third of the status page's script (19.5 of 61 KB
// with brotli), and only a card payment needs it: it loads in the
// background when the shopper starts on the card form, not with the page.
type Encrypt = typeof import("../payment/encrypt");
let encryptModule: Promise<Encrypt> | null = null;
function loadEncrypt(): Promise<Encrypt> {
  encryptModule ??= import("../payment/encrypt").catch((err: unknown) => {
    encryptModule = null; // let the next attempt try again
    throw err;
  });
  return encryptModule;
}

type Field = "number" | "name" | "expiry" | "cvc";
const FIELDS: Field[] = ["number", "name", "expiry", "cvc"];

export interface CardFormProps {
  t: Translate;
  publicKey: string;
  payLabel: string;
  /** Posts the payment; answers a general error text, or null when the page moved on. */
  onPay: (encrypted: string, name: string) => Promise<string | null>;
}

interface Values {
  number: string;
  name: string;
  expiry: string;
  cvc: string;
}

function problems(v: Values): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  const n = checkCardNumber(v.number);
  if (n) out.number = `number_${n}`;
  if (v.name.trim() === "") out.name = "name_required";
  const e = checkExpiry(v.expiry);
  if (e) out.expiry = `expiry_${e}`;
  const c = checkCvc(v.cvc, cardBrand(v.number));
  if (c) out.cvc = `cvc_${c}`;
  return out;
}

export function CardForm({ t, publicKey, payLabel, onPay }: CardFormProps) {
  const id = useIslandId();
  const [v, setV] = useState<Values>({ number: "", name: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    number: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };
  const generalRef = useRef<HTMLParagraphElement>(null);
  // A failed payment's message takes focus once it is on the page.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) generalRef.current?.focus();
  }, [failures]);
  const brand = cardBrand(v.number);
  // Fetch the encryption chunk when the shopper starts on the form, so it
  // is there by "pay" but no part of the page's load (a failure here is
  // retried at "pay", which shows it).
  const prefetchEncrypt = () => void loadEncrypt().catch(() => undefined);

  function update(field: Field, value: string) {
    const next = { ...v, [field]: value };
    setV(next);
    setGeneral(null);
    // A field that was marked is checked again as it is corrected.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: problems(next)[field] }));
  }

  const onNumber = (e: ChangeEvent<HTMLInputElement>) => update("number", formatCardNumber(e.target.value));
  const onExpiry = (e: ChangeEvent<HTMLInputElement>) =>
    update("expiry", formatExpiry(e.target.value, e.target.value.length < v.expiry.length));
  const onCvc = (e: ChangeEvent<HTMLInputElement>) => update("cvc", digitsOf(e.target.value).slice(0, 4));
  const onName = (e: ChangeEvent<HTMLInputElement>) => update("name", e.target.value);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const found = problems(v);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    setGeneral(null);
    let encrypted: string;
    try {
      const { encryptCard } = await loadEncrypt();
      encrypted = encryptCard(publicKey, { number: digitsOf(v.number), expiry: v.expiry, cvc: v.cvc }, window.location.origin);
    } catch {
      setBusy(false);
      setGeneral(t("payment_form.unavailable"));
      setFailures((n) => n + 1);
      return;
    }
    const failure = await onPay(encrypted, v.name.trim());
    setBusy(false);
    if (failure) {
      setGeneral(failure);
      setFailures((n) => n + 1);
    }
  }

  const field = (f: Field) => ({
    id: `${id}-${f}`,
    ref: refs[f],
    className: "input",
    "aria-invalid": errors[f] ? true : undefined,
    "aria-describedby": [errors[f] ? `${id}-${f}-error` : "", f === "cvc" ? `${id}-cvc-hint` : "", f === "expiry" ? `${id}-expiry-hint` : ""]
      .filter(Boolean)
      .join(" ") || undefined,
    disabled: busy,
  });
  const error = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className="field-error" role="alert">
        {t(`payment_form.errors.${errors[f]}`)}
      </p>
    ) : null;

  return (
    <form className="card-form" onSubmit={onSubmit} onFocus={prefetchEncrypt} onPointerDown={prefetchEncrypt} noValidate aria-busy={busy || undefined}>
      <div className="form-field card-form__number">
        <div className="card-form__label-row">
          <label className="form-field__label" htmlFor={`${id}-number`}>
            {t("payment_form.card_number")}
          </label>
          <span className="card-form__brand" aria-live="polite">
            {brand ? <span className={`card-brand card-brand--${brand}`}>{BRAND_NAMES[brand]}</span> : null}
            {brand ? <span className="visually-hidden">{t("payment_form.brand", { brand: BRAND_NAMES[brand] })}</span> : null}
          </span>
        </div>
        <input
          {...field("number")}
          type="text"
          name="cc-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={v.number}
          onChange={onNumber}
        />
        {error("number")}
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-name`}>
          {t("payment_form.card_name")}
        </label>
        <input {...field("name")} type="text" name="cc-name" autoComplete="cc-name" maxLength={100} value={v.name} onChange={onName} />
        {error("name")}
      </div>
      <div className="card-form__pair">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-expiry`}>
            {t("payment_form.expiry")}
          </label>
          <input
            {...field("expiry")}
            type="text"
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t("payment_form.expiry_hint")}
            maxLength={5}
            value={v.expiry}
            onChange={onExpiry}
          />
          <p id={`${id}-expiry-hint`} className="form-field__hint">
            {t("payment_form.expiry_hint")}
          </p>
          {error("expiry")}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-cvc`}>
            {t("payment_form.cvc")}
          </label>
          <input
            {...field("cvc")}
            type="text"
            name="cc-csc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={v.cvc}
            onChange={onCvc}
          />
          <p id={`${id}-cvc-hint`} className="form-field__hint">
            {t("payment_form.cvc_hint")}
          </p>
          {error("cvc")}
        </div>
      </div>
      {general && (
        <p ref={generalRef} className="notice notice--error" role="alert" tabIndex={-1}>
          {general}
        </p>
      )}
      <button className="btn btn--primary btn--block btn--lg" type="submit" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? t("payment_form.paying") : payLabel}
      </button>
      <p className="card-form__note">{t("payment_form.secure_note")}</p>
    </form>
  );
}
