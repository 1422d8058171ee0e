// The parcel locker's picker (docs/shipping.md#at-the-checkout): a search
// by postcode, town or street (Enter or the button), or near the shopper
// (the browser's location, asked only on that tap); up to eight lockers
// from GET /v1/points with a schematic map we draw ourselves; the chosen
// one as a card with "Change". Nothing here asks another site for
// anything: the map links open OpenStreetMap in a new tab on a tap.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { formatOf } from "../formats";
import type { Translate } from "../i18n";
import type { ChosenPoint } from "./draft";
import { chosen, formatDistance, isAlwaysOpen, mapLink, schematic, streetLine, type Point } from "./lockers";
import { lastFound, usePoints, type Found } from "./usePoints";

export interface LockerPickerProps {
  id: string;
  t: Translate;
  locale: string;
  carrier: string;
  point: ChosenPoint | null;
  /** The lockers the daemon refused since they were listed (422 point_closed): not offered again. */
  closed: readonly string[];
  /** The field's problem (point_required, or the daemon's point_closed / point_unavailable). */
  error?: string;
  onChoose: (p: ChosenPoint) => void;
}

export function LockerPicker(p: LockerPickerProps) {
  const { id, t, point, error } = p;
  const [editing, setEditing] = useState(false);
  const [q, setQ] = useState("");
  const [active, setActive] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<"search" | "change" | null>(null);
  const finder = usePoints({
    carrier: p.carrier,
    locale: p.locale,
    messages: {
      offline: t("checkout.lockers.offline"),
      failed: t("checkout.lockers.failed"),
      geoDenied: t("checkout.lockers.geo_denied"),
      geoUnavailable: t("checkout.lockers.geo_unavailable"),
      tooShort: t("checkout.lockers.too_short"),
    },
  });
  const searching = !point || editing || Boolean(error);

  useEffect(() => {
    const to = focusAfter.current;
    focusAfter.current = null;
    if (to === "search") searchRef.current?.focus();
    if (to === "change") changeRef.current?.focus();
  }, [searching]);

  function choose(x: Point) {
    p.onChoose(chosen(x));
    setEditing(false);
    focusAfter.current = "change";
  }

  if (!searching && point) {
    return (
      <div className="lockers lockers--chosen" id={`${id}-point`}>
        <div className="locker-chosen">
          <p className="locker-chosen__label">{t("checkout.lockers.chosen_title")}</p>
          <p className="locker-chosen__code">
            <strong>{point.code}</strong>
            {isAlwaysOpen(point.hours) && <span className="locker-badge">{t("checkout.lockers.always_open")}</span>}
          </p>
          <p className="locker-chosen__address">
            {streetLine(point)}, {point.zip} {point.city}
          </p>
          {point.description && <p className="locker-chosen__desc">{point.description}</p>}
          <button
            ref={changeRef}
            type="button"
            className="btn btn--ghost btn--sm locker-chosen__change"
            onClick={() => {
              setEditing(true);
              focusAfter.current = "search";
            }}
          >
            {t("checkout.lockers.change")}
            <span className="visually-hidden"> {t("checkout.lockers.change_hidden", { code: point.code })}</span>
          </button>
        </div>
      </div>
    );
  }

  const s = finder.state;
  const found = lastFound(s);
  const busy = s.kind === "pending" || s.kind === "locating";
  const items = found ? found.items.filter((x) => !p.closed.includes(x.code)) : [];
  const status: ReactNode =
    s.kind === "locating" ? (
      <>
        <span className="spinner" aria-hidden="true" /> {t("checkout.lockers.locating")}
      </>
    ) : s.kind === "pending" ? (
      <>
        <span className="spinner" aria-hidden="true" /> {t("checkout.lockers.searching")}
      </>
    ) : s.kind === "done" ? (
      items.length === 0 ? (
        found?.near ? t("checkout.lockers.none_near") : t("checkout.lockers.none", { q: found?.q ?? "" })
      ) : found?.near ? (
        t("checkout.lockers.found_near", { count: items.length })
      ) : (
        t("checkout.lockers.found", { count: items.length, q: found?.q ?? "" })
      )
    ) : s.kind === "idle" ? (
      t("checkout.lockers.hint")
    ) : (
      ""
    );
  const describedBy = [error ? `${id}-point-error` : "", s.kind === "error" ? `${id}-point-search-error` : "", `${id}-point-status`]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="lockers" id={`${id}-point`} role="group" aria-labelledby={`${id}-point-title`}>
      <p id={`${id}-point-title`} className="lockers__title">
        {t("checkout.lockers.title")}
      </p>
      {error && (
        <p id={`${id}-point-error`} className="field-error lockers__error" role="alert">
          {error}
        </p>
      )}
      <div className="lockers__search" role="search" aria-label={t("checkout.lockers.search_region")}>
        <label className="form-field__label" htmlFor={`${id}-point-q`}>
          {t("checkout.lockers.search_label")}
        </label>
        <div className="lockers__row">
          <input
            ref={searchRef}
            id={`${id}-point-q`}
            className="input"
            type="search"
            name="point_q"
            value={q}
            placeholder={t("checkout.lockers.search_placeholder")}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault(); // Enter searches; it does not order
                finder.search(q);
              }
            }}
            aria-invalid={error || s.kind === "error" ? true : undefined}
            aria-describedby={describedBy}
          />
          <button type="button" className="btn btn--primary" onClick={() => finder.search(q)} disabled={busy}>
            {t("checkout.lockers.search")}
          </button>
        </div>
        <button type="button" className="btn btn--ghost btn--sm lockers__near" onClick={finder.nearMe} disabled={busy}>
          <svg className="lockers__near-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z" fill="currentColor" />
          </svg>
          {t("checkout.lockers.near_me")}
        </button>
      </div>
      {s.kind === "error" && (
        <p id={`${id}-point-search-error`} className="field-error" role="alert">
          {s.message}
        </p>
      )}
      <p id={`${id}-point-status`} className="lockers__status" aria-live="polite">
        {status}
      </p>
      {found && items.length > 0 && (
        <div className={`lockers__results${busy ? " is-stale" : ""}`} aria-busy={busy || undefined}>
          <LockerMap t={t} locale={p.locale} found={found} items={items} highlight={active ?? point?.code ?? null} />
          <ol className="lockers__list">
            {items.map((x, i) => (
              <LockerItem
                key={x.code}
                n={i + 1}
                x={x}
                t={t}
                locale={p.locale}
                current={point?.code === x.code}
                onActive={setActive}
                onChoose={() => choose(x)}
              />
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function LockerItem(p: { n: number; x: Point; t: Translate; locale: string; current: boolean; onActive: (code: string | null) => void; onChoose: () => void }) {
  const { x, t } = p;
  const open = isAlwaysOpen(x.hours);
  return (
    <li
      className={`locker${p.current ? " is-current" : ""}`}
      onMouseEnter={() => p.onActive(x.code)}
      onMouseLeave={() => p.onActive(null)}
      onFocus={() => p.onActive(x.code)}
      onBlur={() => p.onActive(null)}
    >
      <span className="locker__n" aria-hidden="true">
        {p.n}
      </span>
      <div className="locker__body">
        <div className="locker__info">
          <p className="locker__head">
            <strong className="locker__code">{x.code}</strong>
            {open && <span className="locker-badge">{t("checkout.lockers.always_open")}</span>}
            {(x.distance ?? 0) > 0 && (
              <span className="locker__distance">{t("checkout.lockers.distance", { distance: formatDistance(formatOf(p.locale), x.distance!) })}</span>
            )}
          </p>
          <p className="locker__address">
            {streetLine(x)}, {x.zip} {x.city}
          </p>
          {x.description && <p className="locker__desc">{x.description}</p>}
          {x.hours && !open && <p className="locker__hours">{t("checkout.lockers.hours", { hours: x.hours })}</p>}
        </div>
        <div className="locker__actions">
          <button type="button" className="btn btn--primary btn--sm locker__choose" onClick={p.onChoose}>
            {t("checkout.lockers.choose")}
            <span className="visually-hidden"> {x.code}</span>
          </button>
          <a className="locker__map" href={mapLink(x)} target="_blank" rel="noopener noreferrer">
            {t("checkout.lockers.map")}
            <span className="visually-hidden"> {t("checkout.lockers.map_hidden", { code: x.code })}</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        </div>
      </div>
    </li>
  );
}

/** The lockers around the searched place, numbered as in the list; drawn by us, north up. */
function LockerMap({ t, locale, found, items, highlight }: { t: Translate; locale: string; found: Found; items: Point[]; highlight: string | null }) {
  if (!found.centre) return null;
  const m = schematic(items, found.centre);
  const { x: cx, y: cy } = m.centre;
  const scaleText = m.scale.metres >= 1000 ? `${String(m.scale.metres / 1000).replace(".", formatOf(locale).decimal)}\u00a0km` : `${m.scale.metres}\u00a0m`;
  // The highlighted dot last: drawn over its neighbours.
  const dots = [...m.dots].sort((a, b) => Number(a.code === highlight) - Number(b.code === highlight));
  return (
    <svg className="lockers__map" viewBox={`0 0 ${m.width} ${m.height}`} role="img" aria-label={t("checkout.lockers.map_label")}>
      <rect className="lockers__map-bg" x="0" y="0" width={m.width} height={m.height} rx="8" />
      <circle className="lockers__map-ring" cx={cx} cy={cy} r={m.scale.length} />
      <circle className="lockers__map-ring" cx={cx} cy={cy} r={m.scale.length * 2} />
      <g className="lockers__map-centre">
        <path d={`M${cx - 7} ${cy}h14M${cx} ${cy - 7}v14`} />
        <circle cx={cx} cy={cy} r="3" />
      </g>
      <text className="lockers__map-north" x={m.width - 14} y="18" textAnchor="middle">
        N↑
      </text>
      {dots.map((d) => (
        <g key={d.code} className={`lockers__map-dot${d.code === highlight ? " is-highlighted" : ""}`}>
          <circle cx={d.x} cy={d.y} r={d.code === highlight ? 11 : 9} />
          <text x={d.x} y={d.y} dy="0.35em" textAnchor="middle">
            {d.n}
          </text>
        </g>
      ))}
      <g className="lockers__map-scale">
        <path d={`M10 ${m.height - 12}h${m.scale.length}`} />
        <text x={10} y={m.height - 17}>
          {scaleText}
        </text>
      </g>
    </svg>
  );
}
