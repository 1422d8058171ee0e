package content

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// TestRealContentLoads fails on any problem in the shop's own content/.
func TestRealContentLoads(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatalf("content/ has problems:\n%v", err)
	}
	if n := site.Creator.Combinations(); n <= 5000 {
		t.Errorf("the creator makes %d combinations; the shop promises over 5000", n)
	}
	if len(site.Deliveries) != 16 {
		t.Errorf("%d shipping countries, want the 16 of docs/product-rules.md#shipping", len(site.Deliveries))
	}
	slugs := map[string]bool{}
	for _, p := range site.Products {
		slugs[p.Slug] = true
	}
	for _, s := range []string{"arc", "talon", "ancient", "count", "royal", "plug", "connector", "belt-clip"} {
		if !slugs[s] {
			t.Errorf("product %s missing", s)
		}
	}
}

// TestEveryEnglishKeyIsTranslated reads the bundles directly (not through
// the loader) so it stays an independent check: every key of en.toml must
// be in pl.toml and de.toml, and Polish plurals need one/few/many.
func TestEveryEnglishKeyIsTranslated(t *testing.T) {
	keys := func(locale string) map[string]map[string]any {
		var m map[string]any
		if _, err := toml.DecodeFile(filepath.Join("../../content/i18n", locale+".toml"), &m); err != nil {
			t.Fatal(err)
		}
		out := map[string]map[string]any{}
		var walk func(prefix string, v map[string]any)
		walk = func(prefix string, v map[string]any) {
			for k, x := range v {
				key := join(prefix, k)
				if sub, ok := x.(map[string]any); ok {
					if _, plural := sub["other"]; plural {
						out[key] = sub
						continue
					}
					walk(key, sub)
					continue
				}
				out[key] = nil
			}
		}
		walk("", m)
		return out
	}
	en := keys("en")
	if len(en) < 20 {
		t.Fatalf("en.toml has only %d keys", len(en))
	}
	for _, loc := range []string{"pl", "de"} {
		other := keys(loc)
		for k, forms := range en {
			got, ok := other[k]
			if !ok {
				t.Errorf("%s.toml lacks %s", loc, k)
				continue
			}
			if (forms == nil) != (got == nil) {
				t.Errorf("%s.toml: %s is plural in one bundle and not in the other", loc, k)
			}
			if loc == "pl" && got != nil {
				for _, need := range []string{"one", "few", "many"} {
					if _, ok := got[need]; !ok {
						t.Errorf("pl.toml: %s lacks the %q form", k, need)
					}
				}
			}
		}
	}
}

func write(t *testing.T, dir, name, body string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSyntaxErrorsHaveFileLines(t *testing.T) {
	doc, err := splitDocument([]byte("---\ntitle: ok\ndate: a: b\n---\nbody\n"))
	if err == nil {
		t.Fatalf("bad YAML parsed: %+v", doc)
	}
	var pe *parseError
	if !errors.As(err, &pe) || pe.line != 3 {
		t.Fatalf("YAML error %v: want it on file line 3", err)
	}
	_, err = splitDocument([]byte("+++\ntitle = \"ok\"\ndate = \n+++\nbody\n"))
	if !errors.As(err, &pe) || pe.line != 3 || !strings.Contains(err.Error(), "TOML") {
		t.Fatalf("TOML error %v: want it on file line 3", err)
	}
}

func TestFrontMatterLines(t *testing.T) {
	doc, err := splitDocument([]byte("---\ntitle: A\nprices:\n  - {from: 2026-01-01, EUR: 1}\n  - from: 2026-02-01\n    EUR: 2\n---\n\nBody line.\n"))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{"title": 2, "prices": 3, "prices.0": 4, "prices.1.EUR": 6, "": 1} {
		if got := doc.lines.lookup(path); got != want {
			t.Errorf("yaml line of %q = %d, want %d", path, got, want)
		}
	}
	if doc.bodyLine != 8 {
		t.Errorf("body starts on line %d, want 8", doc.bodyLine)
	}
	doc, err = splitDocument([]byte("+++\ntitle = \"A\"\nprices = [{from = 2026-01-01, EUR = 1.0}]\n[extra]\nx = 1\n+++\nBody.\n"))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{"title": 2, "prices.EUR": 3, "extra.x": 5} {
		if got := doc.lines.lookup(path); got != want {
			t.Errorf("toml line of %q = %d, want %d", path, got, want)
		}
	}
}

func TestTOMLArrayOfTablesLines(t *testing.T) {
	src := "presets = 6\n\n[[slots]]\nid = \"a\"\n  [[slots.options]]\n  id = \"x\"\n  [[slots.options]]\n  id = \"y\"\n\n[[slots]]\nid = \"b\"\n  [[slots.options]]\n  id = \"z\"\n"
	m := tomlLines([]byte(src))
	for path, want := range map[string]int{"slots.0.id": 4, "slots.0.options.1.id": 8, "slots.1.id": 11, "slots.1.options.0.id": 13} {
		if m[path] != want {
			t.Errorf("line of %s = %d, want %d", path, m[path], want)
		}
	}
}

func TestAmountsAreExact(t *testing.T) {
	for in, want := range map[any]int64{0.04: 4, 0.12: 12, 349.0: 34900, 1499.99: 149999, "19.90": 1990, int64(5): 500} {
		got, err := asMinor(in)
		if err != nil || got != want {
			t.Errorf("asMinor(%v) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []any{1.234, "abc", -1.0, true} {
		if _, err := asMinor(bad); err == nil {
			t.Errorf("asMinor(%v) accepted", bad)
		}
	}
}

// siteWithoutDocs is a content folder with the real configuration, strings
// and data files and no documents.
func siteWithoutDocs(t *testing.T) string {
	dir := t.TempDir()
	for _, f := range []string{"config.toml", "i18n/en.toml", "i18n/pl.toml", "i18n/de.toml", "data/creator.toml", "data/deliveries.toml", "data/guarantee-notice.toml"} {
		b, err := os.ReadFile(filepath.Join("../../content", f))
		if err != nil {
			t.Fatal(err)
		}
		write(t, dir, f, string(b))
	}
	// The safety texts the delivery countries' languages need.
	texts, err := filepath.Glob("../../content/safety/*.md")
	if err != nil || len(texts) == 0 {
		t.Fatalf("no content/safety/*.md: %v", err)
	}
	for _, p := range texts {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		write(t, dir, "safety/"+filepath.Base(p), string(b))
	}
	return dir
}

func TestNonDefaultLocaleMayNotSetProductFacts(t *testing.T) {
	dir := siteWithoutDocs(t)
	write(t, dir, "en/products/arc.md", "---\ntitle: Arc\nkind: hilt\nimages: []\nbuild_days: 7\npresets: 6\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	write(t, dir, "pl/products/arc.md", "---\ntitle: Arc\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	// The waste-fee rule: a hilt is electrical equipment by its kind.
	write(t, dir, "en/products/talon.md", "---\ntitle: Talon\nkind: hilt\nimages: []\nelectronic: false\nbuild_days: 7\npresets: 6\nprices:\n  - {from: 2026-01-01, EUR: 1, PLN: 4}\n---\n")
	_, err := Load(dir)
	if err == nil {
		t.Fatal("loaded")
	}
	msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
	for _, want := range []string{
		"content/pl/products/arc.md:3: prices: set it in the en file only",
		"content/en/products/arc.md:4: images: at least one image is needed",
		"content/en/products/talon.md:5: electronic: only an accessory says whether it has electronics (a hilt always has)",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("lacks %q in:\n%s", want, msg)
		}
	}
}

// TestTemplateKeysExist fails when a template asks for a UI string that
// en.toml (and so, by the loader's check, pl and de) does not have: the
// page would show the raw key.
func TestTemplateKeysExist(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`\b(?:t|message)\(\s*"([a-z0-9_.]+)"`)
	var files []string
	for _, dir := range []string{"../../templates", "../../components"} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".tsx") || strings.HasSuffix(p, ".ts")) {
				files = append(files, p)
			}
			return nil
		})
	}
	used := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			used++
			if _, ok := site.Bundles["en"][m[1]]; !ok {
				t.Errorf("%s uses %q, which en.toml lacks", strings.TrimPrefix(f, "../../"), m[1])
			}
		}
	}
	if used < 20 {
		t.Errorf("found only %d translated strings in the templates; is the pattern stale?", used)
	}
}
