package daemon_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/daemon"
	"sabershop/internal/order"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// The daemon applies the retention periods as it starts: an order from
// 2019 (past the tax period) is anonymised, a three-year-old contact
// message deleted, while today's order and message stay.
func TestRetentionSweepAtStart(t *testing.T) {
	site, data := fixtureSite(t), shortDir(t)
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(data, daemon.DBName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	orderAt := func(hash string, created time.Time) *order.Order {
		return &order.Order{Hash: hash, Locale: "pl", Currency: "PLN", CreatedAt: created, Status: order.Placed,
			Customer: order.Customer{FirstName: "Anna", LastName: "Nowak", Email: "anna@example.com", Country: "pl"},
			Totals:   order.Totals{Total: 159900}, Timeline: []order.Event{{Status: order.Placed, At: created, Cause: "order placed"}}}
	}
	err = db.Update(func(tx *store.Tx) error {
		if err := tx.PutOrder(orderAt("hash-old-order-0000000001", time.Date(2019, 5, 1, 0, 0, 0, 0, time.UTC))); err != nil {
			return err
		}
		if err := tx.PutOrder(orderAt("hash-new-order-0000000002", now)); err != nil {
			return err
		}
		if err := tx.PutContact(&store.Contact{Name: "Anna", Email: "anna@example.com", Message: "old", Created: now.AddDate(-3, 0, 0)}); err != nil {
			return err
		}
		return tx.PutContact(&store.Contact{Name: "Anna", Email: "anna@example.com", Message: "new", Created: now})
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	r := startRun(t, daemon.Config{Site: site, Data: data})
	c, err := admin.Dial(data)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	testutil.Eventually(t, "order #1 anonymised", func() error {
		out.Reset()
		if err := c.Run([]string{"orders", "show", "1"}, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), order.Anonymised) {
			return errors.New("not yet:\n" + out.String())
		}
		return nil
	})
	if strings.Contains(out.String(), "anna@example.com") {
		t.Fatalf("order #1 anonymised but still holds the address:\n%s", out.String())
	}
	if err := r.stop(t); err != nil {
		t.Fatal(err)
	}

	db, err = store.Open(filepath.Join(data, daemon.DBName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *store.Tx) error {
		o, err := tx.Order("hash-new-order-0000000002")
		if err != nil || o.Customer.Email != "anna@example.com" {
			t.Errorf("today's order: %+v %v", o, err)
		}
		list, err := tx.Contacts()
		if len(list) != 1 || list[0].Message != "new" {
			t.Errorf("contacts %+v, want today's only", list)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
