// Package api is the daemon's HTTP side: the JSON API under /v1 (one
// handler per file), its middleware (logging, recovery, per-IP rate limit
// on writes) and the routing of everything else to the static site.
package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/i18n"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/ratelimit"
	"sabershop/internal/store"
)

// Config is what the API needs; cmd/orderd fills it from flags and the
// environment.
type Config struct {
	Store    *store.DB
	Catalogs *catalogfile.Catalogs
	// Static serves the built site for every path outside /v1.
	Static http.Handler
	Log    *slog.Logger
	// Orders changes orders: every write on an order goes through it,
	// and it knows the shop's address, the owner's and the providers.
	Orders *orders.Service
	// LogLinks logs every status and confirmation link: without an SMTP
	// server, that is how a developer reaches them. The daemon sets it
	// only for a shop on localhost: the links are keys.
	LogLinks bool
	// WriteRate and WriteBurst limit writes per client IP; 0 disables.
	WriteRate  float64
	WriteBurst int
	// TrustProxy takes the client IP from X-Forwarded-For (behind a
	// reverse proxy on the same host).
	TrustProxy bool
	// Kick wakes the e-mail worker after something was queued.
	Kick func()
	// Now is the clock (tests move it to cross price changes).
	Now func() time.Time
	// Demo says the shop is a demo (orderd serve -demo): GET /v1/shop
	// reports it.
	Demo bool
	// Messages are the texts of the answers (LoadMessages); nil: the
	// embedded ones.
	Messages *i18n.Set
	// Observer is told what the API does, for the metrics
	// (internal/metrics); nil: nobody.
	Observer Observer
}

// Observer is told what the API does. Labels are small fixed sets (a
// route's template, never its path), so they can be metric labels.
type Observer interface {
	// Request: one answered HTTP request. route is the /v1 route's
	// template ("/v1/orders/{hash}") or "static" for the site.
	Request(route, method string, status int, d time.Duration)
	// OrderPlaced: a new order (not a replayed answer).
	OrderPlaced(currency string)
	// PaymentStart: a payment the shopper started, and how it went:
	// "started", "declined" or "unavailable".
	PaymentStart(method, outcome string)
	// Webhook: a provider's notification and what became of it:
	// "paid", "pending", "failed", "ignored" (applied), "rejected" (not
	// genuine), "not_applicable" or "error".
	Webhook(provider, result string)
}

type nopObserver struct{}

func (nopObserver) Request(string, string, int, time.Duration) {}
func (nopObserver) OrderPlaced(string)                         {}
func (nopObserver) PaymentStart(string, string)                {}
func (nopObserver) Webhook(string, string)                     {}

// Server answers /v1 and hands everything else to the static site.
type Server struct {
	cfg     Config
	msg     *i18n.Set
	log     *slog.Logger
	limiter *ratelimit.Limiter
	router  *mux.Router
	orders  *orders.Service
	// inFlight counts write requests being answered (Busy).
	inFlight atomic.Int32
}

// New checks the configuration and builds the routes.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Catalogs == nil || cfg.Orders == nil {
		return nil, fmt.Errorf("api: store, catalogue and orders are required")
	}
	msg := cfg.Messages
	if msg == nil {
		var err error
		if msg, err = LoadMessages(nil); err != nil {
			return nil, err
		}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Kick == nil {
		cfg.Kick = func() {}
	}
	if cfg.Observer == nil {
		cfg.Observer = nopObserver{}
	}
	s := &Server{cfg: cfg, msg: msg, log: cfg.Log, orders: cfg.Orders}
	if cfg.WriteRate > 0 {
		s.limiter = ratelimit.New(cfg.WriteRate, cfg.WriteBurst)
	}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	r := mux.NewRouter()
	v1 := r.PathPrefix("/v1").Subrouter()
	v1.HandleFunc("/shop", s.getShop).Methods(http.MethodGet, http.MethodHead)
	v1.HandleFunc("/deliveries", s.getDeliveries).Methods(http.MethodGet, http.MethodHead)
	v1.Handle("/quote", s.write(s.postQuote)).Methods(http.MethodPost)
	v1.Handle("/orders", s.write(s.postOrder)).Methods(http.MethodPost)
	v1.Handle("/orders/links", s.write(s.postOrderLinks)).Methods(http.MethodPost)
	v1.HandleFunc("/orders/{hash}", s.getOrder).Methods(http.MethodGet, http.MethodHead)
	v1.HandleFunc("/orders/{hash}/documents/{file}", s.getOrderDocument).Methods(http.MethodGet, http.MethodHead)
	v1.Handle("/orders/{hash}/coupon", s.write(s.postCoupon)).Methods(http.MethodPost)
	v1.Handle("/orders/{hash}/payments", s.write(s.postPayment)).Methods(http.MethodPost)
	v1.Handle("/orders/{hash}/stage-emails", s.write(s.postStageEmails)).Methods(http.MethodPost)
	v1.Handle("/orders/{hash}/withdrawal", s.write(s.postWithdrawal)).Methods(http.MethodPost)
	// Providers post from their own servers, not browsers: no JSON check
	// (tpay posts a form) and no per-IP limit (many shops share their IPs).
	v1.HandleFunc("/webhooks/{provider}", s.postWebhook).Methods(http.MethodPost)
	v1.HandleFunc("/carriers/{carrier}/webhook", s.postCarrierWebhook).Methods(http.MethodPost)
	v1.HandleFunc("/points", s.getPoints).Methods(http.MethodGet, http.MethodHead)
	v1.HandleFunc("/payments/{provider}/return", s.getPaymentReturn).Methods(http.MethodGet)
	for _, p := range s.orders.Payments().Providers() {
		if ps, ok := p.(payment.PageServer); ok {
			v1.PathPrefix("/" + p.Name() + "/").Handler(ps.Pages())
		}
	}
	v1.Handle("/contact", s.write(s.postContact)).Methods(http.MethodPost)
	v1.Handle("/subscribers", s.write(s.postSubscriber)).Methods(http.MethodPost)
	v1.HandleFunc("/subscribers/confirm/{token}", s.confirmSubscriber).Methods(http.MethodGet)
	v1.HandleFunc("/subscribers/unsubscribe/{token}", s.unsubscribe).Methods(http.MethodGet, http.MethodPost)
	// gorilla/mux v1.8.1 forgets a subrouter's method mismatch as soon as
	// a later route is tried, so a known path with a wrong method mostly
	// lands in NotFoundHandler: both ask the router which methods the
	// path has.
	v1.NotFoundHandler = http.HandlerFunc(s.noRoute)
	v1.MethodNotAllowedHandler = http.HandlerFunc(s.noRoute)
	if s.cfg.Static != nil {
		r.PathPrefix("/").Handler(s.cfg.Static)
	}
	s.router = r
}

// noRoute answers a /v1 request no route took: 405 with Allow when the
// path exists for other methods, else 404.
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
		probe := r.Clone(r.Context())
		probe.Method = m
		var match mux.RouteMatch
		// A leaf route with a handler, not this handler on the /v1 route.
		if m != r.Method && s.router.Match(probe, &match) && match.MatchErr == nil &&
			match.Route != nil && match.Route.GetHandler() != nil {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		s.fail(w, http.StatusMethodNotAllowed, s.requestLocale(r, ""), "method_not_allowed")
		return
	}
	s.fail(w, http.StatusNotFound, s.requestLocale(r, ""), "not_found")
}

// Handler is the whole daemon's HTTP handler, with logging and recovery.
// nosniff is outermost, so every answer has it: API, static files, errors
// (a panic's 500 too), webhooks and the payment sandbox's pages.
func (s *Server) Handler() http.Handler {
	return nosniff(s.recoverer(s.logRequests(s.dispatch())))
}

// dispatch hands a clean path outside /v1 straight to the site's handler.
// Through the router it would reach the same catch-all route only after the
// /v1 prefix was tried, and the request would be copied twice to carry the
// matched route (3 % of the daemon's CPU serving a hashed script,
// docs/decisions/speed.md#static-requests-bypass-the-router). A path the
// router would clean and redirect (//, /./, /../) still goes through it, as
// does CONNECT.
func (s *Server) dispatch() http.Handler {
	site := s.cfg.Static
	if site == nil {
		return s.router
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; !strings.HasPrefix(p, "/v1") && r.Method != http.MethodConnect && isCleanPath(p) {
			site.ServeHTTP(w, r)
			return
		}
		s.router.ServeHTTP(w, r)
	})
}

// SiteOwns reports a path dispatch gives to the site's handler for a GET
// (the fast lane asks before it answers one itself: internal/fastlane).
func (s *Server) SiteOwns(p string) bool {
	return s.cfg.Static != nil && !strings.HasPrefix(p, "/v1") && isCleanPath(p)
}

// isCleanPath reports a path gorilla/mux's router leaves as it is: rooted,
// and path.Clean's result, with a trailing slash kept.
func isCleanPath(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	c := path.Clean(p)
	if p[len(p)-1] == '/' && c != "/" {
		c += "/"
	}
	return c == p
}

// requestLocale is the locale of a request, one of the catalogue's:
// explicit (a body or query field), else ?locale=, else Accept-Language.
func (s *Server) requestLocale(r *http.Request, explicit string) string {
	if explicit == "" {
		explicit = r.URL.Query().Get("locale")
	}
	return pickLocale(localeCodes(s.cfg.Catalogs.Current()), explicit, r.Header.Get("Accept-Language"))
}

// link is an absolute URL on the shop for path (orders.Service.Link).
func (s *Server) link(path string) string { return s.orders.Link(path) }
