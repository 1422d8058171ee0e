package site

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// cachedBuild builds contentDir into out with the build cache in cache.
func cachedBuild(t *testing.T, contentDir, out, cache string) *Report {
	t.Helper()
	b := New(Options{ContentDir: contentDir, OutDir: out, Root: "../..", Workers: 1, Compress: true,
		BuildCache: cache, Now: func() time.Time { return fixtureNow }})
	defer b.Close()
	rep, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// sameTree fails unless a and b hold the same files with the same bytes.
func sameTree(t *testing.T, a, b string) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(a, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		want, _ := os.ReadFile(p)
		got, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs (%v)", rel, err)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	m := 0
	filepath.WalkDir(b, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			m++
		}
		return nil
	})
	if n != m || n == 0 {
		t.Errorf("%d files in %s, %d in %s", n, a, m, b)
	}
}

func TestBuildCacheMakesTheSameSiteWithoutBundlingOrRendering(t *testing.T) {
	dir := writeFixture(t, "site")
	cache := filepath.Join(t.TempDir(), "cache")
	plain := filepath.Join(t.TempDir(), "plain")
	if _, err := New(Options{ContentDir: dir, OutDir: plain, Root: "../..", Workers: 1, Compress: true,
		Now: func() time.Time { return fixtureNow }}).Build(); err != nil {
		t.Fatal(err)
	}

	cold := cachedBuild(t, dir, filepath.Join(t.TempDir(), "cold"), cache)
	if cold.BundlesCached || cold.RendersCached != 0 || cold.Rendered == 0 {
		t.Fatalf("cold cache: bundles cached %v, renders cached %d, rendered %d", cold.BundlesCached, cold.RendersCached, cold.Rendered)
	}
	warmOut := filepath.Join(t.TempDir(), "warm")
	warm := cachedBuild(t, dir, warmOut, cache)
	if !warm.BundlesCached || warm.Rendered != 0 || warm.RendersCached != cold.Rendered {
		t.Fatalf("warm cache: bundles cached %v, rendered %d, renders cached %d (cold rendered %d)", warm.BundlesCached, warm.Rendered, warm.RendersCached, cold.Rendered)
	}
	if warm.Written != 0 {
		t.Errorf("warm cache wrote %d bytes anew, want every file linked", warm.Written)
	}
	// Byte for byte what a build without any cache makes.
	sameTree(t, plain, warmOut)
	// Linked from the cache's objects, not copied.
	fi, err := os.Stat(filepath.Join(warmOut, "shop", "arc", "index.html.br"))
	if err != nil {
		t.Fatal(err)
	}
	if st := fi.Sys().(*syscall.Stat_t); st.Nlink < 2 {
		t.Errorf("shop/arc/index.html.br has %d link(s), want a link to the cache's object", st.Nlink)
	}
}

func TestBuildCacheRendersOnlyWhatChanged(t *testing.T) {
	dir := writeFixture(t, "site")
	cache := filepath.Join(t.TempDir(), "cache")
	cachedBuild(t, dir, filepath.Join(t.TempDir(), "first"), cache)

	page := filepath.Join(dir, "en", "pages", "construction.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, append(b, []byte("\nOne more paragraph from the cache test.\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	renders := countFiles(t, filepath.Join(cache, "renders"))
	out := filepath.Join(t.TempDir(), "second")
	rep := cachedBuild(t, dir, out, cache)
	// Each page's render is its own cache entry: the edit adds the renders
	// it made and rewrites nothing else.
	if added := countFiles(t, filepath.Join(cache, "renders")) - renders; added != rep.Rendered {
		t.Errorf("%d render entries added for %d pages rendered", added, rep.Rendered)
	}
	// The page and its fallbacks in the locales that do not translate it.
	var showing []string
	filepath.WalkDir(out, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.Name() == "index.html" {
			if b, _ := os.ReadFile(p); bytes.Contains(b, []byte("One more paragraph from the cache test.")) {
				showing = append(showing, p)
			}
		}
		return nil
	})
	if len(showing) == 0 || rep.Rendered != len(showing) {
		t.Errorf("rendered %d pages after one Markdown edit; %d show it: %v", rep.Rendered, len(showing), showing)
	}
	plain := filepath.Join(t.TempDir(), "plain")
	if _, err := New(Options{ContentDir: dir, OutDir: plain, Root: "../..", Workers: 1, Compress: true,
		Now: func() time.Time { return fixtureNow }}).Build(); err != nil {
		t.Fatal(err)
	}
	sameTree(t, plain, out)
}

func TestBundleInputsKeyCoversSourcesAndConstants(t *testing.T) {
	root := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("components/a.tsx", "export const a = 1;")
	write("templates/server.tsx", "export {};")
	write("package-lock.json", "{}")
	key := func(c map[string]string) [32]byte {
		t.Helper()
		k, err := bundleInputsKey(root, c)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key(map[string]string{"X": "1"})
	if key(map[string]string{"X": "1"}) != base {
		t.Fatal("the same inputs gave another key")
	}
	if key(map[string]string{"X": "2"}) == base {
		t.Error("a changed constant kept the key")
	}
	for _, change := range [][2]string{
		{"components/a.tsx", "export const a = 2;"},
		{"components/sub/b.css", ".b{}"},
		{"templates/server.tsx", "export const s = 1;"},
		{"package-lock.json", `{"v":2}`},
		{"desk/main.tsx", "export {};"},
	} {
		write(change[0], change[1])
		if k := key(map[string]string{"X": "1"}); k == base {
			t.Errorf("changing %s kept the key", change[0])
		} else {
			base = k
		}
	}
}

func TestPruneBuildCacheKeepsWhatOutputsUse(t *testing.T) {
	dir := writeFixture(t, "site")
	cache := filepath.Join(t.TempDir(), "cache")
	out := filepath.Join(t.TempDir(), "out")
	cachedBuild(t, dir, out, cache)
	used := filepath.Join(out, "faq", "index.html")
	usedObj, unused := "", filepath.Join(cache, "objects", "00", "unused-object")
	if err := os.MkdirAll(filepath.Dir(unused), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(unused, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	ufi, _ := os.Stat(used)
	old := time.Now().Add(-BuildCacheKeep - time.Hour)
	filepath.WalkDir(cache, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			os.Chtimes(p, old, old)
			if fi, err := os.Stat(p); err == nil && os.SameFile(fi, ufi) {
				usedObj = p
			}
		}
		return nil
	})
	if usedObj == "" {
		t.Fatal("faq/index.html is not linked from the cache")
	}
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", BuildCache: cache})
	defer b.Close()
	n, err := b.PruneBuildCache()
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("pruned nothing")
	}
	if _, err := os.Stat(unused); err == nil {
		t.Error("an old object no output links to was kept")
	}
	if _, err := os.Stat(usedObj); err != nil {
		t.Errorf("the object of faq/index.html was removed: %v", err)
	}
	// The next build's prune, the same day, does not walk the cache; one
	// a day later does.
	if err := os.WriteFile(unused, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(unused, old, old)
	if n, err := b.PruneBuildCache(); err != nil || n != 0 {
		t.Errorf("a second prune within %s removed %d (%v)", BuildCachePruneEvery, n, err)
	}
	day := time.Now().Add(-BuildCachePruneEvery - time.Minute)
	os.Chtimes(filepath.Join(cache, pruneStamp), day, day)
	if n, err := b.PruneBuildCache(); err != nil || n != 1 {
		t.Errorf("a prune a day later removed %d (%v), want the one unused object", n, err)
	}
}

// countFiles counts the files under dir.
func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The tree a build replaces goes to the cache's trash and is removed by
// the next build (while it waits for node), not left beside the output.
func TestReplacedTreeIsEmptiedByTheNextBuild(t *testing.T) {
	dir := writeFixture(t, "site")
	cache := filepath.Join(t.TempDir(), "cache")
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	trash := filepath.Join(cache, trashDir)
	trees := func() []string {
		t.Helper()
		entries, err := os.ReadDir(trash)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	cachedBuild(t, dir, out, cache)
	if got := trees(); len(got) != 0 {
		t.Fatalf("trash after the first build: %v", got)
	}
	cachedBuild(t, dir, out, cache)
	first := trees()
	if len(first) != 1 {
		t.Fatalf("trash after the second build: %v, want the first build's tree", first)
	}
	cachedBuild(t, dir, out, cache)
	if got := trees(); len(got) != 1 || got[0] == first[0] {
		t.Errorf("trash after the third build: %v, want only the second build's tree (not %s)", got, first[0])
	}
	if siblings, _ := os.ReadDir(parent); len(siblings) != 1 {
		t.Errorf("beside the output: %v, want public alone", siblings)
	}
	plain := filepath.Join(t.TempDir(), "plain")
	pb := New(Options{ContentDir: dir, OutDir: plain, Root: "../..", Workers: 1, Compress: true,
		Now: func() time.Time { return fixtureNow }})
	defer pb.Close()
	if _, err := pb.Build(); err != nil {
		t.Fatal(err)
	}
	sameTree(t, plain, out)
}
