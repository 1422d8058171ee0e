import type { Build, BuildRow } from "../api";
import type { Translate } from "../i18n";
import { TickBox } from "./PrintFrame";

/**
 * A creator design's build sheet as the owner reads it at the bench, the
 * same on the order's page and on the printed sheet: labelled rows (each
 * part by its slot, the generator, the button), then each preset under
 * its number, field by field, the colours by the names the shopper chose
 * with a swatch. The rows and their order are the build sheet's
 * (internal/buildsheet); the labels are "sheet.<key>" in the desk's texts.
 * On paper (tick) every part and every preset gets a box to tick.
 */
export function BuildRows({ t, build, tick, heading }: { t: Translate; build: Build; tick?: boolean; heading?: string }) {
  return (
    <div className="sheet">
      <Rows t={t} rows={build.rows} tick={tick} caption={heading} />
      <div className="sheet__presets">
        {build.presets.map((rows, i) => (
          <section key={i} className="sheet__preset" aria-label={t("sheet.preset", { n: i + 1 })}>
            <h3 className="sheet__title">
              {tick && <TickBox />} {t("sheet.preset", { n: i + 1 })}
            </h3>
            <Rows t={t} rows={rows} />
          </section>
        ))}
      </div>
    </div>
  );
}

/** Rows of the sheet: a label, then the value. */
export function Rows({ t, rows, tick, caption }: { t: Translate; rows: BuildRow[]; tick?: boolean; caption?: string }) {
  return (
    <table className="sheet__rows">
      {caption && <caption>{caption}</caption>}
      <tbody>
        {rows.map((r, i) => (
          <tr key={i} data-key={r.key}>
            <th scope="row">{r.label ?? t(`sheet.${r.key}`)}</th>
            <td>
              <Value t={t} row={r} />
            </td>
            {tick && (
              <td className="sheet__tick">
                <TickBox />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A row's value: the white LED's level, a colour's swatch and name, a
 * catalogue name; then the id a part is looked up by, muted (only parts
 * and the generator carry one).
 */
function Value({ t, row }: { t: Translate; row: BuildRow }) {
  if (row.level !== undefined) return <>{t("sheet.white_value", { value: row.level })}</>;
  return (
    <>
      {row.swatch && (
        <>
          <Swatch colour={row.swatch} />{" "}
        </>
      )}
      {row.name}
      {row.id && (
        <>
          {row.name && " "}
          <code className="sheet__id" title={t("sheet.id")}>
            {row.id}
          </code>
        </>
      )}
      {!row.name && !row.id && "—"}
    </>
  );
}

/** A colour's swatch; only a "#rrggbb" the order validated is drawn. */
export function Swatch({ colour }: { colour?: string }) {
  if (!colour || !/^#[0-9a-f]{6}$/i.test(colour)) return null;
  // Set through the DOM's style object (React does), which the desk's CSP allows.
  return <span className="desk-swatch" style={{ backgroundColor: colour }} aria-hidden="true" />;
}
