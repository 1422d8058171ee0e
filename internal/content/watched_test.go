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
