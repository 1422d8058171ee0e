// The EU's harmonised notice on the legal guarantee of conformity
// (Commission Implementing Regulation (EU) 2025/1960, Annex I), built from
// its official text (content/data/guarantee-notice.toml, through the page
// data) in the notice's layout: the blue header with the emblem and the
// title, the blue box, the conditions and remedies with their check marks,
// the grey panel with the QR code and its link, what to do in two numbered
// steps, and the GARAN note. Static, rendered by the page (never an
// island), so it costs no JavaScript and never shifts the page
// (docs/legal.md#the-eu-guarantee-notice). Styles: components/guarantee.css.
import { Fragment } from "react";
import type { Run } from "./generated/catalog";
import type { GuaranteeNotice as Data } from "./generated/pagedata";

export interface GuaranteeNoticeProps {
  notice: Data;
  /** The id of its title (an h2), unique on the page. */
  id: string;
}

export function GuaranteeNotice({ notice, id }: GuaranteeNoticeProps) {
  const n = notice.text;
  return (
    <section className="gnotice" lang={n.lang} aria-labelledby={id}>
      <div className="gnotice__head">
        <Emblem />
        <h2 id={id} className="gnotice__title">
          {n.title.map((line, i) => (
            <span className="gnotice__title-line" key={i}>
              {line}
            </span>
          ))}
        </h2>
      </div>
      <div className="gnotice__body">
        <div className="gnotice__main">
          <p className="gnotice__box">
            <Runs rich={n.box} />
          </p>
          <p>{n.intro}</p>
          <ul className="gnotice__checks" role="list">
            {n.conditions.map((c, i) => (
              <li key={i}>{c}</li>
            ))}
          </ul>
          <p>
            <Runs rich={n.liable} />
          </p>
          <ul className="gnotice__checks" role="list">
            {n.remedies.map((r, i) => (
              <li key={i}>
                <Runs rich={r} />
              </li>
            ))}
          </ul>
        </div>
        <div className="gnotice__panel">
          <p>{n.periods}</p>
          <p>{n.more}</p>
          <a className="gnotice__qr" href={n.qr} rel="external">
            <img src={notice.qr_image} width={132} height={132} alt="" loading="lazy" decoding="async" />
            <span className="gnotice__link">
              {n.link.split("/").map((part, i) => (
                // A break may come after each slash, never inside a word.
                <Fragment key={i}>
                  {i > 0 && (
                    <>
                      /<wbr />
                    </>
                  )}
                  {part}
                </Fragment>
              ))}
            </span>
          </a>
        </div>
      </div>
      <div className="gnotice__todo">
        <h3 className="gnotice__todo-title">
          <span className="gnotice__todo-what">{n.todo}</span> <span className="gnotice__todo-when">{n.todo_when}</span>
        </h3>
        <ol className="gnotice__steps" role="list">
          {n.steps.map((s, i) => (
            <li key={i}>
              <span className="gnotice__step" aria-hidden="true">
                {i + 1}
              </span>
              {s}
            </li>
          ))}
        </ol>
      </div>
      <div className="gnotice__garan">
        <span className="gnotice__garan-label" aria-hidden="true">
          <Check />
          GARAN
        </span>
        <p>
          <Runs rich={n.garan} />
        </p>
      </div>
    </section>
  );
}

function Runs({ rich }: { rich: Run[] }) {
  return (
    <>
      {rich.map((r, i) => (r.bold ? <strong key={i}>{r.text}</strong> : <span key={i}>{r.text}</span>))}
    </>
  );
}

/** The notice's emblem: a blue shield, white-edged, with twelve yellow stars in a ring around a white G. */
function Emblem() {
  const stars = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return { x: 50 + 27 * Math.sin(a), y: 50 - 27 * Math.cos(a) };
  });
  return (
    <svg className="gnotice__emblem" viewBox="0 0 100 118" aria-hidden="true" focusable="false">
      <path d="M4 4h92v60c0 26-20 42-46 50C24 106 4 90 4 64z" fill="#039" stroke="#fff" strokeWidth="3" />
      <defs>
        <path id="gnotice-star" d="M0-5l1.18 3.63h3.8l-3.08 2.24 1.18 3.63L0 2.26l-3.08 2.24 1.18-3.63-3.08-2.24h3.8z" />
      </defs>
      {stars.map((s, i) => (
        <use key={i} href="#gnotice-star" x={s.x.toFixed(2)} y={s.y.toFixed(2)} fill="#ffed00" />
      ))}
      <path d="M60 41a14 14 0 1 0 2 14H50" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

function Check() {
  return (
    <svg className="gnotice__garan-check" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="#000" />
      <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
