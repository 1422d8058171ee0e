import type { DeskOrder } from "./api";
import type { Translate } from "./i18n";

/**
 * An order's status in words, on its badge and its printed sheet: a paid
 * order in production names the stage it reached instead of "to build"
 * (the list's badge stays the status: the list filters by stage).
 */
export function statusText(t: Translate, o: DeskOrder): string {
  const stage = o.status === "paid" && o.stage ? o.stages.find((s) => s.id === o.stage) : undefined;
  return stage ? t("orders.statuses.paid_at", { stage: stage.name }) : t(`orders.statuses.${o.status}`);
}
