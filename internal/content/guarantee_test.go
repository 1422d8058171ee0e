package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEveryLocaleHasTheGuaranteeNotice(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range site.Config.Locales {
		n, ok := site.Guarantee[loc.Code]
		if !ok || n.Lang != loc.Code || len(n.Box) == 0 || n.Link == "" {
			t.Errorf("%s: %+v", loc.Code, n)
		}
	}
	if en := site.Guarantee["en"]; en.Box[0].Text != "Minimum two-year legal guarantee protection" || !en.Box[0].Bold {
		t.Errorf("en box = %+v", en.Box)
	}
}

func TestGuaranteeNoticeMistakes(t *testing.T) {
	for name, tc := range map[string]struct {
		edit func(string) string
		want []string
	}{
		"a locale without its notice": {
			edit: func(s string) string { return s[:strings.Index(s, "[de]")] },
			want: []string{"content/data/guarantee-notice.toml:1: de: no notice in the language of the locale \"de\""},
		},
		"an unclosed bold": {
			edit: func(s string) string {
				return strings.Replace(s, "**Sellers are liable**", "**Sellers are liable", 1)
			},
			want: []string{"content/data/guarantee-notice.toml:", ": en.liable: a ** is not closed"},
		},
		"an unclosed bold in a remedy": {
			edit: func(s string) string { return strings.Replace(s, "**free repair** or", "**free repair or", 1) },
			want: []string{": en.remedies.0: a ** is not closed"},
		},
		"a QR code off Your Europe": {
			edit: func(s string) string {
				return strings.Replace(s, `qr = "https://europa.eu/youreurope/guarantees"`, `qr = "https://example.com/g"`, 1)
			},
			want: []string{": en.qr: must be a Your Europe address"},
		},
		"a step missing": {
			edit: func(s string) string {
				return strings.Replace(s, `steps = ["Melden Sie dem Verkäufer das Problem so bald wie möglich.", `, `steps = [`, 1)
			},
			want: []string{": de.steps: the notice has two steps, got 1"},
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := siteWithoutDocs(t)
			file := filepath.Join(dir, "data", "guarantee-notice.toml")
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			write(t, dir, "data/guarantee-notice.toml", tc.edit(string(b)))
			_, err = Load(dir)
			if err == nil {
				t.Fatal("loaded")
			}
			msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("missing %q in\n%s", w, msg)
				}
			}
		})
	}
}
