package mail

import (
	"embed"
	"io/fs"
	"sync/atomic"

	"sabershop/internal/i18n"
)

// The e-mail strings live next to the templates rather than in
// content/i18n: the daemon runs from the built site and catalog.json, not
// from the content folder, and a queued message must not depend on files an
// editor changes later. A locale is added by a file here (any LOCALE.toml
// is embedded) or, without rebuilding, by one in the daemon's -strings
// directory (LoadStrings, docs/adding-a-locale.md).
//
//go:embed locales/*.toml
var localeFS embed.FS

// defaultLocale is the reference of the string check and the language of
// a demo notice on a message in a locale without strings.
const defaultLocale = "en"

// localeStrings are the e-mail strings in use with the templates bound to each
// of their locales; UseStrings swaps them whole.
type localeStrings struct {
	set   *i18n.Set
	bound map[setKey]boundSet
}

var current atomic.Pointer[localeStrings]

// The embedded strings are checked by the string test
// (internal/i18n/strings_test.go), so a file that is not TOML is a
// programming error: init panics rather than failing the first order.
func init() {
	set, err := LoadStrings(nil)
	if err == nil {
		err = UseStrings(set)
	}
	if err != nil {
		panic(err)
	}
}

// LoadStrings reads the embedded e-mail strings with the LOCALE.toml files
// of extra (nil: none) added or replacing theirs.
func LoadStrings(extra fs.FS) (*i18n.Set, error) {
	return i18n.LoadEmbedded("mail", defaultLocale, localeFS, "locales", extra)
}

// UseStrings makes every e-mail from now on use set (from LoadStrings).
// The daemon calls it once at start when it has an override directory.
func UseStrings(set *i18n.Set) error {
	bound, err := bindSets(set.Locales())
	if err != nil {
		return err
	}
	current.Store(&localeStrings{set: set, bound: bound})
	return nil
}

// Strings are the e-mail strings in use.
func Strings() *i18n.Set { return current.Load().set }

// Locales are the languages e-mails can be written in.
func Locales() []string { return Strings().Locales() }

// knownLocale reports whether e-mails can be written in loc.
func knownLocale(loc string) bool { return Strings().Has(loc) }
