// An entry of the order's timeline in the owner's language: the desk gets
// each event described as a code and its parameters (Go: order.Describe,
// every stored shape of cause read there) and names it from the
// [timeline] texts; the parameters arrive inert.
import type { DeskEvent, DeskStage } from "./generated/desk";
import type { Translate } from "./i18n";
import { formatMoney } from "../components/money";

/** The text of key, or fallback when the bundle has none (a provider added later). */
function named(t: Translate, key: string, fallback: string): string {
  const s = t(key);
  return s === key ? fallback : s;
}

/** A payment provider's name in the desk's language ("sandbox" is the test mode). */
export const providerName = (t: Translate, p: string) => named(t, `timeline.providers.${p}`, p);

/** A payment method's name in the desk's language. */
export const methodName = (t: Translate, m: string) => named(t, `timeline.methods.${m}`, m);

export function eventText(t: Translate, locale: string, e: DeskEvent, stages: DeskStage[]): string {
  const p: Record<string, string> = { ...(e.text.params ?? {}) };
  if (p.amount !== undefined && p.currency) p.amount = formatMoney(locale, Number(p.amount), p.currency);
  if (p.method !== undefined) p.method = methodName(t, p.method);
  if (p.provider !== undefined) p.provider = providerName(t, p.provider);
  if (e.text.code === "stage") {
    p.stage = stages.find((s) => s.id === p.stage)?.name ?? p.stage ?? "";
    if (p.by === "terminal") p.by = t("timeline.terminal");
  }
  if (e.text.code === "parcel" && p.status) p.status = named(t, `shipment.statuses.${p.status}`, p.status);
  if (e.text.code === "text") p.status = t(`orders.statuses.${e.status}`);
  const params: Record<string, string | number> = { ...p };
  if (p.count !== undefined) params.count = Number(p.count);
  return t(`timeline.${e.text.code}`, params);
}
