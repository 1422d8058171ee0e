package content

import (
	"strconv"

	"sabershop/internal/guarantee"
)

// loadGuarantee reads content/data/guarantee-notice.toml: the EU's
// harmonised notice on the legal guarantee in the language of every
// locale (docs/legal.md#the-eu-guarantee-notice). A locale without one is
// an error: the law asks for the notice in the consumer's language
// wherever goods are sold.
func (l *loader) loadGuarantee(c Config) map[string]guarantee.Notice {
	f, ok := l.tomlFile("data", "guarantee-notice.toml")
	if !ok {
		return nil
	}
	out := map[string]guarantee.Notice{}
	for _, loc := range c.Locales {
		if !f.has(loc.Code) {
			f.r.add(1, loc.Code, "no notice in the language of the locale %q: add the Commission's text of it (Implementing Regulation (EU) 2025/1960, Annex I)", loc.Code)
			continue
		}
		t := f.Table(loc.Code, true)
		// rich parses field's text s, reporting an unclosed ** at field.
		rich := func(field, s string) guarantee.Rich {
			r, err := guarantee.ParseRich(s)
			if err != nil {
				t.errorf(field, "%v", err)
			}
			return r
		}
		text := func(name string) guarantee.Rich { return rich(name, t.String(name, true)) }
		n := guarantee.Notice{Lang: loc.Code, Title: t.Strings("title"), Box: text("box"), Intro: t.String("intro", true),
			Conditions: t.Strings("conditions"), Liable: text("liable"), Periods: t.String("periods", true),
			More: t.String("more", true), QR: t.String("qr", true), Link: t.String("link", true),
			Todo: t.String("todo", true), TodoWhen: t.String("todo_when", true), Steps: t.Strings("steps"), Garan: text("garan")}
		for i, s := range t.Strings("remedies") {
			n.Remedies = append(n.Remedies, rich("remedies."+strconv.Itoa(i), s))
		}
		if field, err := n.Check(); err != nil {
			t.errorf(field, "%v", err)
		}
		t.unknownFields()
		out[loc.Code] = n
	}
	// A language of no locale may stay: it is read when its locale comes.
	return out
}
