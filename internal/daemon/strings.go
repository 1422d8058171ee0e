package daemon

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"sabershop/internal/api"
	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail"
	"sabershop/internal/payment/sandbox"
)

// stringSets are the daemon's sets of strings: the e-mails', the API's answers'
// and the sandbox pages'. Each is the binary's embedded files with those of
// the -strings directory (DIR/mail/fr.toml, DIR/api/fr.toml,
// DIR/sandbox/fr.toml) added or replacing them, so a locale can be added
// without rebuilding the daemon (docs/adding-a-locale.md).
type stringSets struct {
	mail, api, sandbox *i18n.Set
}

// loadTexts reads the sets and checks each against the catalogue's
// locales, the site's configuration: a locale the site has but some set
// lacks (or has incompletely) stops the start, as the build stops on an
// incomplete content/i18n, instead of failing the first order in it.
func loadTexts(dir string, cat *catalog.Catalog) (stringSets, error) {
	var t stringSets
	sub := func(name string) fs.FS {
		if dir == "" {
			return nil
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return nil
		}
		return os.DirFS(filepath.Join(dir, name))
	}
	if dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return t, fmt.Errorf("strings directory: %w", err)
		}
	}
	var err error
	if t.mail, err = mail.LoadStrings(sub("mail")); err != nil {
		return t, err
	}
	if t.api, err = api.LoadMessages(sub("api")); err != nil {
		return t, err
	}
	if t.sandbox, err = sandbox.LoadStrings(sub("sandbox")); err != nil {
		return t, err
	}
	locales := make([]string, 0, len(cat.Locales))
	for _, l := range cat.Locales {
		locales = append(locales, l.Code)
	}
	var problems []string
	for _, set := range []*i18n.Set{t.mail, t.api, t.sandbox} {
		for _, p := range set.Check(locales) {
			problems = append(problems, p.String())
		}
	}
	if len(problems) > 0 {
		if len(problems) > 10 {
			problems = append(problems[:10], fmt.Sprintf("… and %d more", len(problems)-10))
		}
		return t, fmt.Errorf("strings for the site's locales (%s) are incomplete:\n  %s",
			strings.Join(locales, ", "), strings.Join(problems, "\n  "))
	}
	return t, nil
}

// CheckStrings returns a check that the daemon, started with the -strings
// directory dir, has every string set complete for a catalogue's locales:
// what `orderd publish` asks before it switches to a new site.
func CheckStrings(dir string) func(*catalog.Catalog) error {
	return func(cat *catalog.Catalog) error {
		_, err := loadTexts(dir, cat)
		return err
	}
}
