// Package orders is the one home of every change to a stored order: it
// places orders, starts payments and applies the providers' statements,
// sends, cancels, sets production stages, refunds, takes withdrawals,
// reminds and cancels unpaid orders, and issues the accounting documents
// and their exchange rates. Each change is one function that opens the
// transaction, applies the rule (the rules are internal/order's: methods
// such as (*order.Order).Transition, MarkSent, StartRefund), records the
// timeline, queues the e-mails and issues the documents, together. The
// shop's API (internal/api), the owner's desk (internal/desk), the
// owner's commands (internal/admin) and the daemon's sweeps call these
// functions and change no order themselves; they map the errors below to
// HTTP answers or terminal messages.
//
// The moments other work hangs off are one function each: paid (paid.go),
// sent and cancelled (change.go), refunded (refund.go).
package orders

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/ksef"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/rates"
	"sabershop/internal/shipping"
	"sabershop/internal/store"
)

// Config is what the service needs; the daemon fills it once for every
// edge.
type Config struct {
	Store *store.DB
	// Catalog is the catalogue in force (prices, texts, stages, formats).
	Catalog func() *catalog.Catalog
	// Payments are the configured providers; nil takes no payments and
	// refunds none.
	Payments *payment.Registry
	// Rates is where a foreign-currency document's exchange rate to złoty
	// comes from (FillRates); nil (the owner's commands without the
	// daemon) leaves such documents waiting.
	Rates rates.Source
	// KSeF sends documents to KSeF, Poland's national e-invoicing system
	// (SendKSeF); nil (the owner's commands without the daemon) leaves
	// them queued.
	KSeF *ksef.Client
	// KSeFOffline signs the second QR code (KOD II) of an invoice handed
	// over in KSeF's offline24 mode when KSeF stays down (see
	// ksefOfflineAfter); nil: no offline mode, documents wait for KSeF.
	KSeFOffline *ksef.OfflineSigner
	// Carriers are the parcel carriers the shop is connected to, by the
	// name deliveries.toml gives them ("inpost"): lockers are checked and
	// shipments created with them (ship.go). Empty: lockers cannot be
	// ordered, and the owner books every parcel by hand.
	Carriers map[string]shipping.Carrier
	// BaseURL is the shop's public address for links in e-mails; empty:
	// the catalogue's base_url.
	BaseURL string
	// OwnerEmail receives the owner's e-mails about orders and payments;
	// empty: the company e-mail of the catalogue.
	OwnerEmail string
	// OwnerLocale is the language of the owner's e-mails; empty or
	// unknown: the owner's default, Polish (owners.Locale).
	OwnerLocale string
	// Unpaid is the rule for orders left unpaid (SweepUnpaid).
	Unpaid order.Unpaid
	// WithdrawalGrace is the days allowed beyond the country's longest
	// delivery time for a parcel to arrive (order.WithdrawalState).
	WithdrawalGrace int
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// Kick wakes the e-mail worker after something was queued; nil:
	// nothing (the outbox is read at the worker's next start).
	Kick func()
	// Log gets one line per order event, with the order's number (never
	// its hash, which is the key to its status page).
	Log *slog.Logger
}

// Service changes orders. It is safe for concurrent use.
type Service struct {
	cfg Config
	ids *store.OrderIDs
	// queried remembers when each order's provider was last asked
	// (query.go).
	queried queries
	// ratesMu runs one FillRates at a time; ratesKick wakes RunRates.
	ratesMu   sync.Mutex
	ratesKick chan struct{}
	// ksefMu runs one SendKSeF at a time and guards ksefSession, the
	// KSeF session it sends in; ksefKick wakes RunKSeF.
	ksefMu      sync.Mutex
	ksefSession *ksef.Session
	ksefKick    chan struct{}
}

// New checks cfg, fills its defaults and reserves the order numbers.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil || cfg.Catalog == nil {
		return nil, errors.New("orders: a store and a catalogue are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Kick == nil {
		cfg.Kick = func() {}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Payments == nil {
		var err error
		if cfg.Payments, err = payment.NewRegistry(); err != nil {
			return nil, err
		}
	}
	ids, err := cfg.Store.ReserveOrderIDs()
	if err != nil {
		return nil, err
	}
	return &Service{cfg: cfg, ids: ids, ratesKick: make(chan struct{}, 1), ksefKick: make(chan struct{}, 1)}, nil
}

// Terminal is who changes an order from a command on the server, in the
// audit log.
const Terminal = "terminal"

// Actor is the owner who changes an order, for the audit log: the
// desk's account name (or Terminal) and the address the desk request
// came from ("" on the server).
type Actor struct {
	Name string
	IP   string
}

// ErrNoCatalog is returned when a change needs the catalogue (an
// e-mail's texts, the stages) and none is loaded: the site is not built.
var ErrNoCatalog = errors.New("orders: no catalogue: build the site (go run ./cmd/build) or pass -site with the built site")

// errRollback ends a transaction that must store nothing but is not a
// failure (an answer decided inside it).
var errRollback = errors.New("orders: rollback")

// now is the clock's time in UTC.
func (s *Service) now() time.Time { return s.cfg.Now().UTC() }

// catalog is the catalogue in force, or ErrNoCatalog.
func (s *Service) catalog() (*catalog.Catalog, error) {
	if c := s.cfg.Catalog(); c != nil {
		return c, nil
	}
	return nil, ErrNoCatalog
}

// Link is the absolute address of a site path, for e-mails and the log.
func (s *Service) Link(path string) string {
	base := s.cfg.BaseURL
	if base == "" {
		if c := s.cfg.Catalog(); c != nil {
			base = c.Shop.BaseURL
		}
	}
	return strings.TrimRight(base, "/") + path
}

// Payments are the configured providers.
func (s *Service) Payments() *payment.Registry { return s.cfg.Payments }

// Lookup is the number of the order ref names as the owner types it:
// its number ("12" or "#12", order.ParseID) or its status hash;
// store.ErrNotFound (with a message saying where to look) when none.
func (s *Service) Lookup(ref string) (uint64, error) {
	var id uint64
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		o, err := lookup(tx, ref)
		if err == nil {
			id = o.ID
		}
		return err
	})
	return id, err
}

// lookup reads the order ref names (Lookup) in tx.
func lookup(tx *store.Tx, ref string) (*order.Order, error) {
	ref = strings.TrimPrefix(strings.TrimSpace(ref), "#")
	if id, ok := order.ParseID(ref); ok {
		o, err := tx.OrderByID(id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, notFound(fmt.Sprintf("no order with ID %d (orderd orders list shows them)", id))
		}
		return o, err
	}
	o, err := tx.Order(ref)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound(fmt.Sprintf("no order with ID or hash %q (orderd orders list shows them)", ref))
	}
	return o, err
}

// byID reads order id in tx; a missing one is store.ErrNotFound saying
// which.
func byID(tx *store.Tx, id uint64) (*order.Order, error) {
	o, err := tx.OrderByID(id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound(fmt.Sprintf("no order with ID %d (orderd orders list shows them)", id))
	}
	return o, err
}

// notFound is the error for an order that does not exist: the owner
// reads where to look, every edge sees a store.ErrNotFound (404).
type notFound string

func (e notFound) Error() string { return string(e) }
func (e notFound) Unwrap() error { return store.ErrNotFound }

// BaseURL is the shop's public address as configured ("": the
// catalogue's base_url is used).
func (s *Service) BaseURL() string { return strings.TrimRight(s.cfg.BaseURL, "/") }

// WithdrawalState is whether and until when the shopper of o may still
// withdraw (order.WithdrawalState under the shop's grace days).
func (s *Service) WithdrawalState(o *order.Order) (time.Time, string) {
	return o.WithdrawalState(s.cfg.Now(), s.cfg.WithdrawalGrace)
}

// UnpaidDeadline is when unpaid order o is cancelled (the zero time when
// it never is).
func (s *Service) UnpaidDeadline(o *order.Order) time.Time { return s.cfg.Unpaid.Deadline(o) }
