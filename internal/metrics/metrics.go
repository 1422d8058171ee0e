// Package metrics is the daemon's Prometheus metrics (client_golang): what
// the API does (it implements api.Observer), the e-mail outbox and the
// catalogue read at each scrape, and which build runs. They are served on
// their own loopback-only listener (orderd serve -metrics-addr), never on
// the shop's public address. docs/deploy.md shows the alerts an owner
// needs on them.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"sabershop/internal/buildinfo"
	"sabershop/internal/catalog"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// Metrics holds the collectors of one daemon.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	orders   *prometheus.CounterVec
	payments *prometheus.CounterVec
	webhooks *prometheus.CounterVec
}

// New registers every metric; db and cat are read at each scrape.
func New(db *store.DB, cat func() *catalog.Catalog) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "orderd_http_requests_total",
			Help: "HTTP requests answered, by route template (static: the site), method and status code."},
			[]string{"route", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "orderd_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route template.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}},
			[]string{"route"}),
		orders: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "orderd_orders_placed_total",
			Help: "Orders placed, by currency."}, []string{"currency"}),
		payments: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "orderd_payments_started_total",
			Help: "Payments shoppers started, by method and outcome (started, declined, unavailable)."},
			[]string{"method", "outcome"}),
		webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "orderd_webhooks_total",
			Help: "Payment providers' notifications, by provider and result (paid, pending, failed, ignored, rejected, not_applicable, error)."},
			[]string{"provider", "result"}),
	}
	bi := buildinfo.Read()
	build := prometheus.NewGauge(prometheus.GaugeOpts{Name: "orderd_build_info", Help: "The running build; always 1.",
		ConstLabels: prometheus.Labels{"version": bi.Version, "commit": bi.Short(), "go": bi.GoVersion}})
	build.Set(1)
	m.reg.MustRegister(m.requests, m.latency, m.orders, m.payments, m.webhooks, build,
		&scraped{db: db, cat: cat},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// WatchPasswords reports the desk's password gate: argon2id runs (each
// sign-in, setup and password asked again costs one) and sign-ins turned
// away because every slot was taken. A steady rise of either is someone
// guessing; deploy/alerts.yml warns on the second.
func (m *Metrics) WatchPasswords(g *owners.Gate) {
	m.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "orderd_desk_password_checks_total",
			Help: "Passwords the desk checked or hashed (argon2id runs)."},
			func() float64 { return float64(g.Stats().Checks) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "orderd_desk_signins_busy_total",
			Help: "Sign-ins, setups and password confirmations turned away because every password check slot was taken."},
			func() float64 { return float64(g.Stats().Refused) }))
}

// Handler serves the metrics in Prometheus' text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Request implements api.Observer.
func (m *Metrics) Request(route, method string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

// OrderPlaced implements api.Observer.
func (m *Metrics) OrderPlaced(currency string) { m.orders.WithLabelValues(currency).Inc() }

// PaymentStart implements api.Observer.
func (m *Metrics) PaymentStart(method, outcome string) {
	m.payments.WithLabelValues(method, outcome).Inc()
}

// Webhook implements api.Observer.
func (m *Metrics) Webhook(provider, result string) {
	m.webhooks.WithLabelValues(provider, result).Inc()
}

// scraped are the values read when Prometheus asks: the outbox, the KSeF
// queue and the catalogue in use.
type scraped struct {
	db  *store.DB
	cat func() *catalog.Catalog
}

var (
	outboxSize = prometheus.NewDesc("orderd_outbox_messages", "E-mails waiting in the outbox.", nil, nil)
	outboxAge  = prometheus.NewDesc("orderd_outbox_oldest_age_seconds",
		"How long the oldest waiting e-mail has waited (0 when none waits).", nil, nil)
	ksefWaiting = prometheus.NewDesc("orderd_ksef_documents_waiting", "Documents on their way to KSeF (queued or sent, not yet accepted).", nil, nil)
	ksefAge     = prometheus.NewDesc("orderd_ksef_oldest_age_seconds",
		"How long the oldest document on its way to KSeF has waited (0 when none waits).", nil, nil)
	ksefRefused = prometheus.NewDesc("orderd_ksef_documents_refused", "Documents KSeF refused that the owner has not sent again.", nil, nil)
	catalogInfo = prometheus.NewDesc("orderd_catalog_info", "The catalogue in use; always 1.", []string{"version"}, nil)
	scrapeError = prometheus.NewDesc("orderd_store_scrape_errors", "1 when the data file could not be read for this scrape.", nil, nil)
)

func (s *scraped) Describe(ch chan<- *prometheus.Desc) {
	ch <- outboxSize
	ch <- outboxAge
	ch <- ksefWaiting
	ch <- ksefAge
	ch <- ksefRefused
	ch <- catalogInfo
	ch <- scrapeError
}

func (s *scraped) Collect(ch chan<- prometheus.Metric) {
	n, oldest, err := s.db.OutboxStats()
	failed := 0.0
	if err != nil {
		failed = 1
	} else {
		ch <- prometheus.MustNewConstMetric(outboxSize, prometheus.GaugeValue, float64(n))
		ch <- prometheus.MustNewConstMetric(outboxAge, prometheus.GaugeValue, ageOf(n, oldest))
	}
	waiting, since, refused, kerr := s.db.KSeFStats()
	if kerr != nil {
		failed = 1
	} else {
		ch <- prometheus.MustNewConstMetric(ksefWaiting, prometheus.GaugeValue, float64(waiting))
		ch <- prometheus.MustNewConstMetric(ksefAge, prometheus.GaugeValue, ageOf(waiting, since))
		ch <- prometheus.MustNewConstMetric(ksefRefused, prometheus.GaugeValue, float64(refused))
	}
	ch <- prometheus.MustNewConstMetric(scrapeError, prometheus.GaugeValue, failed)
	if c := s.cat(); c != nil {
		ch <- prometheus.MustNewConstMetric(catalogInfo, prometheus.GaugeValue, 1, c.Version)
	}
}

// ageOf is how long the oldest of a queue of n has waited since oldest, in
// seconds; 0 for an empty queue.
func ageOf(n int, oldest time.Time) float64 {
	if n == 0 {
		return 0
	}
	return time.Since(oldest).Seconds()
}
