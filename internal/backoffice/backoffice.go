// Package backoffice is what the owner does besides changing an order,
// from the desk (internal/desk) and the terminal (internal/admin) alike:
// the shop's open/paused switch, discount codes, subscribers and the
// sale-start announcement, owner accounts, personal data (export,
// erasure, retention), the accountant's documents and the order list's
// filter. Changes to orders are internal/orders'. Each operation writes
// its audit line with who did it; the edges map the errors below to
// HTTP answers or terminal messages.
package backoffice

import (
	"log/slog"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// Office is what the operations work on.
type Office struct {
	DB *store.DB
	// Catalog is the catalogue in force; nil, or a function returning
	// nil, when no built site is at hand (operations that write e-mails
	// then say so: ErrNoCatalog).
	Catalog func() *catalog.Catalog
	// BaseURL is the shop's public address for links in e-mails; empty
	// means the catalogue's base_url.
	BaseURL string
	Now     func() time.Time
	// Kick wakes the e-mail worker (a no-op without a daemon: the messages
	// wait in the outbox for the next start).
	Kick func()
	// Log, if set, gets one line per change the owner made.
	Log *slog.Logger
	// Orders is the order service: a document's PDF asks it for the
	// exchange rate it waits for.
	Orders *orders.Service
	// IP is the client address of the desk request the owner acts
	// through, for the audit log ("" for a command on the server).
	IP string
}

// ErrNoCatalog is returned by operations that write e-mails or links
// when no catalogue is loaded.
var ErrNoCatalog = orders.ErrNoCatalog

// Clock is the clock's time (Now, or the real one).
func (b Office) Clock() time.Time {
	return b.now()
}

// now is the clock's time.
func (b Office) now() time.Time {
	if b.Now == nil {
		return time.Now()
	}
	return b.Now()
}

// catalog is the catalogue, or ErrNoCatalog.
func (b Office) catalog() (*catalog.Catalog, error) {
	if b.Catalog != nil {
		if cat := b.Catalog(); cat != nil {
			return cat, nil
		}
	}
	return nil, ErrNoCatalog
}

// link is the absolute address of path on the shop.
func (b Office) link(cat *catalog.Catalog, path string) string {
	base := b.BaseURL
	if base == "" {
		base = cat.Shop.BaseURL
	}
	return strings.TrimRight(base, "/") + path
}

// kick wakes the e-mail worker, when there is one.
func (b Office) kick() {
	if b.Kick != nil {
		b.Kick()
	}
}

// FilterError is returned by OrderFilter for a status, day or range it
// cannot take; its text says what is wrong, in the owner's words.
type FilterError string

func (e FilterError) Error() string { return string(e) }
