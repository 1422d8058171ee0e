// What stands in for the buy button while the owner has paused orders
// (SPEC.md §1: "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE" and "Zamówienia
// wstrzymane"): on product pages (server-rendered) and in the creator.
import type { Translate } from "./i18n";

export function OrdersPaused({ t }: { t: Translate }) {
  return (
    <>
      <button type="button" className="btn btn--primary btn--lg btn--block" disabled>
        {t("orders.paused_button")}
      </button>
      <p className="notice notice--warn" role="status">
        <strong>{t("orders.paused_title")}</strong> {t("orders.paused_text")}
      </p>
    </>
  );
}
