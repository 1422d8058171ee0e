// Package i18n holds the UI string bundles (content/i18n/*.toml), CLDR plural
// rules for the site's languages, and money and date formatting. The build
// and the daemon use the same bundles.
package i18n

import (
	"sort"
	"strings"
)

// PluralCategories are the CLDR categories a plural message may use.
var PluralCategories = []string{"zero", "one", "two", "few", "many", "other"}

// Message is a translated string, or a plural message keyed by category.
type Message struct {
	Text   string
	Plural map[string]string
	Line   int // line in the bundle file, for error messages
}

// Bundle is one locale's messages by flattened key ("menu.shop").
type Bundle map[string]Message

// Keys returns the bundle's keys sorted.
func (b Bundle) Keys() []string {
	keys := make([]string, 0, len(b))
	for k := range b {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// T translates key with {name} params; a plural message picks its form by
// the "count" param. A missing key returns the key itself, so a gap shows.
func (b Bundle) T(locale, key string, params map[string]any) string {
	m, ok := b[key]
	if !ok {
		return key
	}
	text := m.Text
	if m.Plural != nil {
		n, _ := params["count"].(int)
		text = m.Plural[PluralCategory(locale, n)]
		if text == "" {
			text = m.Plural["other"]
		}
	}
	return Interpolate(text, params)
}

// Interpolate replaces {name} with params[name].
func Interpolate(text string, params map[string]any) string {
	if len(params) == 0 || !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(text[i:], '}')
		if j < 0 {
			break
		}
		name := text[i+1 : i+j]
		v, ok := params[name]
		b.WriteString(text[:i])
		if ok {
			b.WriteString(toString(v))
		} else {
			b.WriteString(text[i : i+j+1])
		}
		text = text[i+j+1:]
	}
	b.WriteString(text)
	return b.String()
}

// JSON returns the bundle as the SSR worker and islands expect it: a string
// per key, or an object of plural forms.
func (b Bundle) JSON() map[string]any {
	out := make(map[string]any, len(b))
	for k, m := range b {
		if m.Plural != nil {
			out[k] = m.Plural
		} else {
			out[k] = m.Text
		}
	}
	return out
}

// PluralCategory is the CLDR cardinal category of integer n in locale.
func PluralCategory(locale string, n int) string {
	if n < 0 {
		n = -n
	}
	switch locale {
	case "pl":
		// CLDR: one: n = 1; few: n%10 = 2..4 and n%100 != 12..14; many: the rest.
		switch {
		case n == 1:
			return "one"
		case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
			return "few"
		default:
			return "many"
		}
	default: // en, de
		if n == 1 {
			return "one"
		}
		return "other"
	}
}

// RequiredPluralForms lists the categories a plural message must define in
// locale for integer counts.
func RequiredPluralForms(locale string) []string {
	if locale == "pl" {
		return []string{"one", "few", "many", "other"}
	}
	return []string{"one", "other"}
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return itoa(int64(x))
	case int64:
		return itoa(x)
	}
	return ""
}

func itoa(n int64) string {
	neg := n < 0
	if neg {
		n = -n
	}
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}
