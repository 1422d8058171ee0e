// Package testutil holds helpers shared by tests of several packages.
package testutil

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// CopyDir copies the tree at src into a new temporary directory, so a test
// can edit a copy of the real content/.
func CopyDir(t testing.TB, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// UntilDeadline fires shortly before the test binary's own deadline
// (go test -timeout), or never for a benchmark or a run without one. A
// test waiting for a daemon or a process selects on it beside the event:
// a loaded machine may take long, and only a broken run fails, with a
// message rather than a timeout's stack dump, instead of on a fixed
// budget a busy machine can miss.
func UntilDeadline(t testing.TB) <-chan time.Time {
	dt, ok := t.(interface{ Deadline() (time.Time, bool) })
	if !ok {
		return nil
	}
	d, ok := dt.Deadline()
	if !ok {
		return nil
	}
	return time.After(time.Until(d) - 5*time.Second)
}

// CodeCopy is a code root a test may edit: copies of root's templates/,
// components/ and desk/ with its package.json, tsconfig.json and image
// worker, its node_modules and photo cache linked, so that nothing in the
// checkout changes and no photo is made again.
func CodeCopy(t testing.TB, root string) string {
	t.Helper()
	root, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, d := range []string{"templates", "components", "desk"} {
		if err := os.CopyFS(filepath.Join(dir, d), os.DirFS(filepath.Join(root, d))); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"package.json", "tsconfig.json", "internal/render/images.mjs"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, ".cache", "images"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"node_modules", ".cache/images"} {
		if err := os.Symlink(filepath.Join(root, l), filepath.Join(dir, l)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
