// The toast list, top right (docs/product-rules.md#toasts). The live region
// is always in the page, empty on the server, so screen readers announce what
// is added to it.
import { useEffect } from "react";
import { showPendingToast, useToasts } from "../toast";

export interface ToastsProps {
  /** Accessible name of the notification area. */
  label: string;
}

export default function Toasts({ label }: ToastsProps) {
  const toasts = useToasts();
  useEffect(showPendingToast, []);
  return (
    <div className="toasts" role="status" aria-live="polite" aria-label={label}>
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`}>
          <span className="toast__icon" aria-hidden="true" />
          <span className="toast__message">{t.message}</span>
        </div>
      ))}
    </div>
  );
}
