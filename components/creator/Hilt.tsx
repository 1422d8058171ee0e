// The hilt as three image areas stacked into one saber
// (docs/product-rules.md#layout: 125 px high, 200 px from 992 px): emitter on
// top, under the blade, then the grip and the pommel. The part pictures are
// drawn lying down (emitter end to the right); the areas stand them up. Each
// area steps through its slot's parts.
import type { CreatorSlot } from "../generated/pagedata";
import type { Translate } from "../i18n";

export interface HiltProps {
  slots: CreatorSlot[];
  parts: Record<string, string>;
  onStep: (slot: string, delta: 1 | -1) => void;
  t: Translate;
}

export function Hilt({ slots, parts, onStep, t }: HiltProps) {
  return (
    <div className="hilt">
      {slots.map((s, i) => {
        const part = s.options.find((o) => o.id === parts[s.id]) ?? s.options[0];
        const pos = i === 0 ? "top" : i === slots.length - 1 ? "bottom" : "middle";
        return (
          <div className={`hilt__area hilt__area--${pos}`} key={s.id} data-slot={s.id}>
            <p className="hilt__label">
              <span className="hilt__slot">{s.name}</span>
              <span className="hilt__part">{part?.name}</span>
            </p>
            <div className="hilt__picture">
              {part?.image && (
                <img src={part.image} alt={t("creator_ui.part_of", { slot: s.name, part: part.name })} width={200} height={100} decoding="async" />
              )}
            </div>
            <div className="hilt__steps">
              <button type="button" className="hilt__step" onClick={() => onStep(s.id, -1)} aria-label={t("creator_ui.prev_part", { slot: s.name })}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
              </button>
              <button type="button" className="hilt__step" onClick={() => onStep(s.id, 1)} aria-label={t("creator_ui.next_part", { slot: s.name })}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
