package static

import "strings"

// route maps a valid URL path to the file to serve, or to the canonical
// path to redirect to; both empty means 404.
func (s *snapshot) route(p string) (f *file, redirect string) {
	if dir, ok := strings.CutSuffix(p, "/index.html"); ok {
		if _, ok := s.pages[dir]; ok {
			return nil, s.canonical(dir)
		}
		return nil, ""
	}
	if f, redirect, ok := s.statusRoute(p); ok {
		return f, redirect
	}
	if f := s.files[p]; f != nil {
		return f, ""
	}
	dir := strings.TrimSuffix(p, "/")
	if f := s.pages[dir]; f != nil {
		if c := s.canonical(dir); c != p {
			return nil, c
		}
		return f, ""
	}
	return nil, s.redirectOf(p)
}

// canonical is the URL of the page in directory dir: the path of its
// rel=canonical link when that is the directory with or without a slash
// (the build says /shop/arc but /blog/categories/), else the build's
// usual form: site and locale roots with a trailing slash (/, /pl/), every
// other page without (/shop/arc).
func (s *snapshot) canonical(dir string) string {
	if c, ok := s.canonicalLinks[dir]; ok && (c == dir || c == dir+"/") {
		return c
	}
	if dir == "" {
		return "/"
	}
	if s.isLocale(dir[1:]) {
		return dir + "/"
	}
	return dir
}

func (s *snapshot) isLocale(seg string) bool {
	for _, l := range s.locales {
		if l == seg {
			return true
		}
	}
	return false
}

// splitLocale splits /pl/shop into "pl" and /shop; a path of the default
// locale has the prefix "".
func (s *snapshot) splitLocale(p string) (prefix, rest string) {
	seg, tail, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if s.isLocale(seg) {
		return seg, "/" + tail
	}
	return "", p
}

// statusRoute answers the order status URLs: /status, /status/ and
// /status/{hash} under every locale serve that locale's status shell (its
// script reads the hash from the URL). A hash with a trailing slash is
// redirected to the form the e-mails link.
func (s *snapshot) statusRoute(p string) (f *file, redirect string, ok bool) {
	prefix, rest := s.splitLocale(p)
	tail, ok := strings.CutPrefix(rest, "/status")
	if !ok || (tail != "" && tail[0] != '/') {
		return nil, "", false
	}
	tail = strings.TrimPrefix(tail, "/")
	hash, slash := strings.CutSuffix(tail, "/")
	if strings.Contains(hash, "/") || !urlSafe(hash) {
		return nil, "", true // 404
	}
	if slash && hash != "" {
		return nil, strings.TrimSuffix(p, "/"), true
	}
	f = s.status[prefix]
	if f == nil {
		f = s.status[""]
	}
	return f, "", true
}

// urlSafe reports a status hash of the URL-safe base64 alphabet (or none).
func urlSafe(h string) bool {
	if len(h) > 128 {
		return false
	}
	for _, c := range []byte(h) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
