// The basket's lines and their price: the cart, the daemon's quote for it
// (with the shipping country and the applied discount code), the shipping
// list, and the line actions (quantity, remove, clear) with their toasts
// and analytics events.
import { useEffect, useMemo, useState } from "react";
import { clearCart, removeAt, setQuantity, useCart, type CartItem } from "../cart/store";
import { commerceItems, pushCommerceEvent } from "../events";
import type { Translate } from "../i18n";
import { showToast } from "../toast";
import { useDeliveries, type Country } from "./deliveries";
import type { MethodChoice } from "./DeliveryMethods";
import type { BasketProduct } from "./Lines";
import { lastQuote, useQuote, type Quote, type QuoteState } from "./quote";

/** The creator's product slug (internal/order.CreatorSlug). */
const CREATOR = "custom-saber-creator";

export interface BasketInput {
  locale: string;
  currency: string;
  /** The build's shipping list (GET /v1/deliveries replaces it). */
  countries: Country[];
  products: BasketProduct[];
  t: Translate;
  /** The draft's shipping country, priced by the quote. */
  country: string;
  /** The draft's delivery method ("" the country's default), priced by the quote. */
  method: string;
  /** The code of the draft read from the tab: applied until another is. */
  restoredCode?: string;
  /** The build's [legal] creator_returnable: designs carry the right of withdrawal. */
  creatorReturnable: boolean;
}

export interface Basket {
  items: readonly CartItem[];
  quoteState: QuoteState;
  /** The last good quote, shown while a new one loads. */
  quote?: Quote;
  /** Asks for the quote again. */
  requote: () => void;
  /** The applied code (the one quoted), and why it was refused. */
  code: string;
  codeError: string;
  applyCode: (code: string) => void;
  /** Drops the code; a refusal (message) is shown by the code's field. */
  dropCode: (refusal?: string) => void;
  clearCodeError: () => void;
  /** Sorted by name in the shopper's language. */
  countries: Country[];
  /** The chosen country, when it is on the list. */
  country?: Country;
  /**
   * The chosen country's delivery methods for this basket: the quote's
   * (with whether the basket fits each) once it has come, else the list's.
   */
  methods: MethodChoice[];
  /** The method the order goes by: the one chosen when the basket fits it, else the country's default. */
  method: string;
  /** The quote's problem with line i, if any. */
  lineError: (i: number) => string | undefined;
  hasLineErrors: boolean;
  /** Quoted without problems: the order can be placed. */
  ready: boolean;
  notReturnable: boolean;
  /** A design in the cart carries the 14-day right of withdrawal (docs/legal.md#withdrawal). */
  creatorReturnable: boolean;
  nameOf: (item: CartItem | undefined) => string;
  setQuantity: (position: number, quantity: number) => void;
  remove: (position: number) => void;
  clear: () => void;
}

export function useBasket(p: BasketInput): Basket {
  const { t } = p;
  const items = useCart();
  const [applied, setCode] = useState<string | null>(null);
  const code = applied ?? p.restoredCode ?? "";
  const [codeError, setCodeError] = useState("");
  const [retry, setRetry] = useState(0);
  const all = useDeliveries(p.locale, p.currency, p.countries);
  const country = all.find((c) => c.code === p.country);
  // A method the country lacks is the default; the quote says whether the basket fits it.
  const asked = country?.methods.some((m) => m.id === p.method) ? p.method : "";
  const quoteState = useQuote({ locale: p.locale, items, country: p.country, code, method: asked }, retry);
  const quote = lastQuote(quoteState);

  // A refused code is shown next to its field and dropped from the quote.
  useEffect(() => {
    if (quoteState.kind === "invalid" && quoteState.error.fields.code && code) {
      setCodeError(quoteState.error.fields.code);
      setCode("");
    }
  }, [quoteState, code]);

  // The build lists the countries in the locale's alphabetical order
  // (internal/site sortCountries); the daemon's list follows that order.
  // Only a country the build did not know needs the browser's collator: a
  // page's first Intl.Collator loads ICU data, tens of ms of main thread.
  const countries = useMemo(() => {
    const rank = new Map(p.countries.map((c, i) => [c.code, i]));
    if (all.every((c) => rank.has(c.code))) return [...all].sort((a, b) => (rank.get(a.code) ?? 0) - (rank.get(b.code) ?? 0));
    const collator = new Intl.Collator(p.locale);
    return [...all].sort((a, b) => collator.compare(a.name, b.name));
  }, [all, p.countries, p.locale]);

  function nameOf(item: CartItem | undefined): string {
    if (!item) return "";
    if (item.creator || item.product === CREATOR) return t("basket.custom_saber");
    return p.products.find((x) => x.slug === item.product)?.title ?? item.product;
  }

  function remove(position: number) {
    const line = quote?.lines[position];
    removeAt(position);
    if (line && quote) pushCommerceEvent("remove_from_cart", quote.currency, line.total, commerceItems([line]));
    showToast(t("basket.removed", { name: line?.name ?? nameOf(items[position]) }), "info");
  }

  function clear() {
    if (quote) pushCommerceEvent("remove_from_cart", quote.currency, quote.totals.subtotal, commerceItems(quote.lines));
    clearCart();
    showToast(t("basket.cleared"), "info");
  }

  // The quote's options are for the basket it priced; while the country
  // just changed, its own list (everything fits until the quote says not).
  const methods: MethodChoice[] = useMemo(() => {
    if (!country) return [];
    const quoted = quote?.methods ?? [];
    if (quoted.length && quoted.length === country.methods.length && quoted.every((m, i) => m.id === country.methods[i]?.id)) {
      return quoted.map((m) => ({ id: m.id, carrier: m.carrier, cost: m.cost, days_min: m.days_min, days_max: m.days_max, fits: m.fits, reason: m.reason }));
    }
    return country.methods.map((m) => ({ ...m, fits: true }));
  }, [country, quote]);
  const fitting = methods.find((m) => m.id === asked && m.fits);
  const method = fitting ? fitting.id : (methods[0]?.id ?? "");

  const itemErrors = quoteState.kind === "invalid" ? quoteState.error.fields : {};
  const hasLineErrors = Object.keys(itemErrors).some((f) => f.startsWith("items"));

  return {
    items,
    quoteState,
    quote,
    requote: () => setRetry((n) => n + 1),
    code,
    codeError,
    applyCode: (c) => {
      setCodeError("");
      setCode(c);
    },
    dropCode: (refusal = "") => {
      setCode("");
      setCodeError(refusal);
    },
    clearCodeError: () => setCodeError(""),
    countries,
    country,
    methods,
    method,
    lineError: (i) => Object.entries(itemErrors).find(([f]) => f === `items.${i}` || f.startsWith(`items.${i}.`))?.[1],
    hasLineErrors,
    ready: quoteState.kind === "done" && !hasLineErrors,
    // The quote's lines say what the order would record; before it, the build's setting.
    notReturnable: quote ? !quote.returnable : !p.creatorReturnable && items.some((i) => i.creator),
    creatorReturnable: quote ? quote.lines.some((l) => l.creator && l.returnable) : p.creatorReturnable && items.some((i) => i.creator),
    nameOf,
    setQuantity,
    remove,
    clear,
  };
}
