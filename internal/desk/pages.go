package desk

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// The desk's pages are one HTML shell and its bundle (desk/ in the
// repository, built by cmd/build into SITE/admin/). Every page path
// under /admin gets the shell; the bundle reads the path. Files are read
// from the site folder at each request, so a published release (a new
// `current` link) is served at once; the owner is one person, so there is
// no cache to keep.

// shellName is the desk's HTML shell in the built site.
const shellName = "admin/index.html"

func (d *Desk) getPage(w http.ResponseWriter, r *http.Request) {
	if d.cfg.Site == "" {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	p := path.Clean(r.URL.Path)
	if strings.HasPrefix(p, "/admin/assets/") {
		d.serveFile(w, r, strings.TrimPrefix(p, "/"))
		return
	}
	d.serveFile(w, r, shellName)
}

func (d *Desk) serveFile(w http.ResponseWriter, r *http.Request, rel string) {
	if strings.Contains(rel, "..") {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	f, err := os.Open(filepath.Join(d.cfg.Site, filepath.FromSlash(rel)))
	if err != nil {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	http.ServeContent(w, r, path.Base(rel), fi.ModTime(), f)
}
