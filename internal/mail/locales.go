package mail

import (
	"embed"
	"fmt"
	"sort"

	"github.com/BurntSushi/toml"

	"sabershop/internal/i18n"
)

// The e-mail strings live next to the templates rather than in
// content/i18n: the daemon runs from the built site and catalog.json, not
// from the content folder, and a queued message must not depend on files an
// editor changes later.
//
//go:embed locales/*.toml
var localeFS embed.FS

// Locales are the languages every e-mail is written in.
var Locales = []string{"en", "pl", "de"}

// bundles holds the parsed locale files. They are embedded and checked by
// tests, so a parse error is a programming error: loadBundles panics at
// init rather than failing the first order.
var bundles = mustLoadBundles()

func mustLoadBundles() map[string]i18n.Bundle {
	b, err := loadBundles()
	if err != nil {
		panic(err)
	}
	return b
}

func loadBundles() (map[string]i18n.Bundle, error) {
	out := make(map[string]i18n.Bundle, len(Locales))
	for _, loc := range Locales {
		name := "locales/" + loc + ".toml"
		src, err := localeFS.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("mail: %w", err)
		}
		var data map[string]any
		if _, err := toml.Decode(string(src), &data); err != nil {
			return nil, fmt.Errorf("mail: %s: %w", name, err)
		}
		b := i18n.Bundle{}
		if err := flatten(name, "", data, b); err != nil {
			return nil, err
		}
		out[loc] = b
	}
	return out, nil
}

// flatten turns nested tables into dotted keys. A table whose keys are all
// CLDR plural categories is one plural message, as in content/i18n.
func flatten(file, prefix string, data map[string]any, out i18n.Bundle) error {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch v := data[k].(type) {
		case string:
			out[key] = i18n.Message{Text: v}
		case map[string]any:
			if forms, ok := pluralForms(v); ok {
				out[key] = i18n.Message{Plural: forms}
				continue
			}
			if err := flatten(file, key, v, out); err != nil {
				return err
			}
		default:
			return fmt.Errorf("mail: %s: %s is %T, want a string or a table", file, key, v)
		}
	}
	return nil
}

func pluralForms(t map[string]any) (map[string]string, bool) {
	if len(t) == 0 {
		return nil, false
	}
	forms := make(map[string]string, len(t))
	for k, v := range t {
		s, ok := v.(string)
		if !ok || !isPluralCategory(k) {
			return nil, false
		}
		forms[k] = s
	}
	return forms, true
}

func isPluralCategory(k string) bool {
	for _, c := range i18n.PluralCategories {
		if c == k {
			return true
		}
	}
	return false
}

// knownLocale reports whether e-mails can be written in loc.
func knownLocale(loc string) bool {
	_, ok := bundles[loc]
	return ok
}
