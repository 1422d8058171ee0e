import { useId, useState, type FormEvent } from "react";
import { DateField } from "../DateField";
import { call, type CouponsAnswer } from "../api";
import { parseAmount } from "../carriers";
import { formatDate } from "../../components/dates";
import { formatMoney } from "../../components/money";
import type { Translate } from "../i18n";
import { useResource } from "../useResource";

const CURRENCIES = ["PLN", "EUR"];

/** Discount codes: create one, see how often each was used, disable one. */
export function Coupons({ t, locale }: { t: Translate; locale: string }) {
  const id = useId();
  const { data, set, error, setError } = useResource<CouponsAnswer>("coupons", t);
  const list = data?.coupons ?? null;
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [busy, setBusy] = useState(false);
  const [resets, setResets] = useState(0);


  const answer = (res: Awaited<ReturnType<typeof call<CouponsAnswer>>>) => {
    if (res.ok) {
      setError("");
      set(res.data);
      return true;
    }
    setError(res.message || t("offline"));
    return false;
  };

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const value = String(f.get("value") ?? "").trim();
    const body: Record<string, unknown> = {
      code: f.get("code"),
      expires: f.get("expires") ?? "",
      limit: Number(f.get("limit") || 0),
    };
    if (kind === "percent") body.percent = Number(value);
    else {
      body.amount = parseAmount(value) ?? -1;
      body.currency = f.get("currency");
    }
    setBusy(true);
    const ok = answer(await call<CouponsAnswer>("POST", "coupons", body));
    setBusy(false);
    if (ok) {
      form.reset();
      setResets((n) => n + 1); // the day picker keeps its own state
    }
  };

  const disable = async (code: string) => answer(await call<CouponsAnswer>("POST", `coupons/${encodeURIComponent(code)}/disable`));

  return (
    <section className="desk-page" aria-labelledby="coupons-title">
      <h1 id="coupons-title" className="desk-page__title">
        {t("coupons.title")}
      </h1>
      <p className="desk-page__lead">{t("coupons.lead")}</p>
      <form className="card card--pad desk-coupon-form" onSubmit={(e) => void add(e)} aria-busy={busy || undefined}>
        <label className="form-field__label" htmlFor={`${id}-code`}>
          {t("coupons.code")}
        </label>
        <input id={`${id}-code`} className="input" name="code" required autoCapitalize="characters" autoComplete="off" spellCheck={false} maxLength={64} />
        <fieldset className="desk-radios">
          <legend className="form-field__label">{t("coupons.kind")}</legend>
          <label>
            <input type="radio" name="kind" checked={kind === "percent"} onChange={() => setKind("percent")} /> {t("coupons.percent")}
          </label>
          <label>
            <input type="radio" name="kind" checked={kind === "amount"} onChange={() => setKind("amount")} /> {t("coupons.amount")}
          </label>
        </fieldset>
        <label className="form-field__label" htmlFor={`${id}-value`}>
          {t("coupons.value")}
        </label>
        <input id={`${id}-value`} className="input" name="value" inputMode="decimal" required autoComplete="off" />
        {kind === "amount" && (
          <select className="input" name="currency" aria-label={t("coupons.amount_in", { currency: "" }).trim()}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        )}
        <label className="form-field__label" htmlFor={`${id}-expires`}>
          {t("coupons.expires")}
        </label>
        <DateField
          key={resets}
          id={`${id}-expires`}
          t={t}
          locale={locale}
          name="expires"
          years={[new Date().getFullYear(), new Date().getFullYear() + 5]}
        />
        <label className="form-field__label" htmlFor={`${id}-limit`}>
          {t("coupons.limit")}
        </label>
        <input id={`${id}-limit`} className="input" name="limit" type="number" min={0} inputMode="numeric" />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button className="btn btn--primary" type="submit" disabled={busy}>
          {t("coupons.add")}
        </button>
      </form>
      {list && list.length === 0 && <p>{t("coupons.empty")}</p>}
      {list && list.length > 0 && (
        <ul className="desk-coupons">
          {list.map((c) => (
            <li key={c.code} className={`card desk-coupon${c.disabled ? " is-disabled" : ""}`}>
              <strong className="desk-coupon__code">{c.code}</strong>
              <span>
                {c.percent ? `−${c.percent}%` : `−${formatMoney(locale, c.amount ?? 0, c.currency ?? "EUR")}`}
                {" · "}
                {c.limit ? t("coupons.used", { used: c.used, limit: c.limit }) : t("coupons.used_unlimited", { used: c.used })}
                {c.expires && ` · ${t("coupons.until", { date: formatDate(locale, new Date(c.expires)) })}`}
                {c.disabled && ` · ${t("coupons.disabled")}`}
              </span>
              {!c.disabled && (
                <button className="btn btn--ghost btn--sm" type="button" onClick={() => void disable(c.code)}>
                  {t("coupons.disable")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
