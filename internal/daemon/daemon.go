// Package daemon wires orderd's parts into one serving process: the store,
// the catalogue (reloaded when a new build lands), the static site, the
// /v1 API, the e-mail worker and the owner's command socket, with a
// graceful shutdown that finishes requests in flight and closes the store.
package daemon

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/api"
	"sabershop/internal/backoffice"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/desk"
	"sabershop/internal/fastlane"
	"sabershop/internal/health"
	"sabershop/internal/mail"
	"sabershop/internal/metrics"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/owners"
	"sabershop/internal/static"
	"sabershop/internal/store"
)

// DBName is the data file in the data directory.
const DBName = "orderd.db"

// Config is `orderd serve`'s flags and environment.
type Config struct {
	Addr string // listen address
	Site string // the built site (public/); "" serves the API only
	// Catalog is the catalog.json to price from when Site is "" (the
	// site served by a CDN or another host; docs/deploy.md).
	Catalog string
	Data    string // data directory: the bbolt file, the socket, mail/ without SMTP
	BaseURL string // public address for links in e-mails; empty: http://<Addr>
	// SMTP settings; nil writes e-mails as .eml files under Data/mail.
	SMTP       *mail.SMTPConfig
	MailFrom   string // From of .eml files without SMTP
	OwnerEmail string
	// OwnerLocale is the language of e-mails to the owner; "" the site's default.
	OwnerLocale string
	TrustProxy  bool
	HSTS        bool
	WriteRate   float64 // writes per second per IP (0: no limit)
	WriteBurst  int
	// SigninLimit is the desk's sign-in requests per minute per IP, in
	// bursts of as many (0: no limit; desk.Config.SigninLimit).
	SigninLimit int
	// Payments lists the payment providers ("sandbox", or e.g.
	// "tpay,paypal"); their credentials come from Getenv.
	Payments string
	// SandboxDelay is how long the payment sandbox waits before it
	// confirms a decided payment (0: its default, 3 s). The browser tests
	// shorten it: they wait for the confirmation some forty times.
	SandboxDelay time.Duration
	// MetricsAddr is where Prometheus metrics are served (a loopback
	// address, e.g. 127.0.0.1:9464); "" serves none.
	MetricsAddr string
	// MetricsReady, if set, receives the metrics listener's address.
	MetricsReady func(addr string)
	// ReadyMailAge is how old the oldest unsent e-mail may be before
	// /readyz says the outbox is stuck (0: health.DefaultMailAge).
	ReadyMailAge time.Duration
	// Unpaid is when an unpaid order is reminded and cancelled.
	Unpaid order.Unpaid
	// UnpaidSweep is how often unpaid orders are looked at (0: hourly).
	UnpaidSweep time.Duration
	// RetentionSweep is how often the retention periods are applied
	// (admin.SweepRetention; 0: daily). It also runs at start.
	RetentionSweep time.Duration

	// WithdrawalGrace: days allowed beyond the country's longest delivery
	// time before the withdrawal period, counted from sending, ends
	// (api.Config.WithdrawalGrace).
	WithdrawalGrace int
	// Rates is where foreign-currency documents' exchange rates to złoty
	// come from: "nbp" (the National Bank of Poland), "sandbox" (made-up
	// rates, offline: nbpfake), or the base URL of a service with NBP's
	// API; "" is the sandbox when every payment provider is the sandbox
	// (make run, the tests), NBP otherwise (ratesSource).
	Rates string
	// Demo runs a demo shop on purpose: the sandbox may take payments on a
	// public address, and every page and e-mail says it is a demo. Without
	// it the sandbox is refused unless the shop's address is localhost
	// (ErrSandboxPublic).
	Demo   bool
	Getenv func(string) string
	Log    *slog.Logger
	// Strings is a directory of more translation files (mail/, api/,
	// sandbox/, one LOCALE.toml each) over the embedded ones; "" for none.
	Strings string
	// Ready, if set, receives the listening address once the daemon serves.
	Ready func(addr string)
	// FastLane, if set, receives the fast lane when a site is served (tests
	// count its answers).
	FastLane func(*fastlane.Listener)
}

// Run serves until ctx is done, then shuts down gracefully.
func Run(ctx context.Context, cfg Config) error {
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	if err := os.MkdirAll(cfg.Data, 0o700); err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	if _, err := admin.Dial(cfg.Data); err == nil {
		return fmt.Errorf("another orderd already serves data directory %s", cfg.Data)
	}
	db, err := store.Open(filepath.Join(cfg.Data, DBName), store.Options{})
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%s is in use by another process", filepath.Join(cfg.Data, DBName))
	}
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			log.Error("closing the store", "err", err)
		}
	}()

	catalogDir := cfg.Site
	switch {
	case cfg.Site == "" && cfg.Catalog == "":
		return errors.New("no site and no catalogue: pass -site DIR, or -site '' -catalog FILE to serve the API only")
	case cfg.Site != "" && cfg.Catalog != "":
		return errors.New("-catalog is for the API alone (-site ''): with a site, its own catalog.json is used")
	case cfg.Site == "":
		if filepath.Base(cfg.Catalog) != catalogfile.Name {
			return fmt.Errorf("-catalog %s: want the build's %s", cfg.Catalog, catalogfile.Name)
		}
		catalogDir = filepath.Dir(cfg.Catalog)
	}
	cats, err := catalogfile.Load(catalogDir)
	if err != nil {
		return err
	}
	texts, err := loadTexts(cfg.Strings, cats.Current())
	if err != nil {
		return err
	}
	if err := mail.UseStrings(texts.mail); err != nil {
		return err
	}
	siteOpts := static.Options{Log: log, HSTS: cfg.HSTS}
	if cfg.Demo {
		siteOpts.Banner = &static.Banner{Style: api.DemoBannerStyle, HTML: api.DemoBanner(texts.api)}
	}
	// The site's handler; none in API-only mode, where every path outside
	// /v1 is 404 (the CDN serves them).
	var (
		siteHandler http.Handler
		site        *static.Handler
	)
	if cfg.Site != "" {
		site, err = static.New(cfg.Site, siteOpts)
		if err != nil {
			return err
		}
		cats.OnChange = func(*catalog.Catalog) { _ = site.Reload() }
		siteHandler = site
	} else {
		log.Info("API only: no site served", "catalogue", cfg.Catalog)
	}

	var (
		sender    mail.Sender
		smtpProbe func(context.Context) error
	)
	if cfg.SMTP != nil {
		// DKIM: signed with DATA/dkim-SELECTOR.pem when the owner made it
		// (orderd dkim); unsigned otherwise (or signed by the provider).
		smtp := *cfg.SMTP
		if smtp.DKIMSelector == "" {
			smtp.DKIMSelector = mail.DefaultDKIMSelector
		}
		key, err := mail.LoadDKIMKey(cfg.Data, smtp.DKIMSelector)
		switch {
		case err == nil:
			smtp.DKIM = key
			log.Info("e-mail is DKIM-signed", "selector", smtp.DKIMSelector)
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("DKIM key: %w", err)
		}
		s, err := mail.NewSMTPSender(smtp)
		if err != nil {
			return err
		}
		sender, smtpProbe = s, s.Probe
		log.Info("e-mail over SMTP", "host", cfg.SMTP.Host, "port", cfg.SMTP.Port)
	} else {
		dir := filepath.Join(cfg.Data, "mail")
		sender = mail.FileSender{Dir: dir, From: cfg.MailFrom}
		log.Info("no SMTP settings: e-mails are written as .eml files, links are logged", "dir", dir)
	}
	worker := &mail.Worker{Outbox: db, Sender: sender, Log: log, Demo: cfg.Demo}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	baseURL := cfg.BaseURL
	if baseURL == "" && isLoopback(ln.Addr().String()) {
		// Development: links in e-mails lead back to this daemon. On a
		// public address the catalogue's base_url is used instead.
		baseURL = "http://" + localName(ln.Addr().String())
	}
	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBG()
	if cfg.Payments == "" {
		cfg.Payments = DefaultPayments
	}
	if err := checkSandbox(cfg, baseURL, cats.Current().Shop.BaseURL, ln.Addr().String()); err != nil {
		ln.Close()
		return err
	}
	if cfg.Demo {
		log.Warn("demo shop (-demo): payments may be simulated; every page shows a demo banner, every e-mail a demo notice")
	}
	if cfg.Getenv == nil {
		cfg.Getenv = func(string) string { return "" }
	}
	pays, stopPays, err := payments(bg, cfg.Payments, cfg.Data, cfg.SandboxDelay, cfg.Getenv, texts.sandbox, log)
	defer stopPays()
	if err != nil {
		ln.Close()
		return err
	}
	rateSource, err := ratesSource(cfg.Rates, cfg.Payments)
	if err != nil {
		ln.Close()
		return err
	}
	var (
		observer  api.Observer
		metricsLn net.Listener
		met       *metrics.Metrics
	)
	if cfg.MetricsAddr != "" {
		// Loopback only: the metrics name routes, versions and volumes,
		// nothing a stranger should read (Prometheus on the same machine,
		// or through an SSH tunnel).
		if !isLoopback(cfg.MetricsAddr) {
			ln.Close()
			return fmt.Errorf("-metrics-addr %s: want a loopback address (127.0.0.1:PORT or [::1]:PORT)", cfg.MetricsAddr)
		}
		if metricsLn, err = net.Listen("tcp", cfg.MetricsAddr); err != nil {
			ln.Close()
			return err
		}
		defer metricsLn.Close()
		met = metrics.New(db, cats.Current)
		observer = met
	}
	// One order service for every edge: the API, the desk, the owner's
	// commands and the sweeps change orders only through it.
	ords, err := orders.New(orders.Config{Store: db, Catalog: cats.Current, Payments: pays, Rates: rateSource, BaseURL: baseURL,
		OwnerEmail: cfg.OwnerEmail, OwnerLocale: cfg.OwnerLocale, Unpaid: cfg.Unpaid, WithdrawalGrace: cfg.WithdrawalGrace,
		Kick: worker.Kick, Log: log})
	if err != nil {
		ln.Close()
		return err
	}
	srvAPI, err := api.New(api.Config{Observer: observer, Store: db, Orders: ords, Catalogs: cats, Static: siteHandler, Log: log,
		LogLinks: cfg.SMTP == nil && localLinks(baseURL), WriteRate: cfg.WriteRate, WriteBurst: cfg.WriteBurst,
		TrustProxy: cfg.TrustProxy, Kick: worker.Kick, Demo: cfg.Demo, Messages: texts.api})
	if err != nil {
		ln.Close()
		return err
	}
	worker.Prepare, worker.Attach, worker.Busy = ords.PrepareMail, ords.AttachDocuments, srvAPI.Busy
	owner := backoffice.Office{DB: db, Catalog: cats.Current, BaseURL: baseURL, Kick: worker.Kick, Log: log, Orders: ords}
	sock, err := admin.Listen(cfg.Data)
	if err != nil {
		ln.Close()
		return err
	}

	// Background work stops with bg after the HTTP server has drained, so
	// a request in flight can still queue its e-mail.
	var wg sync.WaitGroup
	wg.Go(func() { worker.Run(bg) })
	wg.Go(func() {
		if err := cats.Watch(bg, log); err != nil {
			log.Error("catalogue watch", "err", err)
		}
	})
	wg.Go(func() { purgeIdempotency(bg, db, log) })
	wg.Go(func() { ords.RunRates(bg) })
	wg.Go(func() { sweepUnpaid(bg, ords, cfg.UnpaidSweep, log) })
	wg.Go(func() { sweepRetention(bg, owner, cfg.RetentionSweep, log) })
	wg.Go(func() {
		if err := admin.Serve(bg, sock, owner); err != nil {
			log.Error("command socket", "err", err)
		}
	})

	// The probes answer beside the API, outside its request log (a monitor
	// calls them every few seconds).
	checks := health.New(health.Config{Store: db, Catalog: cats.Current, MailAge: cfg.ReadyMailAge, SMTP: smtpProbe})
	root := http.NewServeMux()
	root.HandleFunc("GET /healthz", checks.Live)
	root.HandleFunc("GET /readyz", checks.Ready)
	// The owner's desk under /admin, with its own headers, sessions and
	// CSRF checks; the shop's pages never load its code.
	deskBase := baseURL
	if deskBase == "" {
		deskBase = cats.Current().Shop.BaseURL // the passkeys' relying party
	}
	// The desk's argon2id runs, bounded for the whole process (owners.Gate).
	passwords := owners.NewGate(owners.GateSlots(), owners.GateQueue())
	if met != nil {
		met.WatchPasswords(passwords)
	}
	ownerDesk, err := desk.New(desk.Config{Store: db, Log: log, TrustProxy: cfg.TrustProxy, Site: cfg.Site, BaseURL: deskBase, Catalog: cats.Current,
		Passwords: passwords, SigninLimit: cmp.Or(cfg.SigninLimit, -1), Office: owner})
	if err != nil {
		return err
	}
	root.Handle("/admin/", ownerDesk.Handler())
	root.Handle("/admin", http.RedirectHandler("/admin/", http.StatusMovedPermanently))
	root.Handle("/", srvAPI.Handler())
	srv := &http.Server{Handler: root, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	// The site's plain GETs are answered by the fast lane before net/http
	// (internal/fastlane); everything else, and every connection from its
	// first other request on, is net/http's.
	var lane *fastlane.Listener
	served := ln
	if site != nil {
		lane = fastlane.New(ln, fastlane.Config{
			Owns:          siteOwns(srvAPI),
			Site:          site.Fast,
			Observe:       laneObserver(observer),
			HeaderTimeout: srv.ReadHeaderTimeout, IdleTimeout: srv.IdleTimeout, WriteTimeout: srv.WriteTimeout,
		})
		served = lane
		if cfg.FastLane != nil {
			cfg.FastLane(lane)
		}
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(served) }()
	if met != nil {
		msrv := &http.Server{Handler: met.Handler(), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
		go func() { _ = msrv.Serve(metricsLn) }()
		defer msrv.Close()
		log.Info("metrics", "url", "http://"+metricsLn.Addr().String()+"/metrics")
		if cfg.MetricsReady != nil {
			cfg.MetricsReady(metricsLn.Addr().String())
		}
	}
	log.Info("serving", "url", "http://"+localName(ln.Addr().String())+"/", "links", ords.Link("/"), "site", cfg.Site, "data", cfg.Data, "catalogue", cats.Current().Version)
	if cfg.Ready != nil {
		cfg.Ready(ln.Addr().String())
	}
	wg.Go(func() { notifyReady(bg, ln.Addr().String(), log) })

	select {
	case err = <-serveErr:
	case <-ctx.Done():
		notifyStopping()
		log.Info("shutting down: finishing requests in flight")
		sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		err = srv.Shutdown(sctx)
		cancel()
		if lane != nil {
			lane.Wait()
		}
	}
	stopBG()
	wg.Wait()
	_ = os.Remove(filepath.Join(cfg.Data, admin.SocketName))
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// purgeIdempotency drops idempotency keys older than a day, hourly: a
// shopper's retry comes within minutes, and the bucket must not grow
// forever. The per-address e-mail records older than a day go with them.
func purgeIdempotency(ctx context.Context, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if n, err := db.PurgeIdempotency(now.Add(-24 * time.Hour)); err != nil {
				log.Error("purging idempotency keys", "err", err)
			} else if n > 0 {
				log.Info("idempotency keys purged", "count", n)
			}
			if n, err := db.PurgeSessions(now); err != nil {
				log.Error("purging desk sessions", "err", err)
			} else if n > 0 {
				log.Info("desk sessions purged", "count", n)
			}
			// The per-address e-mail caps look back 24 hours at most.
			if n, err := db.PurgeMailSends(now.Add(-24 * time.Hour)); err != nil {
				log.Error("purging per-address e-mail records", "err", err)
			} else if n > 0 {
				log.Info("per-address e-mail records purged", "count", n)
			}
		}
	}
}

// sweepUnpaid reminds and cancels unpaid orders (orders.SweepUnpaid) at
// start and then every interval (0: hourly): the rule counts days, so an
// hour late is on time.
func sweepUnpaid(ctx context.Context, srv *orders.Service, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		every = time.Hour
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if swept, err := srv.SweepUnpaid(ctx); err != nil {
			log.Error("unpaid orders", "err", err, "reminded", swept.Reminded, "cancelled", swept.Expired)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweepRetention applies the catalogue's retention periods
// (backoffice.Office.SweepRetention: old orders anonymised, old messages and stale
// sign-ups deleted) at start and then every interval (0: daily): the
// periods are years, months and days, so a day late is on time.
func sweepRetention(ctx context.Context, office backoffice.Office, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		every = 24 * time.Hour
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		swept, err := office.SweepRetention()
		if err != nil {
			log.Error("retention sweep", "err", err, "anonymised", swept.Orders)
		} else if swept != (backoffice.Swept{}) {
			log.Info("retention sweep", "orders_anonymised", swept.Orders, "messages_deleted", swept.Messages, "signups_deleted", swept.Subscribers)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// localLinks tells whether links point at this machine (a developer's
// shop): only then are status and confirmation links logged, as the way
// to reach them without an SMTP server. A shop on a public address never
// logs them: each is the only key to an order or a subscription.
func localLinks(baseURL string) bool {
	u, err := url.Parse(baseURL)
	if err != nil {
		return false
	}
	host := u.Hostname()
	ip := net.ParseIP(host)
	return host == "localhost" || strings.HasSuffix(host, ".localhost") || (ip != nil && ip.IsLoopback())
}

func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	ip := net.ParseIP(host)
	return err == nil && ip != nil && ip.IsLoopback()
}

// localName shows a loopback listen address as localhost, the name a
// developer types.
func localName(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); ip != nil && (ip.IsLoopback() || ip.IsUnspecified()) || host == "" {
		return net.JoinHostPort("localhost", port)
	}
	return addr
}

// siteOwns reports a path the root mux gives to the API server's site
// handler: not the probes, not the desk, and what api.Server.SiteOwns says.
func siteOwns(srv *api.Server) func(string) bool {
	return func(p string) bool {
		if p == "/healthz" || p == "/readyz" || p == "/admin" || strings.HasPrefix(p, "/admin/") {
			return false
		}
		return srv.SiteOwns(p)
	}
}

// laneObserver counts the fast lane's answers as the request log counts
// the site's ("static").
func laneObserver(o api.Observer) func(string, int, time.Duration) {
	if o == nil {
		return nil
	}
	return func(method string, status int, d time.Duration) { o.Request("static", method, status, d) }
}
