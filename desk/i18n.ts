// The desk's texts: one bundle per language from GET /admin/api/texts
// (internal/desk/ui/*.toml), with the shop's translator.
import { translator, type Bundle, type Translate } from "../components/i18n";

export type { Translate };

export interface Texts {
  locale: string;
  t: Translate;
}

/** The desk's texts in the owner's language, or in lang (the packing slip speaks the order's). */
export async function loadTexts(lang?: string): Promise<Texts | null> {
  try {
    const res = await fetch("/admin/api/texts" + (lang ? `?lang=${encodeURIComponent(lang)}` : ""), { cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { locale: string; texts: Bundle };
    return { locale: body.locale, t: translator(body.locale, body.texts) };
  } catch {
    return null;
  }
}
