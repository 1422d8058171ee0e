package content

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// withConsent is a content folder whose config.toml is the real one with
// its consent_months and consent_version lines replaced by lines (which
// then start at line, returned).
func withConsent(t *testing.T, lines string) (dir string, line int) {
	dir = t.TempDir()
	b, err := os.ReadFile("../../content/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "consent_months") || strings.HasPrefix(l, "consent_version") {
			if line == 0 {
				line = i + 1
				out = append(out, lines)
			}
			continue
		}
		out = append(out, l)
	}
	if line == 0 {
		t.Fatal("config.toml has no consent_months")
	}
	write(t, dir, "config.toml", strings.Join(out, "\n"))
	return dir, line
}

// The shop's own settings, and the defaults when config.toml has none.
func TestConsentSettings(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	if site.Config.ConsentMonths != 6 || site.Config.ConsentVersion == "" {
		t.Errorf("content/: consent_months %d, consent_version %q", site.Config.ConsentMonths, site.Config.ConsentVersion)
	}
	dir, _ := withConsent(t, "")
	c, err := loadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.ConsentMonths != defaultConsentMonths || c.ConsentVersion != defaultConsentVersion {
		t.Errorf("without settings: %d months, version %q; want %d, %q", c.ConsentMonths, c.ConsentVersion, defaultConsentMonths, defaultConsentVersion)
	}
}

func TestConsentSettingErrors(t *testing.T) {
	for _, tc := range []struct{ lines, want string }{
		{"consent_months = 0", "consent_months: must be between 1 and 13, got 0"},
		{"consent_months = 24", "consent_months: must be between 1 and 13, got 24"},
		{`consent_months = "six"`, `consent_months: must be a whole number, got "six"`},
		{`consent_version = ""`, "consent_version: must not be empty"},
		{`consent_version = "v 2"`, `consent_version: must be 1 to 32 letters, digits, dots, dashes or underscores, got "v 2"`},
		{"consent_version = 2", "consent_version: must be text, got 2"},
	} {
		dir, line := withConsent(t, tc.lines)
		_, err := loadConfig(dir)
		if err == nil {
			t.Errorf("%s: loaded", tc.lines)
			continue
		}
		msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
		if want := "content/config.toml:" + strconv.Itoa(line) + ": " + tc.want; !strings.Contains(msg, want) {
			t.Errorf("%s: lacks %q in:\n%s", tc.lines, want, msg)
		}
	}
}
