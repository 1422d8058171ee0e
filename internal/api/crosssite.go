package api

import (
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// Requests from outside: which writes a browser may send on behalf of a
// page of another site. An HTML form or a no-cors fetch on any website
// can POST to the shop with the visitor's browser ("simple" requests need
// no CORS preflight) as long as the body is form-urlencoded, multipart or
// text/plain. So writes must declare JSON (a cross-site page cannot send
// that without a preflight, which the daemon never grants), and every
// write is refused when the browser says it comes from another origin.

// fromOtherSite reports a write a browser sent from a page that is not
// the shop's. Sec-Fetch-Site and Origin are set by the browser and no
// page can forge them; a request with neither is not from a browser (curl,
// a mail provider's one-click unsubscribe, a test), or from a browser old
// enough that only the JSON rule stands in its way. The algorithm is
// net/http.CrossOriginProtection's, with the shop's base URL as the
// trusted origin and the proxy's forwarded host as the request's own.
func (s *Server) fromOtherSite(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		// "none": the user's own action (typed address, bookmark).
		return false
	case "":
		if origin == "" {
			return false
		}
		if origin == "null" && mediaType(r) == "application/json" {
			// A browser without Sec-Fetch-Site (Safari before 16.4) sends
			// Origin: null on every POST from a page whose Referrer-Policy
			// is no-referrer, which the status page's is (its address is
			// the order's secret). A JSON body is safe to let on: no other
			// site can send one without a preflight. Forms are not.
			return false
		}
	}
	// "same-site" (another host of the same domain), "cross-site", an
	// unknown value, or an older browser that sends only Origin.
	return !s.ownOrigin(r, origin)
}

// ownOrigin reports whether origin (an Origin header) is the shop's: its
// configured base URL (the catalogue's when none is set), or the address
// the request itself was sent to. The latter is what keeps `make run` and
// the tests working, where the shop is reached as both 127.0.0.1:PORT and
// localhost:PORT; it is safe because a page of another site cannot choose
// the Host its visitor's browser sends to the shop.
func (s *Server) ownOrigin(r *http.Request, origin string) bool {
	o, ok := parseOrigin(origin)
	if !ok {
		return false // "null" (sandboxed frames, privacy redirects) or garbage
	}
	for _, base := range []string{s.orders.BaseURL(), s.cfg.Catalogs.Current().Shop.BaseURL} {
		if b, ok := parseOrigin(base); ok && b == o {
			return true
		}
	}
	// The request's own host, compared without the scheme (as Go's
	// CrossOriginProtection does): behind a TLS-terminating proxy the
	// daemon cannot know the scheme the browser used.
	host := r.Host
	if s.cfg.TrustProxy {
		// The proxy's view of the host. A browser cannot add this header
		// to a cross-site request without a preflight, so only the proxy
		// (or a non-browser client, which needs no forging) sets it.
		if fh := r.Header.Get("X-Forwarded-Host"); fh != "" {
			host = strings.TrimSpace(strings.Split(fh, ",")[0])
		}
	}
	_, oHost, _ := strings.Cut(o, "://")
	return host != "" && strings.EqualFold(stripDefaultPort(oHost), stripDefaultPort(strings.ToLower(host)))
}

// parseOrigin normalises an origin or a base URL to scheme://host[:port]
// in lower case without a default port; ok is false for anything that is
// not an http(s) origin.
func parseOrigin(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || raw == "null" {
		return "", false
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", false
	}
	host := strings.ToLower(u.Host)
	if (u.Scheme == "http" && strings.HasSuffix(host, ":80")) || (u.Scheme == "https" && strings.HasSuffix(host, ":443")) {
		host = host[:strings.LastIndexByte(host, ':')]
	}
	return u.Scheme + "://" + host, true
}

// stripDefaultPort drops :80 and :443 from a bare host, for comparing
// hosts without their schemes.
func stripDefaultPort(host string) string {
	if h, ok := strings.CutSuffix(host, ":80"); ok {
		return h
	}
	if h, ok := strings.CutSuffix(host, ":443"); ok {
		return h
	}
	return host
}

// mediaType is the request's Content-Type without parameters, lower case
// ("" when absent or unparsable).
func mediaType(r *http.Request) string {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

// nosniff marks every answer X-Content-Type-Options: nosniff, so no
// browser reads a JSON answer, an error or an uploaded-looking file as
// script or style (each answer's own Content-Type is the truth).
func nosniff(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		next.ServeHTTP(w, r)
	})
}
