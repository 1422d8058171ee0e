package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/catalog"
)

// The real content has a safety text in every language a delivery country
// reads, [safety] with the owner's age, and a model for every product and
// the creator (GPSR art. 19; docs/legal.md#product-safety).
func TestRealSafetyInformation(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	s := site.Config.Safety
	if s.MinAge < 3 || s.Manufacturer.Name != site.Config.Company.Name || s.Manufacturer.Email == "" || s.Manufacturer.Web == "" {
		t.Errorf("[safety]: %+v", s)
	}
	want := map[string][]string{"pl": {"pl"}, "cz": {"cs"}, "sk": {"sk"}, "de": {"de"}, "uk": {"en"}, "cr": {"hr"}, "at": {"de"},
		"nl": {"nl"}, "be": {"nl", "fr", "de"}, "lu": {"fr", "de"}, "it": {"it"}, "fr": {"fr"}, "dk": {"da"}, "lt": {"lt"}, "lv": {"lv"}, "ee": {"et"}}
	for _, c := range site.Deliveries {
		if strings.Join(c.Languages, ",") != strings.Join(want[c.Code], ",") {
			t.Errorf("%s reads %v, want %v", c.Code, c.Languages, want[c.Code])
		}
		for _, l := range c.Languages {
			if site.SafetyText(l) == nil {
				t.Errorf("%s: no safety text in %s", c.Code, l)
			}
		}
	}
	if len(site.Safety) != 13 || len(s.Languages) != 13 {
		t.Errorf("%d safety texts, %d languages: want the 13 of the delivery countries", len(site.Safety), len(s.Languages))
	}
	for _, st := range site.Safety {
		if st.Name == "" || st.Doc.Title == "" {
			t.Errorf("%s: %+v", st.Lang, st)
		}
	}
	for _, p := range site.Products {
		if p.Model == "" {
			t.Errorf("%s: no model", p.Slug)
		}
	}
	if site.Creator.Model == "" {
		t.Error("the creator has no model")
	}
}

// editSite changes old to new in the file name of dir (new "" with old ""
// removes the file).
func editSite(t *testing.T, dir, name, old, new string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if old == "" && new == "" {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s has no %q", name, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// lineOf is the 1-based line of the first line of name that contains s.
func lineOf(t *testing.T, dir, name, s string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, s) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %q", name, s)
	return 0
}

// safetyErrors loads dir and returns its problems with dir shown as
// "content".
func safetyErrors(t *testing.T, dir string) string {
	t.Helper()
	_, err := Load(dir)
	if err == nil {
		t.Fatal("loaded")
	}
	return strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
}

func wantProblems(t *testing.T, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, got)
		}
	}
}

// A delivery country whose language has no safety text is refused at the
// country's languages line of deliveries.toml: deleting the Czech text
// names the Czech Republic's line. A locale of the site without one is
// refused at its code in config.toml.
func TestDeliveryLanguageNeedsSafetyText(t *testing.T) {
	dir := siteWithoutDocs(t)
	editSite(t, dir, "safety/cs.md", "", "")
	editSite(t, dir, "safety/pl.md", "", "")
	// Belgium reads three languages: a missing one is named at its place.
	editSite(t, dir, "data/deliveries.toml", `languages = ["nl", "fr", "de"]`, `languages = ["nl", "fr", "de", "wa"]`)
	got := safetyErrors(t, dir)
	cz := lineOf(t, dir, "data/deliveries.toml", `languages = ["cs"]`)
	be := lineOf(t, dir, "data/deliveries.toml", `"wa"]`)
	pl := lineOf(t, dir, "config.toml", `code = "pl"`)
	wantProblems(t, got,
		"content/data/deliveries.toml:"+itoa(cz)+`: countries.1.languages: no safety text in "cs": write content/safety/cs.md`,
		"content/data/deliveries.toml:"+itoa(be)+`: countries.8.languages: no safety text in "wa"`,
		"content/config.toml:"+itoa(pl)+`: locales.1.code: no safety text in "pl"`)
	if strings.Count(got, "no safety text") != 4 { // pl twice: Poland and the locale
		t.Errorf("want 4 problems, got\n%s", got)
	}
}

// A country without languages, or with a code that is not one, is refused.
func TestDeliveryLanguagesChecked(t *testing.T) {
	dir := siteWithoutDocs(t)
	editSite(t, dir, "data/deliveries.toml", "languages = [\"sk\"]\n", "")
	editSite(t, dir, "data/deliveries.toml", `languages = ["it"]`, `languages = ["Italian"]`)
	got := safetyErrors(t, dir)
	wantProblems(t, got,
		"countries.2.languages: missing",
		`countries.10.languages.0: "Italian" must be a two-letter ISO 639-1 language code`)
}

// A safety text must say the age through the placeholder (the number is
// the owner's, in config.toml), name its language and its title, and say
// whether it was reviewed.
func TestSafetyTextChecked(t *testing.T) {
	dir := siteWithoutDocs(t)
	editSite(t, dir, "safety/de.md", "{{safety.min_age}}", "14")
	editSite(t, dir, "safety/fr.md", "language: \"français\"\n", "")
	editSite(t, dir, "safety/it.md", "reviewed: false\n", "")
	write(t, dir, "safety/czech.md", "---\ntitle: X\n---\n")
	got := safetyErrors(t, dir)
	body := lineOf(t, dir, "safety/de.md", "## Akku") - 1
	wantProblems(t, got,
		"content/safety/de.md:"+itoa(body)+": the text must give the minimum age as {{safety.min_age}}",
		"content/safety/fr.md:1: language: missing",
		"content/safety/it.md:1: reviewed: missing",
		`content/safety/czech.md:1: file name "czech" must be a two-letter ISO 639-1 language code`)
}

// A product without a model identifier or without a picture is refused at
// its file and line; so is a model two products share, and a creator
// without one.
func TestProductNeedsModelAndPicture(t *testing.T) {
	dir := siteWithoutDocs(t)
	write(t, dir, "en/products/arc.md", "---\ntitle: Arc\nkind: hilt\nimages: []\nreturnable: true\nbuild_days: 7\npresets: 6\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	write(t, dir, "en/products/talon.md", "---\ntitle: Talon\nkind: hilt\nmodel: SF-X-1\nimages: [\"/images/hero.svg\"]\nreturnable: true\nbuild_days: 7\npresets: 6\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	write(t, dir, "en/products/royal.md", "---\ntitle: Royal\nkind: hilt\nmodel: SF-X-1\nimages: [\"/images/hero.svg\"]\nreturnable: true\nbuild_days: 7\npresets: 6\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	write(t, dir, "en/products/plug.md", "---\ntitle: Plug\nkind: accessory\nmodel: sf plug\nimages: [\"/images/hero.svg\"]\nreturnable: true\nbuild_days: 7\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	write(t, dir, "pl/products/plug.md", "---\ntitle: Zaślepka\nmodel: SF-PLUG\n---\n")
	editSite(t, dir, "data/creator.toml", "model = \"SF-CUSTOM-26\"\n", "")
	write(t, dir, "static/images/hero.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
	got := safetyErrors(t, dir)
	wantProblems(t, got,
		"content/en/products/arc.md:1: model: missing",
		"content/en/products/arc.md:4: images: at least one image is needed",
		`content/en/products/talon.md:4: model: "SF-X-1" is also the model of content/en/products/royal.md`,
		`content/en/products/plug.md:4: model: "sf plug": a model identifier is up to 32 capitals, digits and single dashes`,
		"content/pl/products/plug.md:3: model: set it in the en file only",
		"content/data/creator.toml",
		"model: missing")
}

// [safety]: min_age is required and bounded; manufacturer is "company" or a
// table of its own; eu_responsible, when written, needs every address field.
func TestSafetySettings(t *testing.T) {
	set := func(table string) string {
		dir := t.TempDir()
		b, err := os.ReadFile("../../content/config.toml")
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		start, end := strings.Index(src, "[safety]\n"), strings.Index(src, "# --- end of product safety ---")
		if start < 0 || end < start {
			t.Fatal("config.toml: no [safety] block")
		}
		write(t, dir, "config.toml", src[:start]+table+"\n"+src[end:])
		return dir
	}
	c, err := loadConfig(set("[safety]\nmin_age = 16"))
	if err != nil || c.Safety.MinAge != 16 || c.Safety.Manufacturer.Name != c.Company.Name ||
		c.Safety.Manufacturer.Web != c.BaseURL || c.Safety.EUResponsible != nil {
		t.Errorf("no manufacturer: %+v %v, want the company", c.Safety, err)
	}
	c, err = loadConfig(set("[safety]\nmin_age = 14\n[safety.manufacturer]\nname = \"Forge Works Ltd\"\nstreet = \"1 Forge Lane\"\nzip = \"SW1A 1AA\"\n" +
		"city = \"London\"\ncountry = \"United Kingdom\"\nemail = \"safety@forge.example\"\nweb = \"https://forge.example\"\n" +
		"[safety.eu_responsible]\nname = \"EU Rep GmbH\"\nstreet = \"Hauptstr. 1\"\nzip = \"10115\"\ncity = \"Berlin\"\ncountry = \"Germany\"\nemail = \"rep@eurep.example\""))
	want := catalog.Party{Name: "Forge Works Ltd", Street: "1 Forge Lane", Zip: "SW1A 1AA", City: "London", Country: "United Kingdom",
		Email: "safety@forge.example", Web: "https://forge.example"}
	if err != nil || c.Safety.Manufacturer != want || c.Safety.EUResponsible == nil || c.Safety.EUResponsible.City != "Berlin" {
		t.Errorf("a manufacturer outside the EU: %+v %v", c.Safety, err)
	}
	_, err = loadConfig(set("[safety]\nmin_age = 2\nmanufacturer = \"me\"\n[safety.eu_responsible]\nname = \"EU Rep\"\nemail = \"rep\""))
	for _, w := range []string{"safety.min_age: must be between 3 and 18, got 2", `safety.manufacturer: "me": want "company"`,
		"safety.eu_responsible.street: missing", `safety.eu_responsible.email: "rep" is not an e-mail address`} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("want %q in %v", w, err)
		}
	}
	if _, err = loadConfig(set("")); err == nil || !strings.Contains(err.Error(), "safety: missing") {
		t.Errorf("no [safety]: %v", err)
	}
}
