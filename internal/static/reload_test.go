package static

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"sabershop/internal/testutil"
)

// swapIn replaces root with a new tree holding files, as a build does (two
// renames here; the build's renameat2 exchange is one), and returns where
// the old tree went.
func swapIn(t *testing.T, root string, files map[string]string) string {
	t.Helper()
	next, err := os.MkdirTemp(filepath.Dir(root), "next-")
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, next, files)
	old := next + ".old"
	if err := os.Rename(root, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, root); err != nil {
		t.Fatal(err)
	}
	return old
}

func TestReload(t *testing.T) {
	root := fixture(t)
	h := newHandler(t, root, Options{CheckEvery: -1})
	swapIn(t, root, map[string]string{"robots.txt": "NEW", "index.html": "new home"})
	if _, body := get(t, h, "GET", "/robots.txt"); body != "User-agent: *\n" {
		t.Errorf("before Reload: %q", body)
	}
	if err := h.Reload(); err != nil {
		t.Fatal(err)
	}
	if _, body := get(t, h, "GET", "/robots.txt"); body != "NEW" {
		t.Errorf("after Reload: %q", body)
	}
	if res, _ := get(t, h, "GET", "/sw.js"); res.StatusCode != 404 {
		t.Errorf("a file of the old build: %d", res.StatusCode)
	}
}

func TestReloadNoticesSwappedRoot(t *testing.T) {
	root := fixture(t)
	h := newHandler(t, root, Options{CheckEvery: 10 * time.Millisecond})
	swapIn(t, root, map[string]string{"robots.txt": "NEW"})
	testutil.Eventually(t, "the new build noticed", func() error {
		if _, body := get(t, h, "GET", "/robots.txt"); body != "NEW" {
			return fmt.Errorf("robots.txt %q", body)
		}
		return nil
	})
}

// A build swapped in and the old tree deleted before the handler noticed:
// the request that fails to open re-checks the root and is served.
func TestOldTreeDeleted(t *testing.T) {
	root := fixture(t)
	h := newHandler(t, root, Options{CheckEvery: -1, CacheBytes: -1})
	old := swapIn(t, root, map[string]string{"robots.txt": "NEW"})
	if err := os.RemoveAll(old); err != nil {
		t.Fatal(err)
	}
	if res, body := get(t, h, "GET", "/robots.txt"); res.StatusCode != 200 || body != "NEW" {
		t.Errorf("%d %q", res.StatusCode, body)
	}
}

// A file rewritten in place (watch mode) is sent with its own length and a
// new ETag, never the snapshot's.
func TestFileRewrittenInPlace(t *testing.T) {
	root := fixture(t)
	h := newHandler(t, root, Options{CheckEvery: -1, CacheBytes: -1})
	res, _ := get(t, h, "GET", "/robots.txt")
	oldTag := res.Header.Get("ETag")
	if err := os.WriteFile(filepath.Join(root, "robots.txt"), []byte("User-agent: *\nDisallow: /x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, body := get(t, h, "GET", "/robots.txt")
	if body != "User-agent: *\nDisallow: /x\n" || res.Header.Get("Content-Length") != strconv.Itoa(len(body)) || res.Header.Get("ETag") == oldTag {
		t.Errorf("%q %v", body, res.Header)
	}
}

func TestLocalesFromCatalog(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	got := h.snap.Load().locales
	if len(got) != 2 || got[0] != "de" || got[1] != "pl" {
		t.Errorf("locales %v, want [de pl] (fr has no directory)", got)
	}
}

func TestNewFails(t *testing.T) {
	if _, err := New(filepath.Join(t.TempDir(), "missing"), Options{}); err == nil {
		t.Error("a missing root")
	}
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, nil, 0o644)
	if _, err := New(f, Options{}); err == nil {
		t.Error("a file as root")
	}
}
