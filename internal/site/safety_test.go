package site

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"sabershop/internal/catalog"
)

// Every product page shows, in its own language, the manufacturer with its
// postal and e-mail address, the product's type and model, the safety
// text with the owner's age filled in, and links to the text in the other
// languages of the delivery countries, each on its own page in every
// locale (GPSR art. 19, 9(7); docs/legal.md#product-safety).
func TestSafetyOnProductPagesAndItsOwnPages(t *testing.T) {
	out := fixture(t)
	// The fixture delivers to Poland (pl) and the United Kingdom (en);
	// the site is in en, pl and de: the languages offered.
	for _, c := range []struct{ path, text, other string }{
		{"shop/arc/index.html", "Not for children under 14 years.", `href="/safety/pl" lang="pl" hrefLang="pl">polski</a>`},
		{"pl/shop/arc/index.html", "Nie dla dzieci poniżej 14 lat.", `href="/pl/safety/en" lang="en" hrefLang="en">English</a>`},
		{"de/shop/arc/index.html", "Nicht für Kinder unter 14 Jahren.", `href="/de/safety/pl" lang="pl" hrefLang="pl">polski</a>`},
	} {
		page := read(t, out, c.path)
		section := page[strings.Index(page, `id="safety"`):]
		for _, want := range []string{"Fixture Ltd", "Main 1<br/>00-001 Warsaw, PL", `href="mailto:shop@fixture.example"`, "FX-ARC", c.text,
			`<h3 id=`, // the text's sections under the section's h2
			c.other} {
			if !strings.Contains(section, want) {
				t.Errorf("%s: the safety section lacks %q", c.path, want)
			}
		}
		if strings.Contains(section, "{{safety.min_age}}") {
			t.Errorf("%s: the placeholder is not filled", c.path)
		}
	}
	// The English page offers the other texts, not its own, and not one
	// no delivery country reads (cs is published, not offered).
	if en := read(t, out, "shop/arc/index.html"); strings.Contains(en, `href="/safety/en"`) || strings.Contains(en, `href="/safety/cs"`) {
		t.Error("the English page links to its own text, or to Czech, as another language")
	}
	// A text's own page: the site's locale around it, the text in its language.
	for _, c := range []struct{ path, htmlLang string }{{"safety/cs/index.html", "en"}, {"pl/safety/cs/index.html", "pl"}, {"de/safety/cs/index.html", "de"}} {
		page := read(t, out, c.path)
		if !strings.Contains(page, `<html lang="`+c.htmlLang+`"`) {
			t.Errorf("%s: not in the site's locale %s", c.path, c.htmlLang)
		}
		if !regexp.MustCompile(`<div class="prose safety__text" lang="cs">(?s:.*)Není vhodné pro děti do 14 let`).MatchString(page) {
			t.Errorf("%s: the Czech text is not marked lang=cs with the age filled in", c.path)
		}
		if !strings.Contains(page, `lang="cs">Bezpečnostní informace</h2>`) || !strings.Contains(page, "Fixture Ltd") {
			t.Errorf("%s: lacks the text's title or the manufacturer", c.path)
		}
	}
	// The creator's page: its model and the section its buy box links to.
	creator := read(t, out, "shop/custom-saber-creator/index.html")
	if !strings.Contains(creator, `id="safety"`) || !strings.Contains(creator, "FX-CUSTOM") {
		t.Error("the creator's page lacks its safety section or its model")
	}
}

// catalog.json carries what the order e-mail needs: each country's
// languages and the languages there is a text in.
func TestCatalogCarriesSafety(t *testing.T) {
	var cat catalog.Catalog
	if err := json.Unmarshal([]byte(read(t, fixture(t), "catalog.json")), &cat); err != nil {
		t.Fatal(err)
	}
	if d, _ := cat.Delivery("pl"); strings.Join(d.Languages, ",") != "pl" {
		t.Errorf("Poland reads %v", d.Languages)
	}
	if l, ok := cat.SafetyLanguage("cs"); !ok || l.Name != "čeština" {
		t.Errorf("cs: %+v %v", l, ok)
	}
	if cat.Safety.MinAge != 14 || cat.Safety.Manufacturer.Name != "Fixture Ltd" || cat.Creator.Model != "FX-CUSTOM" {
		t.Errorf("safety %+v, creator model %q", cat.Safety, cat.Creator.Model)
	}
	if p, _ := cat.Product("arc"); p.Model != "FX-ARC" {
		t.Errorf("arc's model %q", p.Model)
	}
}

// The build's report names the texts no native speaker has checked.
func TestReportNamesUnreviewedSafetyTexts(t *testing.T) {
	fixture(t)
	if got := strings.Join(builtFixture.rep.Unreviewed, ","); got != "cs,de,en,pl" {
		t.Errorf("unreviewed %q, want cs,de,en,pl", got)
	}
}

func TestDemoteHeadings(t *testing.T) {
	got := demoteHeadings(`<h2 id="a">A</h2><p>x</p><h3>B</h3><header>h</header><h6>C</h6>`)
	if want := `<h3 id="a">A</h3><p>x</p><h4>B</h4><header>h</header><h6>C</h6>`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
