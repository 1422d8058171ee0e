package static

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"
)

// ServeHTTP answers GET and HEAD for the site's files and pages.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.serve(w, r, h.current(), true)
}

func (h *Handler) serve(w http.ResponseWriter, r *http.Request, s *snapshot, retry bool) {
	hdr := w.Header()
	h.secure(hdr, s)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr["Allow"] = hdrAllow
		hdr["Content-Type"] = hdrTextPlain
		w.WriteHeader(http.StatusMethodNotAllowed)
		io.WriteString(w, "method not allowed\n")
		return
	}
	p := r.URL.Path
	if !validPath(p) {
		h.notFound(w, r, s, p)
		return
	}
	f, redirect := s.route(p)
	switch {
	case redirect != "":
		// The query goes along (campaign tags, the service worker's
		// revision parameter); the path is escaped again.
		loc := (&url.URL{Path: redirect, RawQuery: r.URL.RawQuery}).String()
		hdr["Cache-Control"] = hdrCacheRedirect
		http.Redirect(w, r, loc, http.StatusMovedPermanently)
	case f == nil:
		h.notFound(w, r, s, p)
	default:
		if f.statusShell {
			// The path holds the order's secret: keep it out of search
			// engines and out of Referer headers to other sites.
			hdr["X-Robots-Tag"] = hdrNoIndex
			hdr["Referrer-Policy"] = hdrNoReferrer
		}
		h.serveFile(w, r, s, f, retry)
	}
}

// secure sets the headers every response carries, 404s and 304s included.
func (h *Handler) secure(hdr http.Header, s *snapshot) {
	hdr["Content-Security-Policy"] = s.csp
	hdr["X-Content-Type-Options"] = hdrNosniff
	hdr["Referrer-Policy"] = hdrReferrer
	hdr["X-Frame-Options"] = hdrFrameDeny
	hdr["Cross-Origin-Opener-Policy"] = hdrCOOP
	hdr["Permissions-Policy"] = hdrPermissions
	if h.opts.HSTS {
		hdr["Strict-Transport-Security"] = hdrHSTS
	}
}

// serveFile sends the representation of f the request prefers: from
// memory when it is kept there and the request is a plain or revalidating
// GET, else through http.ServeContent (ranges, If-Match, files on disk).
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, s *snapshot, f *file, retry bool) {
	rp := pick(f, r)
	var content io.ReadSeeker
	if rp.body != nil {
		if !needsServeContent(r) {
			serveMemory(w, r, f, rp)
			return
		}
		content = bytes.NewReader(rp.body)
	} else {
		fh, v, err := h.open(s, rp)
		if err != nil {
			h.openFailed(w, r, s, rp.name, err, retry)
			return
		}
		defer fh.Close()
		rp, content = v, fh
	}
	hdr := w.Header()
	hdr["Content-Type"] = f.contentType
	hdr["Cache-Control"] = f.cacheControl
	hdr["Etag"] = rp.etag
	if f.vary != nil {
		hdr["Vary"] = f.vary
	}
	if rp.encoding != nil {
		// ServeContent leaves Content-Length to us when Content-Encoding
		// is set; ranges never reach an encoded representation (see pick).
		hdr["Content-Encoding"] = rp.encoding
		hdr["Content-Length"] = rp.length
	}
	http.ServeContent(w, r, rp.name, rp.modTime, content)
}

// open opens a representation and verifies it (see verify).
func (h *Handler) open(s *snapshot, rp *rep) (*os.File, *rep, error) {
	fh, err := s.root.Open(rp.name)
	if err != nil {
		return nil, rp, err
	}
	v, err := h.verify(rp, fh)
	if err != nil {
		fh.Close()
		return nil, rp, err
	}
	return fh, v, nil
}

// verify checks that the opened file is the one the snapshot describes.
// A build that rewrites files in place (watch mode) keeps the root, so the
// root check never fires: without this a changed file would be sent with
// the old ETag and length. On a mismatch the file's own metadata is used
// and a reload is started.
func (h *Handler) verify(rp *rep, fh *os.File) (*rep, error) {
	fi, err := fh.Stat()
	if err != nil {
		return rp, err
	}
	if fi.Size() == rp.size && fi.ModTime().Equal(rp.modTime) {
		return rp, nil
	}
	go func() {
		if h.reloading.CompareAndSwap(false, true) {
			defer h.reloading.Store(false)
			if err := h.Reload(); err != nil {
				h.log.Error("static: reload site", "dir", h.dir, "err", err)
			}
		}
	}()
	return newRep(rp.name, rp.coding, fi), nil
}

// pick chooses by Accept-Encoding. A Range request gets the original:
// byte ranges of a compressed sibling are of no use to a client resuming a
// download, and ranges are only promised for identity.
func pick(f *file, r *http.Request) *rep {
	if len(f.reps) == 1 || r.Header["Range"] != nil {
		return f.identity()
	}
	return parseAcceptEncoding(r.Header["Accept-Encoding"]).choose(f.reps)
}

// openFailed handles a file in the snapshot that can no longer be opened:
// the old build was deleted after a swap the handler has not noticed yet.
// It re-checks the root at once and serves the request from a new snapshot.
func (h *Handler) openFailed(w http.ResponseWriter, r *http.Request, s *snapshot, name string, err error, retry bool) {
	if retry && errors.Is(err, fs.ErrNotExist) {
		h.checkRoot()
		if ns := h.snap.Load(); ns != s {
			h.serve(w, r, ns, false)
			return
		}
	}
	h.log.Error("static: open", "file", name, "err", err)
	if errors.Is(err, fs.ErrNotExist) {
		h.notFound(w, r, s, r.URL.Path)
		return
	}
	hdr := w.Header()
	hdr["Cache-Control"] = hdrCacheNone
	hdr["Content-Type"] = hdrTextPlain
	w.WriteHeader(http.StatusInternalServerError)
	io.WriteString(w, "internal server error\n")
}

// notFound sends the locale's 404 page, or the default locale's, or a
// built-in page with a link home when the site has none.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request, s *snapshot, p string) {
	hdr := w.Header()
	// A 404 must not outlive the build that is missing the page.
	hdr["Cache-Control"] = hdrCacheNone
	prefix, _ := s.splitLocale(p)
	f := s.notFound[prefix]
	if f == nil {
		f = s.notFound[""]
	}
	if f != nil && h.opts.Banner != nil && f.identity().body != nil {
		// A page rewritten at load (Banner) exists only in memory.
		rp := f.identity()
		hdr["Content-Type"] = f.contentType
		hdr["Content-Length"] = rp.length
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			w.Write(rp.body)
		}
		return
	}
	if f != nil {
		fh, rp, err := h.open(s, pick(f, r))
		if err == nil {
			defer fh.Close()
			hdr["Content-Type"] = f.contentType
			hdr["Content-Length"] = rp.length
			if f.vary != nil {
				hdr["Vary"] = f.vary
			}
			if rp.encoding != nil {
				hdr["Content-Encoding"] = rp.encoding
			}
			w.WriteHeader(http.StatusNotFound)
			if r.Method != http.MethodHead {
				io.Copy(w, fh)
			}
			return
		}
		h.log.Error("static: open 404 page", "file", rp.name, "err", err)
	}
	body := fallbackNotFound(prefix)
	hdr["Content-Type"] = hdrHTML
	w.WriteHeader(http.StatusNotFound)
	if r.Method != http.MethodHead {
		io.WriteString(w, body)
	}
}

// fallbackNotFound is the page of last resort (docs/product-rules.md#pages: a
// fallback message with a link home). No inline style or script: the CSP
// would block them.
func fallbackNotFound(prefix string) string {
	home, lang := "/", "en"
	if prefix != "" {
		home, lang = "/"+prefix+"/", prefix
	}
	return `<!doctype html><html lang="` + lang + `"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>404</title>` +
		`<h1>404</h1><p>Page not found.</p><p><a href="` + home + `">Home</a></p></html>` + "\n"
}

// validPath accepts an absolute path of clean segments: no empty segment
// (other than a final slash), none starting with a dot (., .., dotfiles),
// no backslash or NUL. The walk already left such files out; refusing the
// spellings here keeps every lookup on one form.
func validPath(p string) bool {
	if p == "" || p[0] != '/' || strings.ContainsAny(p, "\\\x00") {
		return false
	}
	for rest := p[1:]; rest != ""; {
		seg, tail, more := strings.Cut(rest, "/")
		if seg == "" || seg[0] == '.' {
			return false
		}
		if !more {
			break
		}
		rest = tail
	}
	return true
}
