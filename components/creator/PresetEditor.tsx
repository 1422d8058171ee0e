// The presets as a tab list (WAI-ARIA APG tabs: arrow keys, Home and End
// move between tabs, Tab goes into the panel) and the panel of one preset:
// blade colour (ready colours or any colour) with the white channel, effect,
// ignition, retraction, sound font and clash colour.
import { useRef, type KeyboardEvent } from "react";
import type { CreatorData, CreatorOption } from "../generated/pagedata";
import type { Translate } from "../i18n";
import { bladeColor, type Preset } from "./design";
import { Dot } from "./Swatch";

export interface PresetEditorProps {
  id: string;
  options: CreatorData["options"];
  presets: Preset[];
  active: number;
  onActive: (i: number) => void;
  onChange: (i: number, change: Partial<Preset>) => void;
  t: Translate;
}

export function PresetEditor({ id, options, presets, active, onActive, onChange, t }: PresetEditorProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const p = presets[active];

  function onKey(e: KeyboardEvent) {
    const n = presets.length;
    const to = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const i = (to + n) % n;
    onActive(i);
    tabs.current[i]?.focus();
  }

  const select = (field: "effect" | "ignition" | "retraction" | "sound", label: string, list: CreatorOption[]) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <select id={`${id}-${field}`} className="input" value={p?.[field]} onChange={(e) => onChange(active, { [field]: e.target.value })}>
        {list.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="presets">
      <div className="presets__tabs" role="tablist" aria-label={t("creator_ui.presets_list")} onKeyDown={onKey}>
        {presets.map((pr, i) => (
          <button
            key={i}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${id}-panel`}
            tabIndex={i === active ? 0 : -1}
            className="presets__tab"
            onClick={() => onActive(i)}
          >
            <Dot className="presets__swatch" color={bladeColor(pr)} />
            <span className="visually-hidden">{t("creator_ui.preset_tab", { n: i + 1 })}</span>
            <span aria-hidden="true">{i + 1}</span>
          </button>
        ))}
      </div>
      {p && (
        <div className="presets__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
          <fieldset className="presets__colors">
            <legend className="form-field__label">{t("creator_ui.color")}</legend>
            <div className="swatches" role="radiogroup" aria-label={t("creator_ui.color_named")}>
              {options.colors.map((c) => (
                <label className="swatch" key={c.id} title={c.name}>
                  <input
                    type="radio"
                    name={`${id}-color`}
                    value={c.hex}
                    checked={p.color === c.hex}
                    onChange={() => onChange(active, { color: c.hex ?? "#ffffff" })}
                  />
                  <Dot className="swatch__dot" color={c.hex ?? "#ffffff"} />
                  <span className="visually-hidden">{c.name}</span>
                </label>
              ))}
            </div>
            <div className="presets__row">
              <div className="form-field form-field--color">
                <label className="form-field__label" htmlFor={`${id}-color`}>
                  {t("creator_ui.color_custom")}
                </label>
                <input id={`${id}-color`} type="color" className="color-input" value={p.color} onChange={(e) => onChange(active, { color: e.target.value.toLowerCase() })} />
              </div>
              <div className="form-field form-field--white">
                <label className="form-field__label" htmlFor={`${id}-white`}>
                  {t("creator_ui.white")} <output htmlFor={`${id}-white`} className="presets__value">{t("creator_ui.white_value", { value: p.white })}</output>
                </label>
                <input
                  id={`${id}-white`}
                  type="range"
                  className="range"
                  min={0}
                  max={255}
                  step={1}
                  value={p.white}
                  aria-valuetext={t("creator_ui.white_value", { value: p.white })}
                  onChange={(e) => onChange(active, { white: Number(e.target.value) })}
                />
              </div>
            </div>
          </fieldset>
          <div className="presets__grid">
            {select("effect", t("creator_ui.effect"), options.effects)}
            {select("sound", t("creator_ui.sound"), options.sounds)}
            {select("ignition", t("creator_ui.ignition"), options.ignitions)}
            {select("retraction", t("creator_ui.retraction"), options.ignitions)}
            <div className="form-field form-field--color">
              <label className="form-field__label" htmlFor={`${id}-clash`}>
                {t("creator_ui.clash")}
              </label>
              <input id={`${id}-clash`} type="color" className="color-input" value={p.clash} onChange={(e) => onChange(active, { clash: e.target.value.toLowerCase() })} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
