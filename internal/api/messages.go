package api

import (
	"embed"
	"io/fs"
	"slices"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
)

// The daemon's texts, one LOCALE.toml per locale (any file here is
// embedded); more locales can come from the daemon's -strings directory
// (LoadMessages, docs/adding-a-locale.md).
//
//go:embed messages/*.toml
var messageFiles embed.FS

// defaultMessages is the reference locale of the messages and the
// fallback of a text missing in a locale.
const defaultMessages = "en"

// LoadMessages reads the embedded messages with the LOCALE.toml files of
// extra (nil: none) added or replacing theirs.
func LoadMessages(extra fs.FS) (*i18n.Set, error) {
	return i18n.LoadEmbedded("api", defaultMessages, messageFiles, "messages", extra)
}

// localeCodes are the catalogue's locales, the shop's first (the site's
// configuration, through catalog.json).
func localeCodes(cat *catalog.Catalog) []string {
	codes := make([]string, 0, len(cat.Locales))
	for _, l := range cat.Locales {
		codes = append(codes, l.Code)
	}
	return codes
}

// pickLocale picks one of the shop's locales: the explicit one if it is
// one, else the first of Accept-Language that is, else the shop's first.
func pickLocale(locales []string, explicit, acceptLanguage string) string {
	if slices.Contains(locales, explicit) {
		return explicit
	}
	for _, part := range strings.Split(acceptLanguage, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		tag = strings.ToLower(strings.SplitN(tag, "-", 2)[0])
		if slices.Contains(locales, tag) {
			return tag
		}
	}
	return locales[0]
}
