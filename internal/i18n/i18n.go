// Package i18n holds the translation bundles, CLDR plural rules and money
// and date formatting. Every set of strings — the site's UI
// (content/i18n), the e-mails', the API's and the sandbox pages' — is read
// into the same Bundle by Flatten (set.go) and checked by Compare, so they
// share one syntax: nested tables, {name} parameters, plural tables.
package i18n

import (
	"sort"
	"strings"
)

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
	text, ok := b.Lookup(locale, key, params)
	if !ok {
		return key
	}
	return text
}

// Lookup is T that reports a missing key instead of showing it.
func (b Bundle) Lookup(locale, key string, params map[string]any) (string, bool) {
	m, ok := b[key]
	if !ok {
		return "", false
	}
	text := m.Text
	if m.Plural != nil {
		n, _ := params["count"].(int)
		text = m.Plural[PluralCategory(locale, n)]
		if text == "" {
			text = m.Plural["other"]
		}
	}
	return Interpolate(text, params), true
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
