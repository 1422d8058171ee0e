package images

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPruneRemovesOnlyOldUnusedEntries(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-48 * time.Hour)
	for _, name := range []string{"old", "used", "recent"} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if name != "recent" {
			if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	p := New(dir, "../..")
	p.used["used"] = true
	n, err := p.Prune(24 * time.Hour)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d (%v), want 1", n, err)
	}
	for name, want := range map[string]bool{"old": false, "used": true, "recent": true} {
		if exists(filepath.Join(dir, name)) != want {
			t.Errorf("%s: exists %v, want %v", name, !want, want)
		}
	}
}

func TestVectorIsAPlainImg(t *testing.T) {
	got := Vector("/images/arc.svg", "Arc").HTML("", false)
	want := `<img src="/images/arc.svg" alt="Arc" loading="lazy" decoding="async">`
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestNamesAreHashedForImmutableCaching(t *testing.T) {
	ph := &Photo{Path: "/c/en/products/arc/Front Side.JPG", key: strings.Repeat("ab", 16)}
	ph.nameParts()
	if got := ph.URL(640, "avif"); got != "/_img/front-side-640-VOV2XK5L.avif" {
		t.Errorf("URL %s", got)
	}
}
