// Package desk is the owner's desk: everything under /admin,
// the owner's pages and their JSON API (/admin/api), apart from the
// shop's /v1. Every answer carries the desk's own strict headers; every
// API route but signing in needs a live session, and every write a
// same-origin request with the session's CSRF token. One handler per
// file.
package desk

import (
	"embed"
	"log/slog"
	"net/http"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/owners"
	"sabershop/internal/ratelimit"
	"sabershop/internal/store"
)

// Config is what the desk needs; the daemon fills it.
type Config struct {
	Store *store.DB
	Log   *slog.Logger
	// Now is the clock (tests move it across the session limits).
	Now func() time.Time
	// TrustProxy takes client addresses from X-Forwarded-For (behind
	// Caddy), for the audit log and the per-address sign-in delays.
	TrustProxy bool
	// Site is the built site, whose admin/ folder holds the desk's pages
	// ("" serves the API alone).
	Site string
	// Catalog is the catalogue in force (names of parts and stages).
	Catalog func() *catalog.Catalog
	// Office is what the owner does besides changing orders, with the
	// order service (Office.Orders): the desk's changes go through the
	// same functions as the terminal's.
	Office backoffice.Office
	// Passwords bounds the argon2id runs at once (sign-in, setup, the
	// password asked again); nil: owners.GateSlots and GateQueue. The
	// daemon's metrics read its counts.
	Passwords *owners.Gate
	// SigninLimit is the requests per minute per address, in bursts of as
	// many, to the routes that check a secret (throttle.go); 0:
	// DefaultSigninLimit, negative: no limit (the browser tests, all from
	// one address).
	SigninLimit int
	// BaseURL is the shop's public address (https://… behind the proxy):
	// its host is the passkeys' relying party ID and its scheme their
	// origin's. "" allows passkeys on localhost only.
	BaseURL string
}

// Desk serves /admin.
type Desk struct {
	cfg  Config
	msg  *i18n.Set // the API's answers
	ui   *i18n.Set // the pages' texts
	mux  *http.ServeMux
	cop  *http.CrossOriginProtection
	fake string // a password hash that matches nothing, for unknown names
	gate *owners.Gate
	// limit is the sign-in routes' per-address limit (throttle.go).
	limit *ratelimit.Limiter
	// ceremonies are the passkey ceremonies under way (passkey.go).
	ceremonies ceremonies
}

//go:embed messages/*.toml
var messageFiles embed.FS

// Locales the desk speaks, its default first: the owner's languages
// (owners.Locales), one home for the desk and the owner's e-mails.
var Locales = owners.Locales

// New builds the desk.
func New(cfg Config) (*Desk, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	msg, err := i18n.LoadEmbedded("desk", "en", messageFiles, "messages", nil)
	if err != nil {
		return nil, err
	}
	ui, err := i18n.LoadEmbedded("desk-ui", "en", uiFiles, "ui", nil)
	if err != nil {
		return nil, err
	}
	// Signing in as a name that does not exist costs the same argon2 run
	// as a wrong password, so the time of the answer does not say which
	// names exist.
	fake, err := owners.HashPassword("no account has this password")
	if err != nil {
		return nil, err
	}
	if cfg.Passwords == nil {
		cfg.Passwords = owners.NewGate(owners.GateSlots(), owners.GateQueue())
	}
	d := &Desk{cfg: cfg, msg: msg, ui: ui, mux: http.NewServeMux(), cop: http.NewCrossOriginProtection(), fake: fake,
		gate: cfg.Passwords}
	if cfg.SigninLimit == 0 {
		cfg.SigninLimit = DefaultSigninLimit
	}
	if cfg.SigninLimit > 0 {
		d.limit = ratelimit.New(float64(cfg.SigninLimit)/60, cfg.SigninLimit)
	}
	d.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.fail(w, r, http.StatusForbidden, "cross_site", nil)
	}))
	d.routes()
	return d, nil
}

func (d *Desk) routes() {
	d.mux.HandleFunc("POST /admin/api/setup", d.limited(d.postSetup))
	d.mux.HandleFunc("POST /admin/api/signin", d.limited(d.postSignin))
	d.mux.Handle("POST /admin/api/signout", d.session(d.postSignout))
	d.mux.Handle("POST /admin/api/signout-everywhere", d.session(d.postSignoutEverywhere))
	d.mux.Handle("GET /admin/api/me", d.session(d.getMe))
	d.mux.Handle("GET /admin/api/audit", d.session(d.getAudit))
	d.mux.HandleFunc("GET /admin/api/texts", d.getTexts)
	d.mux.Handle("GET /admin/api/today", d.session(d.getToday))
	d.mux.Handle("POST /admin/api/shop", d.session(d.postShop))
	d.mux.Handle("GET /admin/api/messages", d.session(d.getMessages))
	d.mux.Handle("GET /admin/api/coupons", d.session(d.getCoupons))
	d.mux.Handle("POST /admin/api/coupons", d.session(d.postCoupon))
	d.mux.Handle("POST /admin/api/coupons/{code}/disable", d.session(d.postCouponDisable))
	d.mux.Handle("GET /admin/api/subscribers", d.session(d.getSubscribers))
	d.mux.Handle("GET /admin/api/subscribers.csv", d.session(d.getSubscribersCSV))
	d.mux.Handle("POST /admin/api/subscribers/remove", d.session(d.postSubscriberRemove))
	d.mux.Handle("GET /admin/api/privacy/export", d.session(d.getPrivacyExport))
	d.mux.Handle("POST /admin/api/privacy/erase", d.session(d.postPrivacyErase))
	d.mux.Handle("GET /admin/api/sale-start/preview", d.session(d.getSalePreview))
	d.mux.Handle("POST /admin/api/sale-start", d.session(d.postSaleStart))
	d.mux.Handle("GET /admin/api/orders", d.session(d.getOrders))
	d.mux.Handle("GET /admin/api/orders/{id}", d.session(d.withOrder(d.getOrder)))
	d.mux.Handle("GET /admin/api/orders/filters", d.session(d.getOrderFilters))
	d.mux.Handle("POST /admin/api/orders/{id}/stage", d.session(d.withOrder(d.postOrderStage)))
	d.mux.Handle("POST /admin/api/orders/{id}/send", d.session(d.withOrder(d.postOrderSend)))
	d.mux.Handle("POST /admin/api/orders/{id}/cancel", d.session(d.withOrder(d.postOrderCancel)))
	d.mux.Handle("POST /admin/api/orders/{id}/refund", d.session(d.withOrder(d.postOrderRefund)))
	d.mux.Handle("POST /admin/api/orders/{id}/shipment", d.session(d.withOrder(d.postOrderShipment)))
	d.mux.Handle("POST /admin/api/orders/{id}/shipment/send", d.session(d.withOrder(d.postOrderShipmentSend)))
	d.mux.Handle("POST /admin/api/orders/{id}/shipment/cancel", d.session(d.withOrder(d.postOrderShipmentCancel)))
	d.mux.Handle("GET /admin/api/orders/{id}/label", d.session(d.withOrder(d.getOrderLabel)))
	d.mux.Handle("POST /admin/api/shipping/auto-sent", d.session(d.postShippingAutoSent))
	d.mux.Handle("GET /admin/api/owner-mail", d.session(d.getOwnerMail))
	d.mux.Handle("POST /admin/api/owner-mail", d.session(d.postOwnerMail))
	d.mux.Handle("GET /admin/api/orders/{id}/mails/{mail}", d.session(d.withOrder(d.getOrderMail)))
	d.mux.Handle("GET /admin/api/orders/{id}/mails/{mail}/html", d.session(d.withOrder(d.getOrderMailHTML)))
	d.mux.Handle("POST /admin/api/orders/{id}/mails/{mail}/resend", d.session(d.withOrder(d.postOrderMailResend)))
	d.mux.Handle("GET /admin/api/owners", d.session(d.getOwners))
	d.mux.Handle("POST /admin/api/owners", d.session(d.limited(d.postOwnerAdd)))
	d.mux.Handle("POST /admin/api/owners/{name}/reset", d.session(d.limited(d.postOwnerReset)))
	d.mux.Handle("POST /admin/api/owners/{name}/remove", d.session(d.limited(d.postOwnerRemove)))
	d.mux.Handle("POST /admin/api/account/totp/begin", d.session(d.postTOTPBegin))
	d.mux.Handle("POST /admin/api/account/totp", d.session(d.limited(d.postTOTPSet)))
	d.mux.Handle("GET /admin/api/backup", d.session(d.getBackup))
	d.mux.Handle("GET /admin/api/documents", d.session(d.getDocuments))
	d.mux.Handle("GET /admin/api/documents.csv", d.session(d.getDocumentsCSV))
	d.mux.Handle("GET /admin/api/documents/{file}", d.session(d.getDocumentPDF))
	d.mux.Handle("GET /admin/api/documents/{file}/upo", d.session(d.getDocumentUPO))
	d.mux.Handle("POST /admin/api/documents/{file}/ksef-retry", d.session(d.postDocumentKSeFRetry))

	d.mux.Handle("POST /admin/api/orders/{id}/notes", d.session(d.withOrder(d.postOrderNote)))
	d.mux.Handle("GET /admin/api/passkeys", d.session(d.getPasskeys))
	d.mux.Handle("POST /admin/api/passkeys/begin", d.session(d.postPasskeysBegin))
	d.mux.Handle("POST /admin/api/passkeys/finish", d.session(d.postPasskeysFinish))
	d.mux.Handle("POST /admin/api/passkeys/remove", d.session(d.postPasskeysRemove))
	d.mux.HandleFunc("POST /admin/api/passkey-signin/begin", d.limited(d.postPasskeySigninBegin))
	d.mux.HandleFunc("POST /admin/api/passkey-signin/finish", d.limited(d.postPasskeySigninFinish))
	d.mux.HandleFunc("/admin/api/", func(w http.ResponseWriter, r *http.Request) {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
	})
	d.mux.HandleFunc("/admin/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			d.fail(w, r, http.StatusNotFound, "not_found", nil)
			return
		}
		d.getPage(w, r)
	})
}

// catalog is the catalogue in force, or an empty one.
func (d *Desk) catalog() *catalog.Catalog {
	if d.cfg.Catalog != nil {
		if c := d.cfg.Catalog(); c != nil {
			return c
		}
	}
	return &catalog.Catalog{}
}

// Handler serves everything under /admin with the desk's headers, and
// refuses writes from other sites before any handler runs.
func (d *Desk) Handler() http.Handler {
	return headers(d.cop.Handler(d.mux))
}
