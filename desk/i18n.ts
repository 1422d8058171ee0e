// The desk's texts: one bundle per language from GET /admin/api/texts
// (internal/desk/ui/*.toml), with the shop's translator.
import { translator, type Bundle, type Translate } from "../components/i18n";

export type { Translate };

export interface Texts {
  locale: string;
  t: Translate;
}

export async function loadTexts(): Promise<Texts | null> {
  try {
    const res = await fetch("/admin/api/texts", { cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { locale: string; texts: Bundle };
    return { locale: body.locale, t: translator(body.locale, body.texts) };
  } catch {
    return null;
  }
}
