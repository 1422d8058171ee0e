package devserver

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Static serves a built site the way the daemon does for the paths that
// matter in development: /shop/arc -> shop/arc/index.html, /status/HASH ->
// the status shell, and the locale's 404 page with status 404.
func Static(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean("/" + r.URL.Path)
		if f := resolve(dir, p); f != "" {
			if strings.HasSuffix(f, ".html") {
				w.Header().Set("Cache-Control", "no-cache")
			}
			http.ServeFile(w, r, f)
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
