// A radio group of choices as picture cards in a row that scrolls sideways
// (a slot's parts, the generators): native radios, so arrow keys move the
// choice and the form works the way screen readers expect.
//
// A row wider than the column shows that it scrolls: the side with more
// cards fades out and has an arrow button (mouse and touch; keyboard users
// move through the radios with the arrow keys, and the chosen card is
// scrolled into view). Swiping and the scroll wheel scroll it natively.
import { useCallback, useEffect, useRef, useState } from "react";
import type { CreatorPart } from "../generated/pagedata";
import type { Translate } from "../i18n";

export interface PartPickerProps {
  name: string;
  legend: string;
  options: CreatorPart[];
  value: string;
  onChange: (id: string) => void;
  t: Translate;
}

/** What lies beyond the row's edges: nothing until measured in the browser. */
interface More {
  before: boolean;
  after: boolean;
}

/** A pixel of slack: scroll positions are fractional on zoomed screens. */
const SLACK = 1;

function measure(row: HTMLElement): More {
  const max = row.scrollWidth - row.clientWidth;
  return { before: row.scrollLeft > SLACK, after: max > SLACK && row.scrollLeft < max - SLACK };
}

function useMore(row: React.RefObject<HTMLDivElement | null>): More {
  const [more, setMore] = useState<More>({ before: false, after: false });
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () =>
      setMore((m) => {
        const n = measure(el);
        return n.before === m.before && n.after === m.after ? m : n;
      });
    update();
    el.addEventListener("scroll", update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      ro.disconnect();
    };
  }, [row]);
  return more;
}

export function PartPicker({ name, legend, options, value, onChange, t }: PartPickerProps) {
  const row = useRef<HTMLDivElement>(null);
  const more = useMore(row);
  const page = useCallback((dir: -1 | 1) => {
    const el = row.current;
    if (!el) return;
    // Most of a row's width: the card cut at the edge comes whole into view.
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: dir * Math.max(el.clientWidth * 0.8, 1), behavior: reduce ? "auto" : "smooth" });
  }, []);
  const choose = (id: string, label: HTMLElement) => {
    onChange(id);
    label.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  return (
    <fieldset className="picker">
      <legend className="picker__legend">{legend}</legend>
      <div className="picker__frame" data-more-before={more.before || undefined} data-more-after={more.after || undefined}>
        <div className="picker__row" ref={row}>
          {options.map((o) => (
            <label className="picker__option" key={o.id}>
              <input
                type="radio"
                name={name}
                value={o.id}
                checked={o.id === value}
                onChange={(e) => choose(o.id, e.currentTarget.parentElement!)}
              />
              {o.image && <img src={o.image} alt="" width={96} height={48} loading="lazy" decoding="async" />}
              <span className="picker__name">{o.name}</span>
              <span className="picker__price">
                {o.price.amount > 0 ? t("creator_ui.surcharge", { price: o.price.formatted }) : t("creator_ui.included")}
              </span>
            </label>
          ))}
        </div>
        {/* Out of the tab order and the accessibility tree: the radios
            already reach every card, by arrow keys. */}
        <button
          type="button"
          className="picker__scroll picker__scroll--before"
          tabIndex={-1}
          aria-hidden="true"
          title={t("creator_ui.picker.before")}
          hidden={!more.before}
          onClick={() => page(-1)}
        />
        <button
          type="button"
          className="picker__scroll picker__scroll--after"
          tabIndex={-1}
          aria-hidden="true"
          title={t("creator_ui.picker.after")}
          hidden={!more.after}
          onClick={() => page(1)}
        />
      </div>
    </fieldset>
  );
}
