package backoffice

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/ksef"
	"sabershop/internal/orders"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// Documents and KSeF (docs/decisions/ksef.md): what the owner is shown
// of a document's course through KSeF, on the desk (its documents, Today)
// and in the terminal (orderd ksef status|retry|upo), and the owner's two
// acts on it: sending a refused document again and taking its UPO.

// KSeFLate is how long a document may wait for KSeF before Today shows it:
// KSeF usually answers within minutes, an outage of hours is worth a look.
const KSeFLate = 3 * time.Hour

// KSeFStatus is one document's course through KSeF as the owner reads it.
// KSeF's words (Reason) and the queue's last error are a stranger's text,
// already made inert.
type KSeFStatus struct {
	Document string // the shop's number: "FV/2027/0001"
	OrderID  uint64
	State    string // accounting.KSeFWaiting, KSeFSent, KSeFAccepted, KSeFRefused
	// Number and Accepted: KSeF's number of the invoice and when KSeF
	// accepted it.
	Number   string
	Accepted time.Time
	// Since is when it was queued (waiting or sent) or refused; zero when
	// not known.
	Since time.Time
	// Code, Reason and Explained: a refusal's status code, KSeF's own
	// description, and what it means and what to do in the owner's
	// language (ksef.Explain).
	Code      int
	Reason    string
	Explained string
	// LastError is why the last try failed while the document waits (an
	// outage, the token); empty after a good try.
	LastError string
}

// Open reports whether the document waits for KSeF or was refused: the
// documents orderd ksef status lists.
func (s *KSeFStatus) Open() bool { return s.State != accounting.KSeFAccepted }

// KSeFStatusOf is d's course through KSeF with its queue job j (nil when
// not queued), explained in lang; nil for a document outside KSeF.
func KSeFStatusOf(d *accounting.Document, j *store.KSeFJob, lang string) *KSeFStatus {
	k := d.KSeF
	if k == nil {
		return nil
	}
	s := &KSeFStatus{Document: d.Number, OrderID: d.OrderID, State: k.State, Number: k.Number, Accepted: k.Accepted}
	switch k.State {
	case accounting.KSeFRefused:
		s.Since, s.Code, s.Reason = k.Refused, k.Code, inert.String(k.Reason)
		s.Explained = ksef.Explain(k.Code, lang)
	case accounting.KSeFWaiting, accounting.KSeFSent, accounting.KSeFOffline:
		if j != nil {
			s.Since, s.LastError = j.Queued, inert.String(j.Error)
		}
	}
	return s
}

// KSeFStatuses is the course through KSeF of docs that are bound for it,
// by document number, explained in lang.
func (b Office) KSeFStatuses(docs []*accounting.Document, lang string) (map[string]*KSeFStatus, error) {
	out := map[string]*KSeFStatus{}
	err := b.DB.View(func(tx *store.Tx) error {
		for _, d := range docs {
			if d.KSeF == nil {
				continue
			}
			j, err := tx.KSeFJob(d.Number)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			out[d.Number] = KSeFStatusOf(d, j, lang)
		}
		return nil
	})
	return out, err
}

// KSeFOpen is every document that waits for KSeF or that KSeF refused
// (not sent again since), waiting ones first, each in document order,
// explained in lang.
func (b Office) KSeFOpen(lang string) ([]*KSeFStatus, error) {
	var out []*KSeFStatus
	err := b.DB.View(func(tx *store.Tx) error {
		jobs, err := tx.KSeFQueue()
		if err != nil {
			return err
		}
		for _, j := range jobs {
			d, err := tx.DocumentByNumber(j.Document)
			if err != nil {
				return err
			}
			if s := KSeFStatusOf(d, j, lang); s != nil && s.Open() {
				out = append(out, s)
			}
		}
		refused, err := tx.KSeFRefused()
		if err != nil {
			return err
		}
		for _, d := range refused {
			if s := KSeFStatusOf(d, nil, lang); s != nil && s.State == accounting.KSeFRefused {
				out = append(out, s)
			}
		}
		return nil
	})
	return out, err
}

// KSeFAttention is what Today shows: documents waiting for KSeF longer
// than KSeFLate, and refused ones, explained in lang.
func (b Office) KSeFAttention(lang string) ([]*KSeFStatus, error) {
	open, err := b.KSeFOpen(lang)
	if err != nil {
		return nil, err
	}
	now := b.now()
	var out []*KSeFStatus
	for _, s := range open {
		if s.State == accounting.KSeFRefused || (!s.Since.IsZero() && now.Sub(s.Since) > KSeFLate) {
			out = append(out, s)
		}
	}
	return out, nil
}

// RetryKSeF sends document number, which KSeF refused, again (its XML
// made anew), in the name of owner by: orders.Service.RetryKSeF, with
// the audit line. store.ErrNotFound when there is no such document,
// orders.ErrNotRefused when KSeF did not refuse it.
func (b Office) RetryKSeF(number, by string) error {
	d, err := b.document(number)
	if err != nil {
		return err
	}
	return b.Orders.RetryKSeF(d.Number, orders.Actor{Name: by, IP: b.IP})
}

// KSeFUPO is document number's UPO, KSeF's official receipt of it, and
// its file name ("UPO-FV-2027-0001.xml"); store.ErrNotFound when there is
// no such document, orders.ErrKSeFPending before KSeF accepted it (or for
// a document outside KSeF, which has none).
func (b Office) KSeFUPO(number string) (name string, upo []byte, err error) {
	d, err := b.document(number)
	if err != nil {
		return "", nil, err
	}
	upo, err = b.Orders.KSeFUPO(d.Number)
	if errors.Is(err, orders.ErrKSeFPending) {
		return "", nil, fmt.Errorf("%w: %s", orders.ErrKSeFPending, d.Number)
	}
	return UPOFileName(d.Number), upo, err
}

// UPOFileName is the UPO's file name of document number: "UPO-FV-2027-0001.xml".
func UPOFileName(number string) string {
	return "UPO-" + strings.ReplaceAll(strings.TrimSpace(number), "/", "-") + ".xml"
}

// OwnerLocale is the owner's language outside the desk (the terminal):
// the language of the owner's e-mails (orders.Service.OwnerLocale); without
// a catalogue, owners.Locale (ORDERD_OWNER_LOCALE, else Polish).
func (b Office) OwnerLocale() string {
	var cat *catalog.Catalog
	if b.Catalog != nil {
		cat = b.Catalog()
	}
	if b.Orders == nil {
		return owners.Locale("")
	}
	if cat != nil {
		return b.Orders.OwnerLocale(cat)
	}
	return owners.Locale(b.Orders.OwnerLocaleSetting())
}
