// A radio group of choices as picture cards in a row that scrolls sideways
// (a slot's parts, the generators): native radios, so arrow keys move the
// choice and the form works the way screen readers expect.
import type { CreatorPart } from "../../templates/types";
import type { Translate } from "../i18n";

export interface PartPickerProps {
  name: string;
  legend: string;
  options: CreatorPart[];
  value: string;
  onChange: (id: string) => void;
  t: Translate;
}

export function PartPicker({ name, legend, options, value, onChange, t }: PartPickerProps) {
  return (
    <fieldset className="picker">
      <legend className="picker__legend">{legend}</legend>
      <div className="picker__row">
        {options.map((o) => (
          <label className="picker__option" key={o.id}>
            <input type="radio" name={name} value={o.id} checked={o.id === value} onChange={() => onChange(o.id)} />
            {o.image && <img src={o.image} alt="" width={96} height={48} loading="lazy" decoding="async" />}
            <span className="picker__name">{o.name}</span>
            <span className="picker__price">
              {o.price.amount > 0 ? t("creator_ui.surcharge", { price: o.price.formatted }) : t("creator_ui.included")}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
