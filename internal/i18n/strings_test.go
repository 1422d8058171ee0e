package i18n_test

import (
	"os"
	"testing"

	"github.com/BurntSushi/toml"

	"sabershop/internal/api"
	"sabershop/internal/i18n"
	"sabershop/internal/mail"
	"sabershop/internal/payment/sandbox"
)

// siteLocales are the locales of content/config.toml, the default first.
func siteLocales(t *testing.T) []string {
	t.Helper()
	var cfg struct{ Locales []struct{ Code string } }
	if _, err := toml.DecodeFile("../../content/config.toml", &cfg); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range cfg.Locales {
		out = append(out, l.Code)
	}
	if len(out) == 0 {
		t.Fatal("content/config.toml has no locales")
	}
	return out
}

// TestEveryStringSet is the one check of every set of strings — the
// site's UI (content/i18n), the e-mails', the API's and the sandbox
// pages': every configured locale has every key of the default locale and
// no other, with no {name} parameter the default does not fill in, each plural message with the
// forms its language's CLDR rules need, and no text left empty. (The test
// lives here, above the packages it loads, because it is the bundle's
// contract; the packages keep their own tests of what they use.)
func TestEveryStringSet(t *testing.T) {
	locales := siteLocales(t)
	site, err := i18n.LoadSet("site", locales[0], os.DirFS("../../content/i18n"))
	if err != nil {
		t.Fatal(err)
	}
	loaders := []func() (*i18n.Set, error){
		func() (*i18n.Set, error) { return site, nil },
		func() (*i18n.Set, error) { return mail.LoadStrings(nil) },
		func() (*i18n.Set, error) { return api.LoadMessages(nil) },
		func() (*i18n.Set, error) { return sandbox.LoadStrings(nil) },
	}
	for _, load := range loaders {
		set, err := load()
		if err != nil {
			t.Fatal(err)
		}
		if set.Default != locales[0] {
			t.Errorf("%s: default locale %s, the site's is %s", set.Name, set.Default, locales[0])
		}
		if len(set.Bundle(set.Default)) == 0 {
			t.Errorf("%s: no strings in %s", set.Name, set.Default)
		}
		for _, p := range set.Check(locales) {
			t.Errorf("%s", p)
		}
	}
}
