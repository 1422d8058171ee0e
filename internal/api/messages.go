package api

import (
	"embed"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"

	"sabershop/internal/i18n"
)

//go:embed messages/*.toml
var messageFiles embed.FS

// Locales the daemon answers in; the first is the fallback.
var Locales = []string{"en", "pl", "de"}

// messages are the daemon's texts by locale and key.
type messages map[string]map[string]string

func loadMessages() (messages, error) {
	m := messages{}
	for _, loc := range Locales {
		data, err := messageFiles.ReadFile("messages/" + loc + ".toml")
		if err != nil {
			return nil, err
		}
		texts := map[string]string{}
		if _, err := toml.Decode(string(data), &texts); err != nil {
			return nil, fmt.Errorf("messages/%s.toml: %w", loc, err)
		}
		m[loc] = texts
	}
	return m, nil
}

// T translates key into locale (falling back to English, then to the key
// itself so a gap shows instead of an empty message), with {name} params.
func (m messages) T(locale, key string, params map[string]any) string {
	text, ok := m[locale][key]
	if !ok {
		if text, ok = m[Locales[0]][key]; !ok {
			return key
		}
	}
	return i18n.Interpolate(text, params)
}

// locale picks a supported locale: the explicit one if supported, else the
// first supported language of Accept-Language, else English.
func pickLocale(explicit, acceptLanguage string) string {
	if supported(explicit) {
		return explicit
	}
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		tag = strings.ToLower(strings.SplitN(tag, "-", 2)[0])
		if supported(tag) {
			return tag
		}
	}
	return Locales[0]
}

func supported(locale string) bool {
	for _, l := range Locales {
		if l == locale {
			return true
		}
	}
	return false
}
