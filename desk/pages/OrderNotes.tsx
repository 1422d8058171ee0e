import { useId, useState, type FormEvent } from "react";
import { Answer } from "../Answer";
import { call, type DeskOrder } from "../api";
import { formatInstant } from "../../components/dates";
import type { Translate } from "../i18n";

/** The longest note the desk takes (admin.MaxNote), in characters. */
export const MAX_NOTE = 2000;

/**
 * The owner's private notes on an order, oldest first, and a form for a
 * new one. A note is shown as React text (white space kept by CSS), never
 * as HTML. What was typed stays when the desk says no and goes when the
 * note is saved.
 */
export function OrderNotes({ t, locale, o, onChanged }: { t: Translate; locale: string; o: DeskOrder; onChanged: (o: DeskOrder) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError("");
    setDone("");
    const res = await call<DeskOrder>("POST", `orders/${o.id}/notes`, { text });
    setBusy(false);
    if (!res.ok) {
      setError(res.message || t("offline"));
      return;
    }
    setText("");
    setDone(t("notes.added"));
    onChanged(res.data);
  };

  return (
    <div className="card card--pad desk-notes" aria-busy={busy || undefined}>
      <h2 className="desk-h2">{t("notes.title")}</h2>
      <p className="desk-muted">{t("notes.lead")}</p>
      {o.notes.length === 0 ? (
        <p>{t("notes.empty")}</p>
      ) : (
        <ol className="desk-notes__list">
          {o.notes.map((n, i) => (
            <li key={i} className="desk-note">
              <p className="desk-note__meta">
                <time dateTime={n.at}>{formatInstant(locale, n.at)}</time> · {n.owner}
              </p>
              <p className="desk-note__text">{n.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="desk-notes__form" onSubmit={(e) => void add(e)}>
        <label className="form-field__label" htmlFor={`${id}-note`}>
          {t("notes.label")}
        </label>
        <textarea
          id={`${id}-note`}
          className="input desk-notes__input"
          name="note"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="form-field__hint">
          {t("notes.hint", { max: MAX_NOTE })}
        </p>
        <Answer error={error} done={done} />
        <button className="btn btn--primary" type="submit" disabled={busy}>
          {t("notes.add")}
        </button>
      </form>
    </div>
  );
}
