package ksef

import (
	"sort"
	"strconv"
	"strings"
	"testing"
)

// documentedCodes are the invoice status codes of KSeF's API
// documentation (open-api.json, SessionInvoiceStatusResponse.status), and
// the shop's own 0.
var documentedCodes = []int{0, 100, 150, 200, 405, 410, 415, 430, 435, 440, 450, 500, 550}

// TestExplainEveryCode: every documented code is explained, in Polish,
// English and German, each language its own text (no copy left
// untranslated, Polish with its letters), KSeF's codes naming themselves;
// and nothing else is.
func TestExplainEveryCode(t *testing.T) {
	var have []int
	for code := range statusExplained {
		have = append(have, code)
	}
	sort.Ints(have)
	if len(have) != len(documentedCodes) {
		t.Errorf("explained codes %v, documented %v", have, documentedCodes)
	}
	for _, code := range documentedCodes {
		texts := map[string]string{}
		for _, lang := range []string{"pl", "en", "de"} {
			s := Explain(code, lang)
			if len(statusExplained[code][lang]) == 0 || s != statusExplained[code][lang] || len(s) < 40 {
				t.Errorf("%d %s: %q", code, lang, s)
			}
			if code != 0 && !strings.Contains(s, strconv.Itoa(code)) {
				t.Errorf("%d %s does not name the code: %q", code, lang, s)
			}
			texts[lang] = s
		}
		if texts["pl"] == texts["en"] || texts["pl"] == texts["de"] || texts["en"] == texts["de"] {
			t.Errorf("%d: a language copies another: %q", code, texts)
		}
		if !strings.ContainsAny(texts["pl"], "ąćęłńóśźż") {
			t.Errorf("%d: Polish without Polish letters: %q", code, texts["pl"])
		}
	}
}

// An unknown language is English; an unknown code gets the general text
// with its number, in each language.
func TestExplainFallbacks(t *testing.T) {
	for _, lang := range []string{"", "fr", "PL", "en-GB"} {
		if got, want := Explain(440, lang), Explain(440, "en"); got != want {
			t.Errorf("%q: %q, want English %q", lang, got, want)
		}
	}
	seen := map[string]bool{}
	for _, lang := range []string{"pl", "en", "de"} {
		s := Explain(460, lang)
		if !strings.Contains(s, "460") || strings.Contains(s, "{") || seen[s] {
			t.Errorf("unknown code in %s: %q", lang, s)
		}
		seen[s] = true
	}
	if Explain(-3, "de") == Explain(0, "de") {
		t.Error("a negative code reads as the shop's own")
	}
}
