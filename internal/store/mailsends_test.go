package store_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"sabershop/internal/store"
)

// The per-address send records are kept per purpose, case-insensitively,
// survive reopening the file, and the purge drops those whose last send
// is older than the cut-off.
func TestMailSends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	must(t, db.Update(func(tx *store.Tx) error {
		if err := tx.PutMailSends("confirm", "Anna@Example.com", &store.MailSends{Sent: []time.Time{t0, t0.Add(time.Hour)}}); err != nil {
			return err
		}
		return tx.PutMailSends("links", "bob@example.com", &store.MailSends{Sent: []time.Time{t0}})
	}))
	closeChecked(t, db)

	db, err = store.Open(path, store.Options{})
	must(t, err)
	t.Cleanup(func() { closeChecked(t, db) })
	must(t, db.View(func(tx *store.Tx) error {
		m, err := tx.MailSends("confirm", " anna@example.COM ")
		must(t, err)
		if len(m.Sent) != 2 || !m.Sent[1].Equal(t0.Add(time.Hour)) {
			t.Errorf("after reopening: %+v", m)
		}
		for _, k := range [][2]string{{"links", "anna@example.com"}, {"confirm", "bob@example.com"}} {
			if m, err := tx.MailSends(k[0], k[1]); err != nil || len(m.Sent) != 0 {
				t.Errorf("%v: %+v, %v", k, m, err)
			}
		}
		if _, err := tx.MailSends("confirm", ""); err == nil {
			t.Error("an empty address was accepted")
		}
		return nil
	}))

	n, err := db.PurgeMailSends(t0.Add(30 * time.Minute))
	must(t, err)
	if n != 1 {
		t.Errorf("purged %d, want 1 (bob's)", n)
	}
	if c, _ := db.Counts(); c[store.BucketMailSends] != 1 {
		t.Errorf("counts %v", c)
	}
	// An empty record is deleted.
	must(t, db.Update(func(tx *store.Tx) error { return tx.PutMailSends("confirm", "anna@example.com", &store.MailSends{}) }))
	if c, _ := db.Counts(); c[store.BucketMailSends] != 0 {
		t.Errorf("counts %v", c)
	}
}

// RecentOrdersByEmail lists an address's orders newest first, at most
// limit, and never another address's (a longer one sorts right after).
func TestRecentOrdersByEmail(t *testing.T) {
	db := openTest(t, store.Options{})
	must(t, db.Update(func(tx *store.Tx) error {
		for i := range 5 {
			if err := tx.PutOrder(newOrder(fmt.Sprintf("hash-%d", i), "Anna@example.com")); err != nil {
				return err
			}
			if err := tx.PutOrder(newOrder(fmt.Sprintf("other-%d", i), "anna@example.com.pl")); err != nil {
				return err
			}
		}
		return tx.PutOrder(newOrder("zed", "zed@example.com")) // the last key of the index
	}))
	must(t, db.View(func(tx *store.Tx) error {
		for _, c := range []struct {
			email string
			limit int
			want  []string
		}{
			{"anna@example.com", 3, []string{"hash-4", "hash-3", "hash-2"}},
			{"ANNA@example.com", 20, []string{"hash-4", "hash-3", "hash-2", "hash-1", "hash-0"}},
			{"anna@example.com.pl", 2, []string{"other-4", "other-3"}},
			{"zed@example.com", 20, []string{"zed"}},
			{"anna@example.co", 20, nil},
			{"nobody@example.com", 20, nil},
			{"", 20, nil},
		} {
			list, err := tx.RecentOrdersByEmail(c.email, c.limit)
			must(t, err)
			if hs := hashes(list); !slices.Equal(hs, c.want) {
				t.Errorf("RecentOrdersByEmail(%q, %d) = %v, want %v", c.email, c.limit, hs, c.want)
			}
		}
		return nil
	}))
}
