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
	"sabershop/internal/ksef"
	"sabershop/internal/mail"
	"sabershop/internal/metrics"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/owners"
	"sabershop/internal/payment"
	"sabershop/internal/rates"
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
	// OwnerLocale is the language of e-mails to the owner; "" the owner's default (owners.Locale).
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
	// DigestPoll is how often the owner's digest is looked at (0: every
	// minute; orders.DigestEvery decides when one is due).
	DigestPoll time.Duration
	// RetentionSweep is how often the retention periods are applied
	// (backoffice.Office.SweepRetention; 0: daily). It also runs at start.
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
	// KSeF is where invoices are sent (ksefClient): "live" (KSeF's
	// environment that [ksef] in content/config.toml names, with the
	// token in ORDERD_KSEF_TOKEN), "sandbox" (a local KSeF in this
	// process), or the base URL of a service with KSeF's API; "" is the
	// sandbox when every payment provider is the sandbox, live otherwise.
	KSeF string
	// Carriers is where InPost's ShipX is (setUpCarriers): "sandbox",
	// "live", "test", "off" or an address; "" decides by the payments
	// and ORDERD_SHIPX_TOKEN.
	Carriers string
	// ShipmentPoll is how often the followed parcels are asked about
	// where the carrier's webhooks cannot reach (0: every 30 minutes).
	ShipmentPoll time.Duration
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

// Run serves until ctx is done, then shuts down gracefully. It runs
// named steps, each setting up one part from the ones before (the data
// file, the catalogue and its texts, the site, e-mail, the listener,
// payments, metrics, the order service and the handlers), then starts
// the background work and serves; what a step opened is closed in
// reverse order when Run returns, whichever step failed.
func Run(ctx context.Context, cfg Config) error {
	p := &process{cfg: cfg, log: cfg.Log}
	if p.log == nil {
		p.log = slog.Default()
	}
	defer p.close()
	p.bg, p.stopBG = context.WithCancel(context.WithoutCancel(ctx))
	p.onClose(p.stopBG)
	for _, step := range []struct {
		name string
		run  func() error
	}{
		{"data file", p.openStore},
		{"catalogue", p.loadCatalogue},
		{"site", p.loadSite},
		{"e-mail", p.setUpMail},
		{"listener", p.listen},
		{"payments", p.setUpPayments},
		{"metrics", p.setUpMetrics},
		{"orders and the API", p.buildShop},
		{"desk", p.buildDesk},
	} {
		if err := step.run(); err != nil {
			p.log.Debug("daemon step failed", "step", step.name, "err", err)
			return err
		}
	}
	p.startBackground()
	return p.serve(ctx)
}

// process is one run of the daemon: what its steps set up, for the
// steps after them.
type process struct {
	cfg     Config
	log     *slog.Logger
	closers []func()

	bg     context.Context // background work, stopped after the HTTP server drained
	stopBG context.CancelFunc
	wg     sync.WaitGroup

	db          *store.DB
	cats        *catalogfile.Catalogs
	texts       stringSets
	site        *static.Handler
	siteHandler http.Handler // nil in API-only mode: every path outside /v1 is 404 (the CDN serves them)
	worker      *mail.Worker
	smtpProbe   func(context.Context) error
	ln          net.Listener
	baseURL     string
	pays        *payment.Registry
	rateSource  rates.Source
	ksef        *ksef.Client
	ksefOffline *ksef.OfflineSigner
	carriers    carrierSetup
	metricsLn   net.Listener
	met         *metrics.Metrics
	observer    api.Observer
	orders      *orders.Service
	api         *api.Server
	office      backoffice.Office
	sock        net.Listener
	root        *http.ServeMux
}

// onClose runs f when Run returns, after what was opened later.
func (p *process) onClose(f func()) { p.closers = append(p.closers, f) }

func (p *process) close() {
	for i := len(p.closers) - 1; i >= 0; i-- {
		p.closers[i]()
	}
}

// openStore opens the data file, refusing a data directory another
// daemon serves.
func (p *process) openStore() error {
	if err := os.MkdirAll(p.cfg.Data, 0o700); err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	if _, err := admin.Dial(p.cfg.Data); err == nil {
		return fmt.Errorf("another orderd already serves data directory %s", p.cfg.Data)
	}
	db, err := store.Open(filepath.Join(p.cfg.Data, DBName), store.Options{})
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%s is in use by another process", filepath.Join(p.cfg.Data, DBName))
	}
	if err != nil {
		return err
	}
	p.db = db
	p.onClose(func() {
		if err := db.Close(); err != nil {
			p.log.Error("closing the store", "err", err)
		}
	})
	return nil
}

// loadCatalogue loads the catalogue (the site's, or -catalog's in
// API-only mode) and the texts over it.
func (p *process) loadCatalogue() error {
	cfg := p.cfg
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
	var err error
	if p.cats, err = catalogfile.Load(catalogDir); err != nil {
		return err
	}
	if p.texts, err = loadTexts(cfg.Strings, p.cats.Current()); err != nil {
		return err
	}
	return mail.UseStrings(p.texts.mail)
}

// loadSite loads the built site's handler (none in API-only mode).
func (p *process) loadSite() error {
	if p.cfg.Site == "" {
		p.log.Info("API only: no site served", "catalogue", p.cfg.Catalog)
		return nil
	}
	opts := static.Options{Log: p.log, HSTS: p.cfg.HSTS}
	if p.cfg.Demo {
		opts.Banner = &static.Banner{Style: api.DemoBannerStyle, HTML: api.DemoBanner(p.texts.api)}
	}
	site, err := static.New(p.cfg.Site, opts)
	if err != nil {
		return err
	}
	p.cats.OnChange = func(*catalog.Catalog) { _ = site.Reload() }
	p.site, p.siteHandler = site, site
	return nil
}

// setUpMail makes the sender (SMTP, DKIM-signed when the owner made the
// key; .eml files without SMTP) and the outbox worker.
func (p *process) setUpMail() error {
	cfg := p.cfg
	var sender mail.Sender
	if cfg.SMTP != nil {
		smtp := *cfg.SMTP
		if smtp.DKIMSelector == "" {
			smtp.DKIMSelector = mail.DefaultDKIMSelector
		}
		key, err := mail.LoadDKIMKey(cfg.Data, smtp.DKIMSelector)
		switch {
		case err == nil:
			smtp.DKIM = key
			p.log.Info("e-mail is DKIM-signed", "selector", smtp.DKIMSelector)
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("DKIM key: %w", err)
		}
		s, err := mail.NewSMTPSender(smtp)
		if err != nil {
			return err
		}
		sender, p.smtpProbe = s, s.Probe
		p.log.Info("e-mail over SMTP", "host", cfg.SMTP.Host, "port", cfg.SMTP.Port)
	} else {
		dir := filepath.Join(cfg.Data, "mail")
		sender = mail.FileSender{Dir: dir, From: cfg.MailFrom}
		p.log.Info("no SMTP settings: e-mails are written as .eml files, links are logged", "dir", dir)
	}
	p.worker = &mail.Worker{Outbox: p.db, Sender: sender, Log: p.log, Demo: cfg.Demo}
	return nil
}

// listen opens the shop's address; on loopback without -base-url, links
// in e-mails lead back to it (development); on a public address the
// catalogue's base_url is used.
func (p *process) listen() error {
	ln, err := net.Listen("tcp", p.cfg.Addr)
	if err != nil {
		return err
	}
	p.ln = ln
	p.onClose(func() { ln.Close() })
	p.baseURL = p.cfg.BaseURL
	if p.baseURL == "" && isLoopback(ln.Addr().String()) {
		p.baseURL = "http://" + localName(ln.Addr().String())
	}
	return nil
}

// setUpPayments starts the payment providers (the sandbox only where it
// is allowed) and picks the exchange rates' source and KSeF.
func (p *process) setUpPayments() error {
	cfg := &p.cfg
	if cfg.Payments == "" {
		cfg.Payments = DefaultPayments
	}
	if err := checkSandbox(*cfg, p.baseURL, p.cats.Current().Shop.BaseURL, p.ln.Addr().String()); err != nil {
		return err
	}
	if cfg.Demo {
		p.log.Warn("demo shop (-demo): payments may be simulated; every page shows a demo banner, every e-mail a demo notice")
	}
	if cfg.Getenv == nil {
		cfg.Getenv = func(string) string { return "" }
	}
	pays, stopPays, err := payments(p.bg, cfg.Payments, cfg.Data, cfg.SandboxDelay, cfg.Getenv, p.texts.sandbox, p.log)
	p.onClose(stopPays)
	if err != nil {
		return err
	}
	p.pays = pays
	if p.rateSource, err = ratesSource(cfg.Rates, cfg.Payments); err != nil {
		return err
	}
	if p.ksef, err = ksefClient(cfg.KSeF, cfg.Payments, p.cats.Current(), cfg.Getenv); err != nil {
		return err
	}
	if p.carriers, err = setUpCarriers(cfg.Carriers, cfg.Payments, selfAddr(p.ln.Addr()), cfg.Getenv); err != nil {
		return err
	}
	p.ksefOffline, err = ksefOffline(cfg.Getenv, time.Now())
	return err
}

// setUpMetrics opens the metrics' listener, on loopback only: the
// metrics name routes, versions and volumes, nothing a stranger should
// read (Prometheus on the same machine, or through an SSH tunnel).
func (p *process) setUpMetrics() error {
	if p.cfg.MetricsAddr == "" {
		return nil
	}
	if !isLoopback(p.cfg.MetricsAddr) {
		return fmt.Errorf("-metrics-addr %s: want a loopback address (127.0.0.1:PORT or [::1]:PORT)", p.cfg.MetricsAddr)
	}
	ln, err := net.Listen("tcp", p.cfg.MetricsAddr)
	if err != nil {
		return err
	}
	p.metricsLn = ln
	p.onClose(func() { ln.Close() })
	p.met = metrics.New(p.db, p.cats.Current)
	p.observer = p.met
	return nil
}

// buildShop makes the one order service every edge changes orders
// through (the API, the desk, the owner's commands, the sweeps), the API
// over it, the owner's operations, and the commands' socket.
func (p *process) buildShop() error {
	cfg := p.cfg
	var err error
	p.orders, err = orders.New(orders.Config{Store: p.db, Catalog: p.cats.Current, Payments: p.pays, Rates: p.rateSource, KSeF: p.ksef,
		KSeFOffline: p.ksefOffline, Carriers: p.carriers.carriers,
		BaseURL: p.baseURL, OwnerEmail: cfg.OwnerEmail, OwnerLocale: cfg.OwnerLocale, Unpaid: cfg.Unpaid,
		WithdrawalGrace: cfg.WithdrawalGrace, Kick: p.worker.Kick, Log: p.log})
	if err != nil {
		return err
	}
	p.api, err = api.New(api.Config{Observer: p.observer, Store: p.db, Orders: p.orders, Catalogs: p.cats, Static: p.siteHandler,
		Log: p.log, LogLinks: cfg.SMTP == nil && localLinks(p.baseURL), WriteRate: cfg.WriteRate, WriteBurst: cfg.WriteBurst,
		TrustProxy: cfg.TrustProxy, Kick: p.worker.Kick, Demo: cfg.Demo, Messages: p.texts.api})
	if err != nil {
		return err
	}
	p.worker.Prepare, p.worker.Attach, p.worker.Busy = p.orders.PrepareMail, p.orders.AttachDocuments, p.api.Busy
	p.office = backoffice.Office{DB: p.db, Catalog: p.cats.Current, BaseURL: p.baseURL, Kick: p.worker.Kick, Log: p.log, Orders: p.orders}
	if p.sock, err = admin.Listen(cfg.Data); err != nil {
		return err
	}
	p.onClose(func() {
		p.sock.Close() // admin.Serve closes it too; a step that failed left it open
		_ = os.Remove(filepath.Join(cfg.Data, admin.SocketName))
	})
	return nil
}

// buildDesk routes the probes (beside the API, outside its request log:
// a monitor calls them every few seconds), the owner's desk under
// /admin (its own headers, sessions and CSRF checks; the shop's pages
// never load its code) and the API with the site.
func (p *process) buildDesk() error {
	checks := health.New(health.Config{Store: p.db, Catalog: p.cats.Current, MailAge: p.cfg.ReadyMailAge, SMTP: p.smtpProbe})
	p.root = http.NewServeMux()
	p.root.HandleFunc("GET /healthz", checks.Live)
	p.root.HandleFunc("GET /readyz", checks.Ready)
	deskBase := p.baseURL
	if deskBase == "" {
		deskBase = p.cats.Current().Shop.BaseURL // the passkeys' relying party
	}
	// The desk's argon2id runs, bounded for the whole process (owners.Gate).
	passwords := owners.NewGate(owners.GateSlots(), owners.GateQueue())
	if p.met != nil {
		p.met.WatchPasswords(passwords)
	}
	ownerDesk, err := desk.New(desk.Config{Store: p.db, Log: p.log, TrustProxy: p.cfg.TrustProxy, Site: p.cfg.Site, BaseURL: deskBase,
		Catalog: p.cats.Current, Passwords: passwords, SigninLimit: cmp.Or(p.cfg.SigninLimit, -1), Office: p.office})
	if err != nil {
		return err
	}
	p.root.Handle("/admin/", ownerDesk.Handler())
	if f := p.carriers.fake; f != nil {
		p.root.Handle("/sandbox/parcels/", sandboxParcels(f))
	}
	p.root.Handle("/admin", http.RedirectHandler("/admin/", http.StatusMovedPermanently))
	p.root.Handle("/", p.api.Handler())
	return nil
}

// startBackground starts the work that runs beside the requests; it
// stops with bg after the HTTP server has drained, so a request in
// flight can still queue its e-mail.
func (p *process) startBackground() {
	bg, log := p.bg, p.log
	p.wg.Go(func() { p.worker.Run(bg) })
	p.wg.Go(func() {
		if err := p.cats.Watch(bg, log); err != nil {
			log.Error("catalogue watch", "err", err)
		}
	})
	p.wg.Go(func() { purgeIdempotency(bg, p.db, log) })
	p.wg.Go(func() { p.orders.RunRates(bg) })
	p.wg.Go(func() { p.orders.RunKSeF(bg) })
	if len(p.carriers.carriers) > 0 {
		p.wg.Go(func() { p.orders.RunShipments(bg, cmp.Or(p.cfg.ShipmentPoll, 30*time.Minute)) })
	}
	p.wg.Go(func() { sweepUnpaid(bg, p.orders, p.cfg.UnpaidSweep, log) })
	// The owner's hourly digest goes once its oldest news is an hour old;
	// looking every minute keeps it within a minute of that.
	p.wg.Go(func() { p.orders.RunOwnerDigest(bg, cmp.Or(p.cfg.DigestPoll, time.Minute)) })
	p.wg.Go(func() { sweepRetention(bg, p.office, p.cfg.RetentionSweep, log) })
	p.wg.Go(func() {
		if err := admin.Serve(bg, p.sock, p.office); err != nil {
			log.Error("command socket", "err", err)
		}
	})
}

// serve answers until the server fails or ctx is done, then drains the
// requests in flight and stops the background work.
func (p *process) serve(ctx context.Context) error {
	srv := &http.Server{Handler: p.root, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second, ErrorLog: slog.NewLogLogger(p.log.Handler(), slog.LevelWarn)}
	// The site's plain GETs are answered by the fast lane before net/http
	// (internal/fastlane); everything else, and every connection from its
	// first other request on, is net/http's.
	var lane *fastlane.Listener
	served := p.ln
	if p.site != nil {
		lane = fastlane.New(p.ln, fastlane.Config{
			Owns: siteOwns(p.api), Site: p.site.Fast, Observe: laneObserver(p.observer),
			HeaderTimeout: srv.ReadHeaderTimeout, IdleTimeout: srv.IdleTimeout, WriteTimeout: srv.WriteTimeout,
		})
		served = lane
		if p.cfg.FastLane != nil {
			p.cfg.FastLane(lane)
		}
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(served) }()
	p.serveMetrics()
	addr := p.ln.Addr().String()
	p.log.Info("serving", "url", "http://"+localName(addr)+"/", "links", p.orders.Link("/"), "site", p.cfg.Site, "data", p.cfg.Data,
		"catalogue", p.cats.Current().Version)
	if p.cfg.Ready != nil {
		p.cfg.Ready(addr)
	}
	p.wg.Go(func() { notifyReady(p.bg, addr, p.log) })

	var err error
	select {
	case err = <-serveErr:
	case <-ctx.Done():
		notifyStopping()
		p.log.Info("shutting down: finishing requests in flight")
		sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		err = srv.Shutdown(sctx)
		cancel()
		if lane != nil {
			lane.Wait()
		}
	}
	p.stopBG()
	p.wg.Wait()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// serveMetrics serves the metrics on their own listener, when asked for.
func (p *process) serveMetrics() {
	if p.met == nil {
		return
	}
	msrv := &http.Server{Handler: p.met.Handler(), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
	go func() { _ = msrv.Serve(p.metricsLn) }()
	p.onClose(func() { msrv.Close() })
	p.log.Info("metrics", "url", "http://"+p.metricsLn.Addr().String()+"/metrics")
	if p.cfg.MetricsReady != nil {
		p.cfg.MetricsReady(p.metricsLn.Addr().String())
	}
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
