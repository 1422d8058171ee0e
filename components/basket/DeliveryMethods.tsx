// The delivery method's choice (docs/shipping.md#at-the-checkout): one
// card per method of the country, with its price and time; a method the
// basket does not fit (the quote's fits=false, a locker's compartments) is
// shown disabled with the daemon's reason, and the courier is used.
import type { Translate } from "../i18n";

export interface MethodChoice {
  id: string;
  carrier?: string;
  cost: number;
  days_min: number;
  days_max: number;
  fits: boolean;
  /** Why the basket does not fit, in the shopper's language. */
  reason?: string;
}

export interface DeliveryMethodsProps {
  id: string;
  t: Translate;
  money: (minor: number) => string;
  methods: MethodChoice[];
  value: string;
  onChange: (method: string) => void;
}

/** A method's name: "Courier", "InPost parcel locker". */
export function methodName(t: Translate, method: string | undefined): string {
  return t(method === "locker" ? "checkout.methods.locker" : "checkout.methods.courier");
}

export function DeliveryMethods({ id, t, money, methods, value, onChange }: DeliveryMethodsProps) {
  return (
    <fieldset className="methods">
      <legend className="methods__legend">{t("checkout.method")}</legend>
      <div className="methods__list">
        {methods.map((m) => {
          const rid = `${id}-method-${m.id}`;
          const checked = value === m.id;
          return (
            <label key={m.id} className={`method${checked ? " is-checked" : ""}${m.fits ? "" : " is-disabled"}`} htmlFor={rid}>
              <input
                id={rid}
                className="method__input"
                type="radio"
                name="delivery_method"
                value={m.id}
                checked={checked}
                disabled={!m.fits}
                onChange={() => onChange(m.id)}
                aria-describedby={`${rid}-detail${m.fits ? "" : ` ${rid}-reason`}`}
              />
              <span className="method__body">
                <span className="method__head">
                  <span className="method__name">{methodName(t, m.id)}</span>
                  <span className="method__price">{money(m.cost)}</span>
                </span>
                <span id={`${rid}-detail`} className="method__detail">
                  {t(`checkout.methods.${m.id === "locker" ? "locker" : "courier"}_text`)}
                  {" · "}
                  {t("checkout.method_days", { min: m.days_min, max: m.days_max })}
                </span>
                {!m.fits && m.reason && (
                  <span id={`${rid}-reason`} className="method__reason">
                    {m.reason}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
