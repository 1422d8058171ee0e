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
