package content

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"sabershop/internal/catalog"
)

// Product safety information (General Product Safety Regulation (EU)
// 2023/988, art. 19 and 9(7); docs/legal.md#product-safety): config.toml's
// [safety] and the safety texts, content/safety/LANG.md, one per language.

// languagePattern is an ISO 639-1 code: a safety text's file name and a
// language of deliveries.toml.
var languagePattern = regexp.MustCompile(`^[a-z]{2}$`)

// modelPattern is a model identifier: capitals, digits and single dashes
// ("SF-ARC-26"), what a label and an order line can carry as it is.
var modelPattern = regexp.MustCompile(`^[A-Z0-9]+(-[A-Z0-9]+)*$`)

// MinAgePlaceholder must be in every safety text: the age comes from
// config.toml's [safety] min_age, written once.
const MinAgePlaceholder = "{{safety.min_age}}"

// ManufacturerIsCompany is [safety] manufacturer's value for "the seller's
// [company] makes the products".
const ManufacturerIsCompany = "company"

// SafetyText is content/safety/LANG.md.
type SafetyText struct {
	Lang     string // the file name: an ISO 639-1 code ("cs")
	Name     string // front matter language: the language's own name ("čeština")
	Reviewed bool   // front matter reviewed: a native speaker checked the translation
	// Doc carries the title, the Markdown body and the file for the build.
	Doc *Doc
}

// readSafety reads [safety]: min_age (required), manufacturer ("company",
// or a table with its own name and addresses; missing = "company") and an
// optional [safety.eu_responsible].
func readSafety(c Config, f *fields) catalog.Safety {
	t := f.Table("safety", true)
	s := catalog.Safety{MinAge: t.Int("min_age", true, 3, 18)}
	company := catalog.Party{Name: c.Company.Name, Street: c.Company.Street, Zip: c.Company.Zip, City: c.Company.City,
		Country: c.Company.Country, Email: c.Company.Email, Web: c.BaseURL}
	s.Manufacturer = company
	if v, ok := t.data["manufacturer"]; ok {
		if name, isString := v.(string); isString {
			t.used["manufacturer"] = true
			if name != ManufacturerIsCompany {
				t.errorf("manufacturer", "%q: want %q (the [company] makes the products) or a [safety.manufacturer] table", name, ManufacturerIsCompany)
			}
		} else {
			s.Manufacturer = readParty(t.Table("manufacturer", true))
		}
	}
	if t.has("eu_responsible") {
		p := readParty(t.Table("eu_responsible", true))
		s.EUResponsible = &p
	}
	t.unknownFields()
	return s
}

// readParty reads a name, a postal address, an e-mail address and an
// optional web address.
func readParty(t *fields) catalog.Party {
	p := catalog.Party{Name: t.String("name", true), Street: t.String("street", true), Zip: t.String("zip", true),
		City: t.String("city", true), Country: t.String("country", true), Email: t.String("email", true), Web: t.String("web", false)}
	if p.Email != "" && !strings.Contains(p.Email, "@") {
		t.errorf("email", "%q is not an e-mail address", p.Email)
	}
	if p.Web != "" && !strings.HasPrefix(p.Web, "https://") && !strings.HasPrefix(p.Web, "http://") {
		t.errorf("web", "must be an absolute http(s) URL, got %q", p.Web)
	}
	t.unknownFields()
	return p
}

// loadSafety reads content/safety/LANG.md: the language's own name, a
// title, whether a native speaker reviewed it, and a body that says the
// minimum age through MinAgePlaceholder.
func (l *loader) loadSafety() []*SafetyText {
	dir := filepath.Join(l.dir, "safety")
	entries, err := os.ReadDir(dir)
	if err != nil {
		l.reporter(l.rel("safety")).add(0, "", "no safety texts: write content/safety/LANG.md for every language of data/deliveries.toml (docs/content-model.md)")
		return nil
	}
	var out []*SafetyText
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		lang, file := strings.TrimSuffix(e.Name(), ".md"), l.rel("safety", e.Name())
		r := l.reporter(file)
		if !languagePattern.MatchString(lang) {
			r.add(1, "", "file name %q must be a two-letter ISO 639-1 language code (cs.md)", lang)
			continue
		}
		parsed, _, err := l.parse(filepath.Join(dir, e.Name()))
		if err != nil {
			r.parseFailed(err)
			continue
		}
		f := newFields(r, parsed.lines, "", parsed.front)
		doc := &Doc{Kind: KindSafety, Locale: lang, Slug: lang, File: file, Body: parsed.body, BodyLine: parsed.bodyLine}
		doc.Title = f.String("title", true)
		st := &SafetyText{Lang: lang, Name: f.String("language", true), Doc: doc}
		if !f.has("reviewed") {
			f.reportMissing("reviewed")
		}
		st.Reviewed = f.Bool("reviewed", false)
		f.unknownFields()
		if !strings.Contains(string(parsed.body), MinAgePlaceholder) {
			r.add(parsed.bodyLine, "", "the text must give the minimum age as %s (config.toml [safety] min_age), not as a number of its own", MinAgePlaceholder)
		}
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Lang < out[j].Lang })
	return out
}

// checkSafetyLanguages reports every delivery country whose language has
// no safety text (at the country's languages line of deliveries.toml), and
// every locale of the site without one (the product pages show the text
// in the page's own language).
func (l *loader) checkSafetyLanguages(cfg Config, texts []*SafetyText) {
	have := map[string]bool{}
	for _, t := range texts {
		have[t.Lang] = true
	}
	if len(texts) == 0 {
		return // reported by loadSafety
	}
	deliveries := l.reporter(l.rel("data", "deliveries.toml"))
	for _, ref := range l.safetyRefs {
		if !have[ref.lang] {
			deliveries.add(ref.line, ref.field, "no safety text in %q: write content/safety/%s.md (GPSR art. 9(7): a language consumers in %s read)", ref.lang, ref.lang, ref.country)
		}
	}
	config := l.reporter(l.rel("config.toml"))
	for i, loc := range cfg.Locales {
		if !have[loc.Code] {
			config.add(l.localeLines[i], "locales."+itoa(i)+".code", "no safety text in %q: write content/safety/%s.md (the product pages show it in their own language)", loc.Code, loc.Code)
		}
	}
}

// safetyRef is a language a delivery country names, where it names it.
type safetyRef struct {
	country, lang, field string
	line                 int
}

// readLanguages reads a country's languages: ISO 639-1 codes, at least one.
func (l *loader) readLanguages(t *fields, country string) []string {
	langs := t.Strings("languages")
	if len(langs) == 0 && !t.has("languages") {
		t.reportMissing("languages")
	} else if len(langs) == 0 {
		t.errorf("languages", "at least one language is needed")
	}
	seen := map[string]bool{}
	for i, lang := range langs {
		field := "languages." + itoa(i)
		if !languagePattern.MatchString(lang) {
			t.errorf(field, "%q must be a two-letter ISO 639-1 language code", lang)
			continue
		}
		if seen[lang] {
			t.errorf(field, "%q is listed twice", lang)
		}
		seen[lang] = true
		l.safetyRefs = append(l.safetyRefs, safetyRef{country: country, lang: lang, field: t.key("languages"), line: t.line(field)})
	}
	return langs
}

// readModel reads a required model identifier.
func readModel(f *fields) string {
	m := f.String("model", true)
	if m != "" && (!modelPattern.MatchString(m) || len(m) > 32) {
		f.errorf("model", "%q: a model identifier is up to 32 capitals, digits and single dashes, like SF-ARC-26", m)
	}
	return m
}

// checkModels reports a model identifier two products (or a product and
// the creator) share: it must tell them apart.
func (l *loader) checkModels(site *Site, products map[string]*Product) {
	seen := map[string]string{}
	if m := site.Creator.Model; m != "" {
		seen[m] = l.rel("data", "creator.toml")
	}
	slugs := make([]string, 0, len(products))
	for s := range products {
		slugs = append(slugs, s)
	}
	sort.Strings(slugs)
	for _, s := range slugs {
		p := products[s]
		if p.Model == "" {
			continue
		}
		if other, dup := seen[p.Model]; dup {
			l.reporter(p.File).add(p.ModelLine, "model", "%q is also the model of %s: every product needs its own", p.Model, other)
			continue
		}
		seen[p.Model] = p.File
	}
}

// SafetyText is the safety text in language lang, or nil.
func (s *Site) SafetyText(lang string) *SafetyText {
	for _, t := range s.Safety {
		if t.Lang == lang {
			return t
		}
	}
	return nil
}

// firstNonEmpty is the first of s that is not empty.
func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
