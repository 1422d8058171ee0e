package i18n

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// PluralCategories are the CLDR categories a plural message may use, in
// the order the rules are tried.
var PluralCategories = []string{"zero", "one", "two", "few", "many", "other"}

// The rules are data, not code, so that a language is added by a line in
// plurals.toml; they are CLDR's, as the browser's Intl.PluralRules
// (components/i18n.tsx) applies them, so server and islands agree.
//
//go:embed plurals.toml
var pluralsTOML string

// pluralRules are the parsed rules by language; a language's categories
// other than "other", in PluralCategories order.
var pluralRules = mustParsePlurals(pluralsTOML)

// fallbackPlurals is the language whose rules a language without its own
// table follows: most European languages count like English.
const fallbackPlurals = "en"

type pluralRule struct {
	category string
	or       [][]relation // any of these, each all of its relations
}

// relation is "n [% mod] (=|!=) ranges".
type relation struct {
	mod    int // 0: none
	negate bool
	ranges [][2]int
}

func (r relation) holds(n int) bool {
	if r.mod > 0 {
		n %= r.mod
	}
	in := false
	for _, rg := range r.ranges {
		in = in || n >= rg[0] && n <= rg[1]
	}
	return in != r.negate
}

func mustParsePlurals(src string) map[string][]pluralRule {
	var data map[string]map[string]string
	if _, err := toml.Decode(src, &data); err != nil {
		panic("i18n: plurals.toml: " + err.Error())
	}
	out := make(map[string][]pluralRule, len(data))
	for lang, rules := range data {
		var parsed []pluralRule
		for _, cat := range PluralCategories {
			text, ok := rules[cat]
			if !ok {
				continue
			}
			if cat == "other" {
				panic("i18n: plurals.toml: " + lang + ": other takes what no rule does; it has no rule")
			}
			or, err := parseCondition(text)
			if err != nil {
				panic(fmt.Sprintf("i18n: plurals.toml: %s.%s: %v", lang, cat, err))
			}
			parsed = append(parsed, pluralRule{category: cat, or: or})
		}
		if len(parsed) != len(rules) {
			panic("i18n: plurals.toml: " + lang + ": a key that is not a CLDR plural category")
		}
		out[lang] = parsed
	}
	return out
}

// parseCondition parses "n % 10 = 2..4 and n % 100 != 12..14 or n = 1".
func parseCondition(text string) ([][]relation, error) {
	var or [][]relation
	for _, conj := range strings.Split(text, " or ") {
		var and []relation
		for _, rel := range strings.Split(conj, " and ") {
			r, err := parseRelation(strings.TrimSpace(rel))
			if err != nil {
				return nil, err
			}
			and = append(and, r)
		}
		or = append(or, and)
	}
	return or, nil
}

func parseRelation(text string) (relation, error) {
	var r relation
	lhs, rhs, ok := strings.Cut(text, "!=")
	if ok {
		r.negate = true
	} else if lhs, rhs, ok = strings.Cut(text, "="); !ok {
		return r, fmt.Errorf("%q has no = or !=", text)
	}
	operand, mod, hasMod := strings.Cut(strings.TrimSpace(lhs), "%")
	if strings.TrimSpace(operand) != "n" {
		return r, fmt.Errorf("%q: only the operand n is supported", text)
	}
	if hasMod {
		m, err := strconv.Atoi(strings.TrimSpace(mod))
		if err != nil || m <= 0 {
			return r, fmt.Errorf("%q: bad modulus", text)
		}
		r.mod = m
	}
	for _, item := range strings.Split(rhs, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(item), "..")
		a, err := strconv.Atoi(lo)
		b := a
		if isRange {
			b, err = strconv.Atoi(hi)
		}
		if err != nil {
			return r, fmt.Errorf("%q: bad value %q", text, item)
		}
		r.ranges = append(r.ranges, [2]int{a, b})
	}
	return r, nil
}

// rulesFor are the rules of locale's language ("pt-BR" uses "pt"), or the
// fallback's.
func rulesFor(locale string) []pluralRule {
	lang := strings.ToLower(locale)
	if r, ok := pluralRules[lang]; ok {
		return r
	}
	if base, _, ok := strings.Cut(lang, "-"); ok {
		if r, ok := pluralRules[base]; ok {
			return r
		}
	}
	return pluralRules[fallbackPlurals]
}

// PluralCategory is the CLDR cardinal category of integer n in locale.
func PluralCategory(locale string, n int) string {
	if n < 0 {
		n = -n
	}
	for _, r := range rulesFor(locale) {
		for _, and := range r.or {
			all := true
			for _, rel := range and {
				all = all && rel.holds(n)
			}
			if all {
				return r.category
			}
		}
	}
	return "other"
}

// RequiredPluralForms lists the categories a plural message must define in
// locale: those its language's rules give whole numbers, and "other".
func RequiredPluralForms(locale string) []string {
	var out []string
	for _, r := range rulesFor(locale) {
		out = append(out, r.category)
	}
	return append(out, "other")
}
