// Shipping countries: the build's list is in the page; the daemon's list
// (GET /v1/deliveries?items=6, every page) replaces it once it has come, so
// a change the owner made after the build shows. A failure is silent
// (docs/product-rules.md#shipping): the build's list stays.
import { useEffect, useState } from "react";
import { api } from "../api";
import type { DeliveriesPage } from "../generated/api";

export interface Country {
  code: string;
  name: string;
  /** Minor units of the page's currency (the default method's, the courier's). */
  cost: number;
  days_min: number;
  days_max: number;
  /** The delivery methods, the default first (content/data/deliveries.toml). */
  methods: CountryMethod[];
}

/** A country's delivery method in the page's currency. */
export interface CountryMethod {
  id: string;
  carrier?: string;
  cost: number;
  days_min: number;
  days_max: number;
}

/** The page size of GET /v1/deliveries (docs/product-rules.md#shipping). */
export const DELIVERIES_PAGE_SIZE = 6;

export async function fetchDeliveries(locale: string, currency: string): Promise<Country[] | null> {
  const out: Country[] = [];
  for (let page = 1, pages = 1; page <= pages && page <= 20; page++) {
    const res = await api<DeliveriesPage>("GET", `/v1/deliveries?items=${DELIVERIES_PAGE_SIZE}&page=${page}&locale=${locale}`);
    if (!res.ok || !Array.isArray(res.data.items)) return null;
    for (const d of res.data.items) {
      if (d.currency !== currency) return null; // not this page's currency: keep the build's
      const methods = (Array.isArray(d.methods) ? d.methods : []).map((m) => ({
        id: m.id,
        ...(m.carrier ? { carrier: m.carrier } : {}),
        cost: m.costs?.[currency] ?? m.cost,
        days_min: m.days_min,
        days_max: m.days_max,
      }));
      out.push({ code: d.code, name: d.name, cost: d.cost, days_min: d.days_min, days_max: d.days_max, methods });
    }
    pages = res.data.pages;
  }
  return out.length ? out : null;
}

export function useDeliveries(locale: string, currency: string, built: Country[]): Country[] {
  const [list, setList] = useState(built);
  useEffect(() => {
    let live = true;
    void fetchDeliveries(locale, currency).then((got) => {
      if (live && got) setList(got);
    });
    return () => {
      live = false;
    };
  }, [locale, currency]);
  return list;
}
