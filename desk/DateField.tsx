// A day or a month picked in the desk's language. <input type="date"> and
// type="month" show their fields in the browser's own language (Chromium
// ignores the page's and the input's lang: an English desk in a Polish
// browser reads "dd.mm.rrrr", a Polish desk in an English one
// "mm/dd/yyyy"), so the desk picks a day from selects it names itself:
// the day, the month by name (Intl, in the desk's locale) and the year;
// a phone opens each as its own wheel. The value is ISO, "YYYY-MM-DD" or
// "YYYY-MM" (month), or "" while nothing is picked.
import { useState } from "react";
import type { Translate } from "./i18n";

export interface DateFieldProps {
  /** the first select's id: the field's <label htmlFor> names it (the day,
   * or a month picker's month); the others are named by their part */
  id: string;
  t: Translate;
  locale: string;
  /** "month": month and year only */
  kind?: "date" | "month";
  /** controlled value; without it, defaultValue starts an uncontrolled field */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** the form field's name: a hidden input carries the ISO value */
  name?: string;
  /** the years offered, first and last, inclusive */
  years: [number, number];
  /** "" (nothing picked) can be chosen */
  optional?: boolean;
  /** the id of a hint that describes the field (on its first select) */
  describedBy?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

function parts(value: string): { y: string; m: string; d: string } {
  const [y = "", m = "", d = ""] = value.split("-");
  return { y, m, d };
}

/** The months' names in locale, January first (standalone: "listopad", not "listopada"). */
export function monthNames(locale: string, width: "long" | "short"): string[] {
  const f = new Intl.DateTimeFormat(locale, { month: width, timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, i) => f.format(Date.UTC(2026, i, 1)));
}

export function DateField({ id, t, locale, kind = "date", value, defaultValue = "", onChange, name, years, optional = true, describedBy }: DateFieldProps) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const { y, m, d } = parts(current);
  const month = kind === "month";
  const set = (next: { y: string; m: string; d: string }) => {
    let v = "";
    if (next.y && next.m && (month || next.d)) {
      // A day the month lacks (31 February) is its last.
      const last = new Date(Date.UTC(Number(next.y), Number(next.m), 0)).getUTCDate();
      v = month ? `${next.y}-${next.m}` : `${next.y}-${next.m}-${pad(Math.min(Number(next.d), last))}`;
    }
    if (value === undefined) setOwn(v);
    onChange?.(v);
  };
  // Picking one part of an empty field fills the others with today's, so
  // one choice gives a whole day; a part set to "—" empties the field.
  const pick = (part: "y" | "m" | "d", v: string) => {
    if (v === "") return set({ y: "", m: "", d: "" });
    const now = new Date();
    const base = current ? { y, m, d } : { y: String(now.getFullYear()), m: pad(now.getMonth() + 1), d: pad(now.getDate()) };
    set({ ...base, [part]: v });
  };
  const yearList: number[] = [];
  for (let n = years[0]; n <= years[1]; n++) yearList.push(n);
  if (y && !yearList.includes(Number(y))) yearList.push(Number(y));
  const names = monthNames(locale, month ? "long" : "short");
  const blank = optional ? <option value="">—</option> : null;
  return (
    <span className={`desk-datefield${month ? " desk-datefield--month" : ""}`} role="group" lang={locale}>
      {!month && (
        <select id={id} className="input desk-datefield__day" aria-describedby={describedBy} value={d} onChange={(e) => pick("d", e.target.value)}>
          {blank}
          {Array.from({ length: 31 }, (_, i) => (
            <option key={i} value={pad(i + 1)}>
              {i + 1}
            </option>
          ))}
        </select>
      )}
      <select
        id={month ? id : undefined}
        className="input desk-datefield__month"
        aria-label={month ? undefined : t("dates.month")}
        aria-describedby={month ? describedBy : undefined}
        value={m}
        onChange={(e) => pick("m", e.target.value)}
      >
        {blank}
        {names.map((n, i) => (
          <option key={i} value={pad(i + 1)}>
            {n}
          </option>
        ))}
      </select>
      <select className="input desk-datefield__year" aria-label={t("dates.year")} value={y} onChange={(e) => pick("y", e.target.value)}>
        {blank}
        {yearList.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
      {name && <input type="hidden" name={name} value={current} />}
    </span>
  );
}
