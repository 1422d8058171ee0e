import type { Build, DeskOrder, Named } from "../api";
import { formatDate, formatInstant } from "../../components/dates";
import { HiltThumb } from "../../components/creator/HiltThumb";
import { localDay } from "../../components/status/OrderView";
import type { Translate } from "../i18n";
import { Swatch } from "./Order";
import { PrintFrame, TickBox } from "./PrintFrame";

/**
 * The workshop's build sheet of an order, one A4 page per creator design:
 * the hilt drawn from its parts, every part, the generator and the button
 * with their catalogue ids and a box to tick, every preset, the quantity,
 * the ship-by day, and a box for the checks and a signature. In the
 * owner's language: the workshop reads it.
 */
export function BuildSheet({ t, locale, id, back }: { t: Translate; locale: string; id: number; back: () => void }) {
  return (
    <PrintFrame t={t} id={id} back={back} title={(o) => `${t("print.sheet_title")} · ${t("print.order", { number: o.id })}`}>
      {(o) => <Sheet t={t} locale={locale} o={o} />}
    </PrintFrame>
  );
}

function Sheet({ t, locale, o }: { t: Translate; locale: string; o: DeskOrder }) {
  const designs = o.lines.filter((l) => l.build);
  const others = o.lines.filter((l) => !l.build);
  return (
    <>
      <header className="paper__head">
        <div>
          <p className="paper__kicker">
            {o.sender.name} · {t("print.sheet_title")}
          </p>
          <h1 className="paper__title">{t("print.order", { number: o.id })}</h1>
          <p className="paper__meta">
            {t("print.placed", { date: formatInstant(locale, o.created) })} · {t(`orders.statuses.${o.status}`)}
          </p>
        </div>
        <p className="paper__due">
          {o.ship_by ? t("print.ship_by", { date: formatDate(locale, localDay(o.ship_by)) }) : t("print.build_days", { count: o.build_days })}
        </p>
      </header>

      {designs.map((l, i) => (
        <section key={i} className="paper__design" aria-label={t("print.design", { n: i + 1, count: designs.length })}>
          {/* Each design after the first starts a page: its heading names the order again. */}
          {designs.length > 1 && (
            <h2 className="paper__h2">
              {t("print.design", { n: i + 1, count: designs.length })} · {t("print.order", { number: o.id })}
            </h2>
          )}
          <Design t={t} build={l.build!} quantity={l.quantity} name={l.name} />
        </section>
      ))}

      {others.length > 0 && (
        <section className="paper__others">
          <h2 className="paper__h2">{t("print.other")}</h2>
          <ul className="paper__list">
            {others.map((l, i) => (
              <li key={i}>
                <TickBox /> <strong>{l.quantity} ×</strong> {l.name}
                {l.sheet && <span className="paper__note"> · {l.sheet.join(" · ")}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="paper__workshop" aria-label={t("print.workshop")}>
        <h2 className="paper__h2">{t("print.workshop")}</h2>
        <ul className="paper__checks">
          {(["assembled", "tested", "packed"] as const).map((k) => (
            <li key={k}>
              <TickBox /> {t(`print.${k}`)}
            </li>
          ))}
        </ul>
        <p className="paper__sign">
          <span>{t("print.signature")}</span>
          <span>{t("print.date")}</span>
        </p>
      </section>
    </>
  );
}

/** A table's column heads, the last one over the boxes to tick. */
function Heads({ t, cols }: { t: Translate; cols: string[] }) {
  return (
    <thead>
      <tr>
        {cols.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        <th scope="col" className="paper__tick">
          {t("print.check")}
        </th>
      </tr>
    </thead>
  );
}

function TickCell() {
  return (
    <td className="paper__tick">
      <TickBox />
    </td>
  );
}

/** A catalogue name with its id beside it (the workshop's parts are labelled by id). */
function Name({ n }: { n: Named }) {
  return (
    <>
      {n.name || "—"} <code className="paper__id">{n.id}</code>
    </>
  );
}

function Design({ t, build, quantity, name }: { t: Translate; build: Build; quantity: number; name: string }) {
  const slots = build.parts.map((p) => ({ id: p.slot, options: [{ id: p.id, image: p.image }] }));
  const parts = Object.fromEntries(build.parts.map((p) => [p.slot, p.id]));
  const hilt = `${t("print.hilt")}: ${build.parts.map((p) => p.name || p.id).join(", ")}`;
  return (
    <>
      <div className="paper__hiltrow">
        <div className="paper__hilt">
          <HiltThumb slots={slots} parts={parts} label={hilt} />
        </div>
        <p className="paper__qty">
          <span className="paper__label">{t("print.quantity")}</span>
          <strong>{quantity} ×</strong> {name}
        </p>
      </div>

      <table className="paper__table">
        <caption>{t("print.parts")}</caption>
        <Heads t={t} cols={[t("print.slot"), t("print.part")]} />
        <tbody>
          {build.parts.map((p) => (
            <tr key={p.slot}>
              <th scope="row">{p.slot_name}</th>
              <td>
                <Name n={p} />
              </td>
              <TickCell />
            </tr>
          ))}
          {(["generator", "button"] as const).map((k) =>
            build[k].id ? (
              <tr key={k}>
                <th scope="row">{t(`print.${k}`)}</th>
                <td>
                  <Name n={build[k]} />
                </td>
                <TickCell />
              </tr>
            ) : null,
          )}
        </tbody>
      </table>

      {/* On a phone the table is wider than the screen: it scrolls, reachable by keyboard. */}
      <div className="paper__wide" tabIndex={0} role="region" aria-label={t("print.presets")}>
        <table className="paper__table paper__presets">
          <caption>{t("print.presets")}</caption>
          <Heads t={t} cols={["#", ...(["colour", "effect", "ignition", "sound", "clash"] as const).map((k) => t(`print.${k}`))]} />
          <tbody>
            {build.presets.map((p, k) => (
              <tr key={k}>
                <th scope="row">{k + 1}</th>
                <td>
                  <Swatch colour={p.colour} /> <code>{p.colour}</code>
                  {p.white > 0 && <span className="paper__note"> + {t("print.white", { value: p.white })}</span>}
                </td>
                <td>
                  <Name n={p.effect} />
                </td>
                <td>
                  <Name n={p.ignition} /> / <Name n={p.retraction} />
                </td>
                <td>
                  <Name n={p.sound} />
                </td>
                <td>
                  <Swatch colour={p.clash} /> <code>{p.clash}</code>
                </td>
                <TickCell />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
