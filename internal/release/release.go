// Package release switches the site a running daemon serves: a new build
// lands as its own folder under ROOT/releases, is checked, and becomes
// ROOT/current by an atomic rename of a symbolic link; the one it replaced
// becomes ROOT/previous, for Rollback. orderd serves -site ROOT/current and
// notices the switch by itself (catalogfile watches ROOT, the static
// handler re-reads a root that names another folder), with no restart and
// no failed request: requests in flight finish on the old folder.
package release

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
)

// The names under ROOT.
const (
	Current  = "current"
	Previous = "previous"
	Releases = "releases"
)

// ErrNoPrevious is returned by Rollback when there is no previous release
// to go back to.
var ErrNoPrevious = errors.New("no previous release")

// Check says whether dir is a site the daemon can serve: its catalogue
// loads and has this daemon's file format (an older or newer builder
// writes another), every locale of the catalogue has its home page, and,
// when locales is not nil, the daemon has its strings for every one.
// Nothing is switched.
func Check(dir string, locales func(*catalog.Catalog) error) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	cat, err := catalogfile.Read(dir)
	if err != nil {
		return err
	}
	if cat.FileFormat != catalog.FileFormat {
		return fmt.Errorf("%s: catalogue file format %d, this orderd reads %d: build the site with the builder of the same version as the daemon",
			filepath.Join(dir, catalogfile.Name), cat.FileFormat, catalog.FileFormat)
	}
	if len(cat.Locales) == 0 || len(cat.Products) == 0 {
		return fmt.Errorf("%s: the catalogue has no locales or no products", filepath.Join(dir, catalogfile.Name))
	}
	for i, l := range cat.Locales {
		home := filepath.Join(dir, l.Code, "index.html")
		if i == 0 {
			home = filepath.Join(dir, "index.html") // the default locale has no prefix
		}
		if _, err := os.Stat(home); err != nil {
			return fmt.Errorf("locale %s: no home page: %w", l.Code, err)
		}
	}
	if locales != nil {
		return locales(cat)
	}
	return nil
}

// Publish makes dir (a folder under ROOT/releases) the current release,
// after Check. It returns the release it replaced ("" for the first).
func Publish(root, dir string, locales func(*catalog.Catalog) error) (replaced string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if err := Check(abs, locales); err != nil {
		return "", fmt.Errorf("not published: %w", err)
	}
	replaced, _ = os.Readlink(filepath.Join(root, Current))
	if replaced == abs {
		return "", fmt.Errorf("not published: %s is already the current release", abs)
	}
	if err := link(root, Current, abs); err != nil {
		return "", err
	}
	if replaced != "" {
		if err := link(root, Previous, replaced); err != nil {
			return replaced, err
		}
	}
	return replaced, nil
}

// Rollback makes the previous release current again (and the current one
// previous, so a second Rollback undoes the first). The previous release
// is checked like a new one.
func Rollback(root string, locales func(*catalog.Catalog) error) (now string, err error) {
	prev, err := os.Readlink(filepath.Join(root, Previous))
	if err != nil {
		return "", ErrNoPrevious
	}
	cur, err := os.Readlink(filepath.Join(root, Current))
	if err != nil {
		return "", err
	}
	if err := Check(prev, locales); err != nil {
		return "", fmt.Errorf("not rolled back: %w", err)
	}
	if err := link(root, Current, prev); err != nil {
		return "", err
	}
	return prev, link(root, Previous, cur)
}

// link points ROOT/name at target atomically: a new link under a temporary
// name, renamed over the old one (rename(2) replaces in one step; a
// reader sees the old folder or the new one, never neither).
func link(root, name, target string) error {
	tmp := filepath.Join(root, "."+name+".new")
	_ = os.Remove(tmp)
	if err := os.Symlink(target, tmp); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(root, name)); err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(root); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}
