// The shopper's opt-in to an e-mail at each production stage of a paid order
// (docs/decisions/orders-and-payments.md#one-e-mail-per-stage-forward-only-if-the-shopper-asked):
// a checkbox that saves itself. While the answer is on its way the box shows
// the asked state and ignores clicks; a failure puts it back and says so.
import { useState } from "react";
import { useIslandId } from "../islandId";
import type { Translate } from "../i18n";
import { showToast } from "../toast";
import { postStageEmails, type Order } from "./api";

export interface StageEmailsProps {
  t: Translate;
  locale: string;
  order: Order;
  onOrder: (order: Order) => void;
}

export function StageEmails({ t, locale, order, onOrder }: StageEmailsProps) {
  const id = useIslandId();
  const [asked, setAsked] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const on = order.production?.emails ?? false;

  async function change(next: boolean) {
    if (asked !== null) return;
    setAsked(next);
    setError(null);
    const a = await postStageEmails(order.hash, next, locale);
    setAsked(null);
    if (a.ok) {
      onOrder(a.data.order);
      showToast(a.data.message, "success");
      return;
    }
    setError(a.message || t("order_status.production.emails_error"));
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="order-stage-emails" aria-busy={asked !== null || undefined}>
      <label className="checkbox">
        <input
          type="checkbox"
          name="stage_emails"
          checked={asked ?? on}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        <span>{t("order_status.production.emails_label")}</span>
      </label>
      <p id={hintId} className="form-field__hint">
        {t("order_status.production.emails_hint")}
      </p>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
