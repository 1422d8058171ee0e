import type { Build, DeskOrder } from "../api";
import { formatDate, formatInstant } from "../../components/dates";
import { HiltThumb } from "../../components/creator/HiltThumb";
import { localDay } from "../../components/status/OrderView";
import type { Translate } from "../i18n";
import { BuildRows, Rows } from "./BuildRows";
import { statusText } from "../status";
import { PrintFrame, TickBox } from "./PrintFrame";

/**
 * The workshop's build sheet of an order, one A4 page per creator design:
 * the hilt drawn from its parts, the quantity, the design's rows
 * (BuildRows: every part with the id it is looked up by, the generator,
 * the button, every preset, each with a box to tick),
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
            {t("print.placed", { date: formatInstant(locale, o.created) })} · {statusText(t, o)}
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
                {l.variant && <Rows t={t} rows={[l.variant]} />}
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
      <BuildRows t={t} build={build} tick heading={t("print.parts")} />
    </>
  );
}
