package desk

import (
	"net/http"
	"strings"
	"time"

	"sabershop/internal/inert"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

type subscriberRow struct {
	Email        string    `json:"email"`
	Locale       string    `json:"locale"`
	Confirmed    bool      `json:"confirmed"`
	Unsubscribed bool      `json:"unsubscribed"`
	Created      time.Time `json:"created"`
}

type subscribersAnswer struct {
	Subscribers []subscriberRow `json:"subscribers"`
	Confirmed   int             `json:"confirmed"`  // who the announcement goes to
	Announcing  int             `json:"announcing"` // sale-start e-mails still in the outbox
}

// getSubscribers is GET /admin/api/subscribers: the notify-me list, and
// how far a sale announcement has got.
func (d *Desk) getSubscribers(w http.ResponseWriter, r *http.Request) {
	var a subscribersAnswer
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		list, err := tx.Subscribers()
		for _, s := range list {
			a.Subscribers = append(a.Subscribers, subscriberRow{Email: inert.String(s.Email), Locale: s.Locale, Confirmed: s.Confirmed,
				Unsubscribed: s.Unsubscribed, Created: s.Created})
			if s.Confirmed && !s.Unsubscribed {
				a.Confirmed++
			}
		}
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	queued, err := d.cfg.Store.Outbox()
	if err != nil {
		d.internal(w, r, err)
		return
	}
	for _, m := range queued {
		if m.Kind == mail.KindSaleStart {
			a.Announcing++
		}
	}
	if a.Subscribers == nil {
		a.Subscribers = []subscriberRow{}
	}
	writeJSON(w, http.StatusOK, a)
}

// getSubscribersCSV is GET /admin/api/subscribers.csv: the CLI's export
// (formula-safe cells), as a download.
func (d *Desk) getSubscribersCSV(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="subscribers.csv"`)
	if err := d.cfg.Office.SubscribersCSV(w); err != nil {
		d.cfg.Log.Error("desk: subscribers export", "err", err)
	}
}

type removeRequest struct {
	Email string `json:"email"`
}

// postSubscriberRemove is POST /admin/api/subscribers/remove: someone
// asked to be forgotten.
func (d *Desk) postSubscriberRemove(w http.ResponseWriter, r *http.Request) {
	var req removeRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	d.then(w, r, d.office(r).RemoveSubscriber(strings.TrimSpace(req.Email), current(r).owner.Name), d.getSubscribers)
}

type previewAnswer struct {
	Locale  string `json:"locale"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
}

// getSalePreview is GET /admin/api/sale-start/preview?locale=pl: the
// announcement as a subscriber of that language reads it (its text part:
// the HTML part's inline styles are not for the desk's CSP).
func (d *Desk) getSalePreview(w http.ResponseWriter, r *http.Request) {
	loc := r.URL.Query().Get("locale")
	cat := d.catalog()
	base := strings.TrimRight(d.cfg.Office.BaseURL, "/")
	if base == "" {
		base = strings.TrimRight(cat.Shop.BaseURL, "/")
	}
	m, err := mail.SaleStart(cat, mail.Subscriber{Email: "subscriber@example.com", Locale: loc, Token: "preview"},
		base+order.LocalePath(loc, "/"), base+"/v1/subscribers/unsubscribe/preview")
	if err != nil {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	writeJSON(w, http.StatusOK, previewAnswer{Locale: loc, Subject: m.Subject, Text: m.Text})
}

type announceAnswer struct {
	Queued  int `json:"queued"`
	Skipped int `json:"skipped"` // addresses an e-mail cannot be written to
}

// postSaleStart is POST /admin/api/sale-start: the announcement to every
// confirmed subscriber, through the outbox (which sends at its own pace).
func (d *Desk) postSaleStart(w http.ResponseWriter, r *http.Request) {
	n, skipped, err := d.office(r).NotifySaleStart(current(r).owner.Name)
	if err != nil {
		d.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, announceAnswer{Queued: n, Skipped: skipped})
}
