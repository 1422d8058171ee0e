package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/testutil"
)

// A watched loader reads again only what was reported changed: an edit
// it was told about shows, a file in a renamed folder is read again, and
// lost events ("") make it read everything.
func TestWatchedLoaderReadsWhatChanged(t *testing.T) {
	dir := testutil.CopyDir(t, "../../content")
	l := NewLoader(dir)
	l.Watched()
	if _, err := l.Load(); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "en", "pages", "features.md")
	titleOf := func(site *Site) string {
		for _, d := range site.Docs["en"] {
			if d.File != "" && strings.HasSuffix(d.File, "en/pages/features.md") {
				return d.Title
			}
		}
		return ""
	}
	edit := func(title string) {
		t.Helper()
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(src), "\n", 3)
		if !strings.HasPrefix(lines[1], "title = ") {
			t.Fatalf("features.md's second line is %q, not its title", lines[1])
		}
		if err := os.WriteFile(file, []byte(lines[0]+"\ntitle = \""+title+"\"\n"+lines[2]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	load := func() *Site {
		t.Helper()
		site, err := l.Load()
		if err != nil {
			t.Fatal(err)
		}
		return site
	}

	// Not reported: the loader keeps what it read (the promise is the caller's).
	edit("Unreported")
	if got := titleOf(load()); got == "Unreported" {
		t.Fatal("a watched loader read a file nobody reported changed")
	}
	l.Changed(file)
	if got := titleOf(load()); got != "Unreported" {
		t.Fatalf("after Changed(file): title %q", got)
	}
	// A folder's event covers the files in it.
	edit("Folder")
	l.Changed(filepath.Join(dir, "en", "pages"))
	if got := titleOf(load()); got != "Folder" {
		t.Fatalf("after Changed(folder): title %q", got)
	}
	// Lost events: everything is read again.
	edit("Everything")
	l.Changed("")
	if got := titleOf(load()); got != "Everything" {
		t.Fatalf(`after Changed(""): title %q`, got)
	}
	// An unwatched loader reads every file every time.
	plain := NewLoader(dir)
	if _, err := plain.Load(); err != nil {
		t.Fatal(err)
	}
	edit("Plain")
	if site, err := plain.Load(); err != nil || titleOf(site) != "Plain" {
		t.Fatalf("unwatched loader: %v, title %q", err, titleOf(site))
	}
}

// A loader keeps each locale's flattened i18n bundle, and the comparison
// with the default locale's, only while both files are the same: a key
// removed from pl.toml, added to en.toml, or a changed text shows at the
// next load.
func TestLoaderKeepsI18nBundlesOnlyWhileTheirFilesStay(t *testing.T) {
	dir := testutil.CopyDir(t, "../../content")
	l := NewLoader(dir)
	l.Watched()
	pl := filepath.Join(dir, "i18n", "pl.toml")
	en := filepath.Join(dir, "i18n", "en.toml")
	plSrc, enSrc := readString(t, pl), readString(t, en)
	write := func(file, src string) {
		t.Helper()
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		l.Changed(file)
	}
	site, err := l.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := site.Bundles["pl"]["menu.shop"].Text; got != "Sklep" {
		t.Fatalf("pl menu.shop = %q", got)
	}

	write(pl, strings.Replace(plSrc, "shop = \"Sklep\"\n", "", 1))
	if _, err := l.Load(); err == nil || !strings.Contains(err.Error(), "pl.toml") || !strings.Contains(err.Error(), "menu.shop") {
		t.Fatalf("a key gone from pl.toml: %v", err)
	}
	write(pl, strings.Replace(plSrc, `shop = "Sklep"`, `shop = "Sklepik"`, 1))
	if site, err = l.Load(); err != nil {
		t.Fatal(err)
	}
	if got := site.Bundles["pl"]["menu.shop"].Text; got != "Sklepik" {
		t.Fatalf("after a changed text: pl menu.shop = %q", got)
	}
	// The default locale's file changed, pl.toml did not: compared again.
	write(en, strings.Replace(enSrc, "[menu]\n", "[menu]\nnew_key = \"New\"\n", 1))
	if _, err := l.Load(); err == nil || !strings.Contains(err.Error(), "pl.toml") || !strings.Contains(err.Error(), "menu.new_key") {
		t.Fatalf("a key new in en.toml: %v", err)
	}
	write(en, enSrc)
	write(pl, plSrc)
	if _, err := l.Load(); err != nil {
		t.Fatalf("both files as they were: %v", err)
	}
}

func readString(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
