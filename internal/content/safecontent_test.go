package content

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// siteWithArchetypes is siteWithoutDocs with the real archetypes and
// static files (the images the creator and the product archetype name).
func siteWithArchetypes(t *testing.T) string {
	dir := siteWithoutDocs(t)
	for _, sub := range []string{"archetypes", "static"} {
		if err := os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join("../../content", sub))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestNewDocumentWritesEveryLocaleAsDraft(t *testing.T) {
	dir := siteWithArchetypes(t)
	today := time.Date(2026, 11, 25, 0, 30, 0, 0, time.UTC)
	for _, kind := range []string{"post", "product", "faq", "page"} {
		written, err := NewDocument(dir, kind, "blade-care", today)
		if err != nil {
			t.Fatalf("new %s: %v", kind, err)
		}
		folder := string(kindsByName[kind])
		var want []string
		for _, loc := range []string{"en", "pl", "de"} {
			want = append(want, filepath.ToSlash(filepath.Join(dir, loc, folder, "blade-care.md")))
		}
		if !slices.Equal(written, want) {
			t.Errorf("new %s wrote %v, want %v", kind, written, want)
		}
	}
	post, _ := os.ReadFile(filepath.Join(dir, "de", "blog", "blade-care.md"))
	if !strings.Contains(string(post), "date: 2026-11-25\n") || !strings.Contains(string(post), "draft: true\n") || !strings.Contains(string(post), `title: "Blade care"`) {
		t.Errorf("the post's German file lacks today's date, draft: true or the title:\n%s", post)
	}

	if _, err := Load(dir); err != nil {
		t.Fatalf("the new files do not load: %v", err)
	}
	site, _ := Load(dir)
	for loc, docs := range site.Docs {
		for _, d := range docs {
			if d.TranslationKey() == "blade-care" {
				t.Errorf("a normal load has the draft %s (%s)", d.File, loc)
			}
		}
	}
	if len(site.Products) != 0 {
		t.Errorf("a normal load has the draft product: %+v", site.Products)
	}

	l := NewLoader(dir)
	l.Drafts = true
	dev, err := l.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range []string{"en", "pl", "de"} {
		n := 0
		for _, d := range dev.Docs[loc] {
			if d.TranslationKey() == "blade-care" {
				n++
				if !d.Draft || d.Fallback {
					t.Errorf("%s: draft %v, fallback %v; want its own draft", d.File, d.Draft, d.Fallback)
				}
			}
		}
		if n != 4 {
			t.Errorf("%s: %d of the 4 new documents, want all", loc, n)
		}
	}
	if len(dev.Products) != 1 || !dev.Products[0].Draft {
		t.Errorf("dev load products %+v, want the draft", dev.Products)
	}
}

func TestNewDocumentRefusesExistingAndBadNames(t *testing.T) {
	dir := siteWithArchetypes(t)
	write(t, dir, "pl/faq/taken.md", "---\ntitle: Zajęte\n---\n")
	today := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	written, err := NewDocument(dir, "faq", "taken", today)
	if !errors.Is(err, ErrExists) || len(written) != 0 || !strings.Contains(err.Error(), "pl/faq/taken.md") {
		t.Errorf("existing file: wrote %v, err %v; want ErrExists naming pl/faq/taken.md and nothing written", written, err)
	}
	if _, statErr := os.Stat(filepath.Join(dir, "en", "faq", "taken.md")); statErr == nil {
		t.Error("the English file was written although the Polish one exists")
	}
	for _, name := range []string{"Blade", "blade_care", "-x", "a--b", "", "../x"} {
		if _, err := NewDocument(dir, "post", name, today); !errors.Is(err, ErrBadName) {
			t.Errorf("name %q: err %v, want ErrBadName", name, err)
		}
	}
	if _, err := NewDocument(dir, "article", "x", today); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("kind article: err %v, want ErrUnknownKind", err)
	}
}

// loadErrors loads dir and returns its diagnostics with the temporary
// directory shown as "content".
func loadErrors(t *testing.T, dir string) []string {
	t.Helper()
	_, err := Load(dir)
	if err == nil {
		return nil
	}
	return strings.Split(strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content"), "\n")
}

const goodProduct = "---\ntitle: Arc\nkind: hilt\nimages: [\"/images/hero.svg\"]\nreturnable: true\nbuild_days: 7\npresets: 6\nprices:\n  - {from: 2026-01-01, EUR: 349.00, PLN: 1499.00}\nmodel: SF-ARC-26\n---\nText.\n"

// TestHelpfulMessages is the golden list of what an editor reads for each
// everyday mistake: one message per mistake, at its file and line.
func TestHelpfulMessages(t *testing.T) {
	cases := []struct {
		name, file, src string
		want            []string
	}{
		{"typo of a required field", "en/products/arc.md", strings.Replace(goodProduct, "build_days", "buid_days", 1),
			[]string{"content/en/products/arc.md:6: buid_days: unknown field; did you mean `build_days`?"}},
		{"typo of an optional field", "en/faq/a.md", "---\ntitle: A\nwieght: 2\n---\n",
			[]string{"content/en/faq/a.md:3: wieght: unknown field; did you mean `weight`?"}},
		{"typo of title", "en/pages/a.md", "---\ntitel: A\n---\n",
			[]string{"content/en/pages/a.md:2: titel: unknown field; did you mean `title`?"}},
		{"a field far from every name", "en/pages/a.md", "---\ntitle: A\ncolour: red\n---\n",
			[]string{"content/en/pages/a.md:3: colour: unknown field"}},
		{"decimal comma in a {…} price", "en/products/arc.md", strings.Replace(goodProduct, "PLN: 1499.00", "PLN: 1499,00", 1),
			[]string{"content/en/products/arc.md:9: PLN: write the amount with a decimal point, 1499.00, not 1499,00 (no thousands separator)"}},
		{"decimal comma in a string price", "en/products/arc.md", strings.Replace(goodProduct, "  - {from: 2026-01-01, EUR: 349.00, PLN: 1499.00}", "  - from: 2026-01-01\n    EUR: \"349,5\"\n    PLN: 1499.00", 1),
			[]string{"content/en/products/arc.md:10: EUR: write the amount with a decimal point, 349.5, not 349,5 (no thousands separator)"}},
		{"decimal comma in TOML", "en/products/arc.md", "+++\ntitle = \"Arc\"\nkind = \"hilt\"\nimages = [\"/images/hero.svg\"]\nreturnable = true\nbuild_days = 7\npresets = 6\nprices = [{from = 2026-01-01, EUR = 349,00, PLN = 1499.00}]\n+++\n",
			[]string{"content/en/products/arc.md:8: EUR: write the amount with a decimal point, 349.00, not 349,00 (no thousands separator)"}},
		{"closing fence missing", "en/pages/a.md", "---\ntitle: A\n\nText.\n",
			[]string{"content/en/pages/a.md:1: front matter: no closing --- line"}},
		{"closing fence mistyped", "en/pages/a.md", "---\ntitle: A\n--\n\nText.\n",
			[]string{"content/en/pages/a.md:3: front matter: this line should close it and be exactly ---"}},
		{"opening fence mistyped", "en/pages/a.md", "--\ntitle: A\n---\n\nText.\n",
			[]string{`content/en/pages/a.md:1: front matter: the fence "--" must be exactly --- (or +++ for TOML)`}},
		{"opening fence forgotten", "en/pages/a.md", "title: A\n---\n\nText.\n",
			[]string{"content/en/pages/a.md:1: front matter: no --- line above the fields; put --- on the first line and again after the last field"}},
		{"alias with a locale prefix", "en/pages/a.md", "---\ntitle: A\naliases: [\"/old\", \"/pl/old\"]\n---\n",
			[]string{`content/en/pages/a.md:3: aliases.1: "/pl/old": write the path without the /pl prefix; the build adds each language's prefix`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := siteWithArchetypes(t)
			write(t, dir, c.file, c.src)
			if got := loadErrors(t, dir); !slices.Equal(got, c.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(c.want, "\n  "))
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"buid_days", "build_days", 1}, {"titel", "title", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"same", "same", 0}} {
		if got := editDistance(c.a, c.b); got != c.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
