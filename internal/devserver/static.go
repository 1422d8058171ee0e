package devserver

import (
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Static serves a built site the way the daemon does for the paths that
// matter in development: /shop/arc -> shop/arc/index.html, /status/HASH ->
// the status shell, and the locale's 404 page with status 404.
//
// Pages are never revalidated: a file's Last-Modified has one-second
// resolution, so a page rebuilt in the same second as the copy the browser
// holds would be answered 304 and the live reload would show the old text
// (e2e/dev.spec.ts met it). Every page request gets the file as it is now.
func Static(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean("/" + r.URL.Path)
		if p == "/sw.js" {
			// No service worker in development: the site's serves pages
			// stale-while-revalidate, so a reload after an edit would show
			// the page from before it. This one takes the place of one an
			// earlier build left on this origin and removes itself.
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			_, _ = io.WriteString(w, devServiceWorker)
			return
		}
		if f := resolve(dir, p); f != "" {
			switch {
			case strings.HasPrefix(p, "/assets/"):
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			default:
				fresh(w, r)
			}
			serveFile(w, r, f)
			return
		}
		prefix := ""
		for _, l := range []string{"/pl", "/de"} {
			if p == l || strings.HasPrefix(p, l+"/") {
				prefix = l
			}
		}
		rest := strings.TrimPrefix(p, prefix)
		if strings.HasPrefix(rest, "/status/") {
			if f := resolve(dir, prefix+"/status/"); f != "" {
				fresh(w, r)
				http.ServeFile(w, r, f)
				return
			}
		}
		body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(prefix+"/404.html", "/"))))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write(body)
	})
}

// serveFile sends f, or its precompressed .br or .gz sibling when the
// browser accepts that encoding.
func serveFile(w http.ResponseWriter, r *http.Request, f string) {
	w.Header().Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !strings.Contains(accept, enc.name) {
			continue
		}
		if _, err := os.Stat(f + enc.ext); err != nil {
			continue
		}
		if ct := mime.TypeByExtension(filepath.Ext(f)); ct != "" {
			w.Header().Set("Content-Type", ct)
		} else if strings.HasSuffix(f, ".webmanifest") {
			w.Header().Set("Content-Type", "application/manifest+json")
		}
		w.Header().Set("Content-Encoding", enc.name)
		http.ServeFile(w, r, f+enc.ext)
		return
	}
	http.ServeFile(w, r, f)
}

// fresh makes a page's answer the file as it is now: not kept by the
// browser, and never 304 (see Static).
func fresh(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	r.Header.Del("If-Modified-Since")
}

// devServiceWorker replaces the site's worker in development and
// unregisters itself: it has no fetch handler, so it never answers a page.
const devServiceWorker = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.registration.unregister()));
`

// resolve maps a clean URL path to an existing file under dir, or "".
func resolve(dir, p string) string {
	f := filepath.Join(dir, filepath.FromSlash(p))
	fi, err := os.Stat(f)
	if err == nil && !fi.IsDir() {
		return f
	}
	if err == nil && fi.IsDir() {
		idx := filepath.Join(f, "index.html")
		if _, err := os.Stat(idx); err == nil {
			return idx
		}
	}
	return ""
}
