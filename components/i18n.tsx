// Translation for templates and islands. Bundles come from content/i18n/*.toml,
// flattened by the Go build into "a.b.c" keys. A plural message is an object
// of CLDR categories (one/few/many/other) chosen with Intl.PluralRules.
import { createContext, useContext } from "react";

export type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
export type Bundle = Record<string, Message>;
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

const pluralRules = new Map<string, Intl.PluralRules>();

function plural(locale: string, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

/** Replaces {name} placeholders; unknown names are left visible so they get noticed. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translator(locale: string, bundle: Bundle): Translate {
  return (key, params) => {
    const msg = bundle[key];
    if (msg === undefined) return key;
    if (typeof msg === "string") return interpolate(msg, params);
    const count = Number(params?.count ?? 0);
    const form = msg[plural(locale, count)] ?? msg.other ?? "";
    return interpolate(form, params);
  };
}

export interface I18n {
  locale: string;
  t: Translate;
  /** The raw message, for islands that choose a plural form in the browser. */
  message: (key: string) => Message;
  /**
   * The messages under some prefixes ("checkout" takes "checkout.*"), for an
   * island's props: the island translates with translator(locale, picked),
   * so a big island does not need a prop per text.
   */
  pick: (...prefixes: string[]) => Bundle;
}

export function makeI18n(locale: string, bundle: Bundle): I18n {
  return {
    locale,
    t: translator(locale, bundle),
    message: (key) => bundle[key] ?? key,
    pick: (...prefixes) =>
      Object.fromEntries(Object.entries(bundle).filter(([k]) => prefixes.some((p) => k.startsWith(p + ".")))),
  };
}

const I18nContext = createContext<I18n>(makeI18n("en", {}));

export const I18nProvider = I18nContext.Provider;

/** The current locale's translate function. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

/** The current locale's translator with access to raw (plural) messages. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
