package desk_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"sabershop/internal/store"
)

// Contact messages in the desk: newest first, paged, and everything a
// stranger typed (HTML, a bidi override, a terminal escape) inert.
func TestMessages(t *testing.T) {
	e, cookie, _ := withOrders(t)
	err := e.db.Update(func(tx *store.Tx) error {
		for i := range 31 {
			c := &store.Contact{Name: fmt.Sprintf("Sender %d", i), Email: fmt.Sprintf("s%d@example.com", i), Message: "Hello", Locale: "pl"}
			if i == 30 {
				c.Name, c.Message = "<b>Eve</b>\u202Egnp.exe", "Line one\n<script>alert(1)</script>\x1b[31mred"
			}
			if err := tx.PutContact(c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	type page struct {
		Messages []struct {
			ID            uint64
			Name, Message string
		}
		Before uint64
	}
	get := func(q string) page {
		t.Helper()
		a := e.call("GET", "/admin/api/messages"+q, nil, "Cookie", cookie)
		e.want(a, 200, "")
		if strings.ContainsAny(a.raw, "\u202e\x1b") {
			t.Errorf("hidden characters reached the desk: %q", a.raw)
		}
		var p page
		if err := json.Unmarshal([]byte(a.raw), &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	first := get("")
	if len(first.Messages) != 30 || first.Messages[0].ID != 31 || first.Before != 2 {
		t.Fatalf("first page: %d messages, newest %d, before %d", len(first.Messages), first.Messages[0].ID, first.Before)
	}
	if m := first.Messages[0]; m.Name != "<b>Eve</b><U+202E>gnp.exe" || m.Message != "Line one\n<script>alert(1)</script><U+001B>[31mred" {
		t.Errorf("newest: %+v", m)
	}
	if older := get(fmt.Sprintf("?before=%d", first.Before)); len(older.Messages) != 1 || older.Messages[0].ID != 1 || older.Before != 0 {
		t.Errorf("older page: %+v", older)
	}
	e.want(e.call("GET", "/admin/api/messages", nil), 401, "unauthorized")
}
