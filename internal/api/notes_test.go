package api_test

import (
	"net/http"
	"strings"
	"testing"

	"sabershop/internal/orders"
)

// The owner's notes are private: the shopper's order answer,
// which the status page shows, has none of them.
func TestOrderNotesNotShown(t *testing.T) {
	e := newEnv(t)
	p := e.place(e.priced(e.orderRequest()))
	id := e.storedOrder(p.Hash).ID
	if _, err := e.orders.AddNote(id, "PRIVATE: customer called, wants it before the 12th", orders.Actor{Name: "marek"}); err != nil {
		t.Fatal(err)
	}
	r := e.get("/v1/orders/" + p.Hash)
	wantStatus(t, r, http.StatusOK)
	for _, secret := range []string{"PRIVATE", "before the 12th", "marek", `"notes"`} {
		if strings.Contains(string(r.Body), secret) {
			t.Errorf("the shopper's order answer shows %q: %s", secret, r.Body)
		}
	}
}
