package sandbox

import (
	"embed"
	"io/fs"

	"sabershop/internal/i18n"
)

// The pages' texts, one LOCALE.toml per locale (any file here is
// embedded); more locales can come from the daemon's -strings directory
// (docs/adding-a-locale.md).
//
//go:embed locales/*.toml
var localeFS embed.FS

// defaultLocale is the reference locale of the texts, and the pages'
// language for a locale they have no texts in.
const defaultLocale = "en"

// LoadStrings reads the embedded texts with the LOCALE.toml files of extra
// (nil: none) added or replacing theirs.
func LoadStrings(extra fs.FS) (*i18n.Set, error) {
	return i18n.LoadEmbedded("sandbox", defaultLocale, localeFS, "locales", extra)
}
