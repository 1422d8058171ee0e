// The blade of the preview: lit in the preset's colour (RGB plus the white
// channel), animated with its effect, ignited and retracted in its styles,
// flashing the clash colour on a clash. All CSS (creator.css); with
// prefers-reduced-motion the animations are off and the colour stays.
import { useCssVars } from "./cssVars";
import { bladeColor, type Preset } from "./design";

export interface BladeProps {
  preset: Preset;
  lit: boolean;
  /** Changes to replay the ignition (a new preset, the Ignite button). */
  igniteKey: number;
  /** Changes to flash the clash colour. */
  clashKey: number;
  label: string;
  /** Lying down (pointing right) instead of upright. */
  lying?: boolean;
}

/** Only ids made of safe characters become class names. */
const cls = (id: string) => (/^[a-z0-9-]+$/.test(id) ? id : "unknown");

export function Blade({ preset, lit, igniteKey, clashKey, label, lying }: BladeProps) {
  const ref = useCssVars<HTMLDivElement>({ "--blade": bladeColor(preset), "--clash": preset.clash });
  const motion = lit ? `blade--on blade--ign-${cls(preset.ignition)}` : `blade--off blade--ret-${cls(preset.retraction)}`;
  return (
    <div className={lying ? "blade-wrap blade-wrap--lying" : "blade-wrap"} role="img" aria-label={label} ref={ref}>
      <div key={`${igniteKey}-${lit}`} className={`blade ${motion}`}>
        <div className={`blade__light blade--fx-${cls(preset.effect)}`} />
        {clashKey > 0 && <div key={clashKey} className="blade__clash" />}
      </div>
    </div>
  );
}
