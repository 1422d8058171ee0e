// Header link to the basket with the number of items in the persisted cart.
import { useEffect, useState } from "react";
import { useItemCount } from "../cart/store";
import { interpolate } from "../i18n";

export interface CartBadgeProps {
  href: string;
  label: string;
  /** Accessible name with the count, e.g. "Basket, {count} items" (already pluralised per count by the caller is impossible, so the forms travel). */
  countLabel: Partial<Record<Intl.LDMLPluralRule, string>>;
  locale: string;
  /**
   * Set by the loader, never by the build: the count it wrote into this
   * markup before hydration (components/cart/firstClick.ts).
   */
  shownCount?: number;
}

export default function CartBadge({ href, label, countLabel, locale, shownCount = 0 }: CartBadgeProps) {
  const count = useItemCount(shownCount);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const form = countLabel[new Intl.PluralRules(locale).select(count)] ?? countLabel.other ?? label;
  return (
    <a className="cart-badge" href={href} aria-label={interpolate(form, { count })} data-hydrated={hydrated ? "" : undefined}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 3H21l-2 8H7.4L4.3 2H1v2h3.3Z" />
      </svg>
      {/* The space makes the visible text "Basket 4", which the accessible
          name "Basket, 4 items" contains (WCAG 2.5.3, label in name); a
          flex container does not lay it out. */}
      <span className="cart-badge__label">{label}</span>{" "}
      <span className="cart-badge__count" hidden={count === 0}>{count}</span>
    </a>
  );
}
