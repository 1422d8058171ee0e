package api

import (
	"io"
	"math"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/clientip"
)

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// ReadFrom keeps net/http's sendfile path: http.ServeContent copies a file
// from disk with io.Copy, which uses the writer's ReadFrom when it has one,
// and the embedded interface alone would hide it (every file above the
// static handler's memory limit went through a user-space copy).
func (r *statusRecorder) ReadFrom(src io.Reader) (int64, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if rf, ok := r.ResponseWriter.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(struct{ io.Writer }{r.ResponseWriter}, src)
}

// Unwrap lets http.ResponseController reach the real writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// logRequests logs API calls (not static files: those would drown the log)
// and failed static requests. Query strings are left out: they may carry
// tokens.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		if _, none := s.cfg.Observer.(nopObserver); !none {
			// Only with metrics: matching the route again costs a router pass.
			s.cfg.Observer.Request(s.routeOf(r), r.Method, rec.status, time.Since(start))
		}
		if strings.HasPrefix(r.URL.Path, "/v1/") || rec.status >= 500 {
			s.log.Info("http", "method", r.Method, "path", redactPath(r.URL.Path), "status", rec.status,
				"ms", time.Since(start).Milliseconds())
		}
	})
}

// routeOf is the request's /v1 route template ("/v1/orders/{hash}"),
// "/v1 unknown" for a /v1 path no route takes, and "static" for the site:
// a metric label from a small fixed set, never a path a stranger chose.
func (s *Server) routeOf(r *http.Request) string {
	if !strings.HasPrefix(r.URL.Path, "/v1/") {
		return "static"
	}
	var m mux.RouteMatch
	if s.router.Match(r, &m) && m.Route != nil {
		if tpl, err := m.Route.GetPathTemplate(); err == nil {
			return tpl
		}
	}
	return "/v1 unknown"
}

// redactPath hides the secret part of paths that carry one (order hashes,
// subscriber tokens), so logs never hand out access to an order.
func redactPath(p string) string {
	for _, prefix := range []string{"/v1/orders/", "/v1/subscribers/confirm/", "/v1/subscribers/unsubscribe/"} {
		if rest, ok := strings.CutPrefix(p, prefix); ok && len(rest) > 6 {
			return prefix + rest[:4] + "…"
		}
	}
	return p
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "path", redactPath(r.URL.Path), "panic", v, "stack", string(debug.Stack()))
				s.fail(w, http.StatusInternalServerError, s.requestLocale(r, ""), "internal")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// write wraps a handler that changes state, for browsers' requests: a
// write from another site's page is 403, a body that is not JSON (or, on
// the two endpoints with plain HTML forms, form-urlencoded) is 415, then
// the per-IP rate limit. The first two come before the limit, so a page
// of another site cannot spend its visitors' write budget on the shop.
// Provider webhooks and the unsubscribe link are not wrapped: servers
// send them, without a browser's headers.
func (s *Server) write(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.inFlight.Add(1)
		defer s.inFlight.Add(-1)
		if s.fromOtherSite(r) {
			s.fail(w, http.StatusForbidden, s.requestLocale(r, ""), "cross_site")
			return
		}
		// No Content-Type at all is refused too: a no-cors fetch with a
		// string body sends text/plain, and a missing type was taken as
		// JSON before (docs/api.md#conventions).
		if mt := mediaType(r); mt != "application/json" && !(mt == formType && formAllowed(r.URL.Path)) {
			s.fail(w, http.StatusUnsupportedMediaType, s.requestLocale(r, ""), "unsupported_media_type")
			return
		}
		if s.limiter != nil {
			// The real clock, not cfg.Now: a test's fixed day must not
			// stop the buckets from filling.
			if ok, wait := s.limiter.Allow(clientip.Group(clientIP(r, s.cfg.TrustProxy)), time.Now()); !ok {
				w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
				s.fail(w, http.StatusTooManyRequests, s.requestLocale(r, ""), "rate_limited")
				return
			}
		}
		h(w, r)
	})
}

// clientIP is clientip.Of (the per-address limits and the payment
// providers' fraud checks get the same address).
func clientIP(r *http.Request, trustProxy bool) string { return clientip.Of(r, trustProxy) }

// isForm tells a plain HTML form post (the contact and notify-me forms work
// before their JavaScript has loaded, and without it).
func isForm(r *http.Request) bool { return mediaType(r) == formType }

const formType = "application/x-www-form-urlencoded"

// formAllowed lists the endpoints that take plain form posts: only those
// whose forms are in the pages. Orders and coupons need the JavaScript
// client (idempotency key, expected total).
func formAllowed(path string) bool {
	return path == "/v1/contact" || path == "/v1/subscribers"
}
