package orders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// How the owner's e-mails reach them, by the owner's choice per kind
// (docs/decisions/e-mail.md#the-owner-chooses-each-digest-or-none-per-kind):
// each one at once, one digest an hour, or none.

// DigestEvery is how long news waits for the owner's digest: a digest
// goes once its oldest news is this old, so at most one an hour.
const DigestEvery = time.Hour

// ErrOwnerMailMode is returned by SetOwnerMail for a kind that is not a
// choice, or a mode the kind does not allow.
var ErrOwnerMailMode = errors.New("orders: no such choice for the owner's e-mails")

// queueOwner queues the owner's e-mail m (from ownerMail) in tx as the
// owner chose for its kind: the e-mail, news for the digest, or nothing.
// Every owner's e-mail about an order goes through here.
func queueOwner(tx *store.Tx, m *outbox.Message) error {
	if m == nil {
		return nil
	}
	choices, err := tx.OwnerMail()
	if err != nil {
		return err
	}
	switch mail.OwnerMailMode(choices, m.Kind) {
	case mail.OwnerMailNone:
		return nil
	case mail.OwnerMailDigest:
		return tx.AddDigestEvent(store.DigestEvent{Kind: m.Kind, Ref: m.Ref, At: m.Created})
	}
	return tx.Enqueue(m)
}

// OwnerMailChoice is one kind of owner's e-mail, how it reaches the owner
// now, and the modes they may choose.
type OwnerMailChoice struct {
	Kind  string   `json:"kind"`
	Mode  string   `json:"mode"`
	Modes []string `json:"modes"`
}

// OwnerMail is the owner's choices, one per kind in mail.OwnerKinds'
// order, the defaults applied.
func (s *Service) OwnerMail() ([]OwnerMailChoice, error) {
	var choices map[string]string
	if err := s.cfg.Store.View(func(tx *store.Tx) (err error) { choices, err = tx.OwnerMail(); return err }); err != nil {
		return nil, err
	}
	out := make([]OwnerMailChoice, 0, len(mail.OwnerKinds))
	for _, k := range mail.OwnerKinds {
		out = append(out, OwnerMailChoice{Kind: k, Mode: mail.OwnerMailMode(choices, k), Modes: mail.OwnerMailModes(k)})
	}
	return out, nil
}

// SetOwnerMail sets how e-mails of kind reach the owner, for the owner by
// (audited). Switching a kind away from the digest keeps its waiting news:
// the next digest still tells it.
func (s *Service) SetOwnerMail(kind, mode string, by Actor) error {
	if !slices.Contains(mail.OwnerMailModes(kind), mode) {
		return fmt.Errorf("%w: %q for %q", ErrOwnerMailMode, mode, kind)
	}
	return s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetOwnerMail(kind, mode); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: s.now(), Owner: by.Name, IP: by.IP, What: "shop.owner_mail", Detail: kind + ": " + mode})
	})
}

// SendOwnerDigest queues the owner's digest when its oldest news is
// DigestEvery old: every piece of news waiting, grouped by kind, in the
// owner's language, each order linked on the desk. The digest is queued
// and the news it tells deleted in one transaction, so a crash or a
// restart neither loses nor repeats any. News of an order no longer
// stored (erased) is dropped. It returns how many pieces it told.
func (s *Service) SendOwnerDigest(now time.Time) (int, error) {
	var (
		events []store.DigestEvent
		orders = map[string]*order.Order{}
	)
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		if events, err = tx.DigestEvents(); err != nil || len(events) == 0 || now.Sub(events[0].At) < DigestEvery {
			events = nil
			return err
		}
		for _, e := range events {
			o, err := tx.Order(e.Ref)
			if errors.Is(err, store.ErrNotFound) {
				continue
			} else if err != nil {
				return err
			}
			orders[e.Ref] = o
		}
		return nil
	})
	if err != nil || len(events) == 0 {
		return 0, err
	}
	cat := s.cfg.Catalog()
	ids := make([]uint64, 0, len(events))
	var entries []mail.DigestEntry
	for _, e := range events {
		ids = append(ids, e.ID)
		if o := orders[e.Ref]; o != nil {
			entries = append(entries, mail.DigestEntry{Kind: e.Kind, Order: o, At: e.At, OrderURL: s.deskLink(o)})
		}
	}
	var msg *outbox.Message
	if to := s.ownerAddress(cat); to != "" && len(entries) > 0 {
		if msg, err = mail.OwnerDigest(cat, s.OwnerLocale(cat), to, entries, now); err != nil {
			return 0, err
		}
	}
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if err := tx.DeleteDigestEvents(ids); err != nil {
			return err
		}
		if msg == nil {
			return nil
		}
		return tx.Enqueue(msg)
	})
	if err != nil {
		return 0, err
	}
	if msg != nil {
		s.cfg.Kick()
		s.cfg.Log.Info("owner's digest queued", "news", len(entries))
	}
	return len(entries), nil
}

// RunOwnerDigest looks for a digest due every interval until ctx ends.
func (s *Service) RunOwnerDigest(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.SendOwnerDigest(s.now()); err != nil {
			s.cfg.Log.Error("owner's digest", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
