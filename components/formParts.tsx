// The pieces the JSON form islands share (the contact form, the notify-me
// signup): their confirmation and their e-mail field.
import type { RefObject } from "react";

/**
 * A JSON form's confirmation in place of the form (useJSONForm's done
 * state): the heading and the text, focused when it appears (doneRef).
 */
export function FormDone({ title, text, doneRef }: { title: string; text: string; doneRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div ref={doneRef} className="form-done" tabIndex={-1}>
      <p className="form-done__title">
        <span className="form-done__icon" aria-hidden="true" />
        {title}
      </p>
      <p className="form-done__text">{text}</p>
    </div>
  );
}

/**
 * A JSON form's e-mail field, as a phone's keyboard and autofill want it;
 * an edit after an error puts the form back to idle (onChange).
 */
export function EmailInput(p: { id: string; placeholder: string; onChange: () => void; invalid: boolean; describedBy?: string }) {
  return (
    <input
      id={p.id}
      className="input"
      type="email"
      name="email"
      required
      autoComplete="email"
      inputMode="email"
      placeholder={p.placeholder}
      onChange={p.onChange}
      aria-invalid={p.invalid ? true : undefined}
      aria-describedby={p.describedBy}
    />
  );
}
