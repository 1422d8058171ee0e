// "Zamówienia wstrzymane" (SPEC.md §1): the modal that explains why the
// order button reads "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE". A native <dialog>
// opened with showModal(): focus moves in and is kept there, Escape closes
// it, and the page behind is inert.
import { useEffect, useId, useRef } from "react";

export interface PausedDialogProps {
  open: boolean;
  title: string;
  text: string;
  close: string;
  onClose: () => void;
}

export function PausedDialog({ open, title, text, close, onClose }: PausedDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={onClose}>
      <h2 id={`${id}-title`} className="modal__title">
        {title}
      </h2>
      <p id={`${id}-text`} className="modal__text">
        {text}
      </p>
      <form method="dialog" className="modal__actions">
        <button className="btn btn--primary" type="submit" autoFocus>
          {close}
        </button>
      </form>
    </dialog>
  );
}
