package api_test

import (
	"net/http"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// production is the "production" of GET /v1/orders/{hash}.
type production struct {
	Stages []struct {
		ID        string    `json:"id"`
		ReachedAt time.Time `json:"reached_at"`
	} `json:"stages"`
	Current       string `json:"current"`
	BuildDaysLeft int    `json:"build_days_left"`
	ShipBy        string `json:"ship_by"`
	Emails        bool   `json:"emails"`
}

type withProduction struct {
	Status     order.Status `json:"status"`
	Timeline   []order.Event
	Production *production `json:"production"`
}

// change applies fn to the stored order (the owner's commands would).
func (e *env) change(hash string, fn func(o *order.Order) error) {
	e.t.Helper()
	if err := e.db.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Order(hash)
		if err != nil {
			return err
		}
		if err := fn(o); err != nil {
			return err
		}
		return tx.PutOrder(o)
	}); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) production(hash string) withProduction {
	e.t.Helper()
	r := e.get("/v1/orders/" + hash)
	wantStatus(e.t, r, http.StatusOK)
	var v withProduction
	r.Decode(e.t, &v)
	return v
}

// The status page's data: no production before the payment; once paid
// every stage of the catalogue with the day each was reached, the stage in
// force and the ship estimate; after sending, the stages reached without
// an estimate.
func TestOrderProduction(t *testing.T) {
	e := newEnv(t)
	p := e.place(e.priced(e.orderRequest())) // an arc and a creator design: 15 build days
	if v := e.production(p.Hash); v.Production != nil {
		t.Errorf("placed: production %+v", v.Production)
	}
	paid := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC) // a Monday
	machined := paid.Add(48 * time.Hour)
	stages := e.cat.Production.Stages
	e.change(p.Hash, func(o *order.Order) error {
		if _, err := o.Transition(order.Paid, paid, "test"); err != nil {
			return err
		}
		_, err := o.SetStage(stages, "hilt-machined", machined, "owner")
		return err
	})
	e.clock.Set(machined.Add(time.Hour))
	v := e.production(p.Hash)
	if v.Status != order.Paid || v.Production == nil {
		t.Fatalf("paid: %+v", v)
	}
	pr := v.Production
	if len(pr.Stages) != len(stages) || pr.Current != "hilt-machined" || pr.Emails {
		t.Errorf("production %+v", pr)
	}
	for i, s := range pr.Stages {
		reached := i <= 1
		if s.ID != stages[i].ID || s.ReachedAt.IsZero() == reached || (reached && !s.ReachedAt.Equal(machined)) {
			t.Errorf("stage %d: %+v", i, s)
		}
	}
	// 45% of 15 days done: 9 (8.25 rounded up) left from Wednesday 25
	// November: Tuesday 8 December.
	if pr.BuildDaysLeft != 9 || pr.ShipBy != "2026-12-08" {
		t.Errorf("estimate: %d days, %s", pr.BuildDaysLeft, pr.ShipBy)
	}
	// The stage is a note: it is in the timeline, the status stays.
	last := v.Timeline[len(v.Timeline)-1]
	if last.Note != order.NoteStage || last.Stage != "hilt-machined" || last.Status != order.Paid {
		t.Errorf("timeline entry %+v", last)
	}

	e.change(p.Hash, func(o *order.Order) error {
		_, err := o.MarkSent(machined.Add(24*time.Hour), "PL1", "")
		return err
	})
	pr = e.production(p.Hash).Production
	if pr == nil || pr.ShipBy != "" || pr.BuildDaysLeft != 0 || pr.Current != "hilt-machined" || pr.Stages[1].ReachedAt.IsZero() {
		t.Errorf("sent: %+v", pr)
	}
}

// POST /v1/orders/{hash}/stage-emails: on and off on a paid order, with
// the order as it is now and a translated sentence; refused before the
// payment, for an unknown order and without "on".
func TestStageEmailsOptIn(t *testing.T) {
	e := newEnv(t)
	p := e.place(e.priced(e.orderRequest()))
	url := "/v1/orders/" + p.Hash + "/stage-emails"

	r := e.post(url, map[string]any{"on": true, "locale": "pl"})
	wantStatus(t, r, http.StatusConflict)
	if b := r.Err(t); b.Code != "stage_emails_not_allowed" || b.Message == "" {
		t.Errorf("placed: %+v", b)
	}
	if e.storedOrder(p.Hash).StageEmails {
		t.Error("a placed order took the opt-in")
	}

	e.change(p.Hash, func(o *order.Order) error { _, err := o.Transition(order.Paid, testNow, "test"); return err })
	for _, step := range []struct {
		on   bool
		lang string
		msg  string
	}{
		{true, "pl", "Napiszemy do Ciebie na każdym etapie budowy."},
		{true, "en", "We will e-mail you at each stage of the build."},
		{false, "de", "Wir schreiben dir nicht mehr zu den Bauschritten."},
	} {
		r := e.post(url, map[string]any{"on": step.on, "locale": step.lang})
		wantStatus(t, r, http.StatusOK)
		var a struct {
			Message string         `json:"message"`
			Order   withProduction `json:"order"`
		}
		r.Decode(t, &a)
		if a.Message != step.msg || a.Order.Production == nil || a.Order.Production.Emails != step.on {
			t.Errorf("on=%v: %q %+v", step.on, a.Message, a.Order.Production)
		}
		if e.storedOrder(p.Hash).StageEmails != step.on {
			t.Errorf("on=%v not stored", step.on)
		}
	}

	r = e.post(url, map[string]any{"locale": "en"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["on"] == "" {
		t.Errorf("without on: %+v", b)
	}
	wantStatus(t, e.post("/v1/orders/AAAAAAAAAAAAAAAAAAAAAAAA/stage-emails", map[string]any{"on": true}), http.StatusNotFound)
	wantStatus(t, e.post("/v1/orders/x/stage-emails", map[string]any{"on": true}), http.StatusNotFound)
}
