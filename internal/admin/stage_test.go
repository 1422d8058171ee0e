package admin_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// paidArc is a paid order of one arc hilt (the real catalogue's build days).
func (f *fixture) paidArc() *order.Order {
	f.t.Helper()
	return f.setStatus(f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1)), order.Paid)
}

func (f *fixture) optIn(o *order.Order) {
	f.t.Helper()
	err := f.db.UpdateNow(func(tx *store.Tx) error {
		cur, err := tx.Order(o.Hash)
		if err != nil {
			return err
		}
		if _, err := cur.SetStageEmails(true); err != nil {
			return err
		}
		return tx.PutOrder(cur)
	})
	if err != nil {
		f.t.Fatal(err)
	}
}

func stageEntries(o *order.Order) []string {
	var out []string
	for _, e := range o.Timeline {
		if e.Note == order.NoteStage {
			out = append(out, e.Stage)
		}
	}
	return out
}

func TestOrdersStage(t *testing.T) {
	f := newFixture(t)
	o := f.paidArc()
	id := fmt.Sprintf("#%d", o.ID)

	out := f.ok("orders", "stage", id, "parts-ordered")
	if want := "is now at stage parts-ordered (Parts ordered); no e-mail (the customer did not ask for stage e-mails)"; !strings.Contains(out, want) {
		t.Errorf("first stage: %q", out)
	}
	got := f.order(o.Hash)
	if got.Status != order.Paid || got.Stage() != "parts-ordered" || len(got.Timeline) != len(o.Timeline)+1 {
		t.Errorf("after the stage: status %s, stage %q, %d entries", got.Status, got.Stage(), len(got.Timeline))
	}
	if e := got.Timeline[len(got.Timeline)-1]; e.Note != order.NoteStage || e.Cause != "terminal" || !e.At.Equal(testNow) {
		t.Errorf("the entry: %+v", e)
	}

	// The same stage again changes nothing.
	out = f.ok("orders", "stage", o.Hash, "parts-ordered")
	if !strings.Contains(out, "already at stage parts-ordered") {
		t.Errorf("repeat: %q", out)
	}
	if n := len(f.order(o.Hash).Timeline); n != len(got.Timeline) {
		t.Errorf("a repeat added an entry: %d", n)
	}

	// An unknown stage is a usage mistake naming the stages.
	f.usage(`unknown production stage "painted" (the stages are parts-ordered, hilt-machined, electronics, tested, ready`,
		"orders", "stage", o.Hash, "painted")
	f.usage("give one order ID or hash and a stage", "orders", "stage", o.Hash)
	f.usage("stages: parts-ordered, hilt-machined", "orders", "stage")
	f.fails("no order with ID 999", "orders", "stage", "999", "ready")
	if len(f.outbox(mail.KindStageReached)) != 0 {
		t.Error("an e-mail without the opt-in")
	}

	// Not paid: unpaid, sent and cancelled orders take no stage.
	placed := f.place("en", customer("Cleo", "cleo@example.com", "pl"), arc(1))
	sent := f.setStatus(f.place("en", customer("Dora", "dora@example.com", "pl"), arc(1)), order.Paid, order.Sent)
	cancelled := f.setStatus(f.place("en", customer("Eve", "eve@example.com", "pl"), arc(1)), order.Cancelled)
	for _, x := range []*order.Order{placed, sent, cancelled} {
		f.fails("production stages are set on paid orders only (order #", "orders", "stage", x.Hash, "ready")
		if s := stageEntries(f.order(x.Hash)); len(s) != 0 {
			t.Errorf("%s order got stages %v", x.Status, s)
		}
	}
}

// With the opt-in, each stage reached for the first time queues one
// stage_reached e-mail in the same transaction; a repeat, a correction
// backward and the same stage reached again after one queue none.
func TestOrdersStageEmails(t *testing.T) {
	f := newFixture(t)
	o := f.paidArc()
	f.optIn(o)
	kicks := f.kicks.Load()
	for _, step := range []struct {
		stage  string
		mailed bool
	}{
		{"parts-ordered", true}, {"parts-ordered", false}, {"electronics", true},
		{"hilt-machined", false}, {"electronics", false}, {"ready", true},
	} {
		before := len(f.outbox(mail.KindStageReached))
		out := f.ok("orders", "stage", o.Hash, step.stage)
		after := f.outbox(mail.KindStageReached)
		if (len(after) == before+1) != step.mailed || len(after) > before+1 {
			t.Errorf("%s: %d e-mails queued (want mailed %v): %q", step.stage, len(after)-before, step.mailed, out)
		}
		if step.mailed && !strings.Contains(out, "e-mail to anna@example.com queued") {
			t.Errorf("%s: output %q", step.stage, out)
		}
	}
	if got := f.kicks.Load() - kicks; got != 3 {
		t.Errorf("the e-mail worker was woken %d times, want 3", got)
	}
	msgs := f.outbox(mail.KindStageReached)
	if len(msgs) != 3 {
		t.Fatalf("%d stage e-mails, want 3", len(msgs))
	}
	first := msgs[0]
	if first.Ref != o.Hash || first.Locale != "pl" || !strings.Contains(first.To, "anna@example.com") ||
		!strings.Contains(first.Text, "Części zamówione") || !strings.Contains(first.Text, testBaseURL+"/pl/status/"+o.Hash) {
		t.Errorf("the first e-mail: ref %q locale %s to %q\n%s", first.Ref, first.Locale, first.To, first.Text)
	}
	if !strings.Contains(msgs[2].Text, "Zamówienie jest gotowe do wysyłki") {
		t.Errorf("the last stage's e-mail:\n%s", msgs[2].Text)
	}
	if s := stageEntries(f.order(o.Hash)); strings.Join(s, " ") != "parts-ordered electronics hilt-machined electronics ready" {
		t.Errorf("timeline stages %v", s)
	}
}

// The function the desk calls: the same rules as the command, errors to
// tell apart.
func TestOrdersSetStage(t *testing.T) {
	f := newFixture(t)
	o := f.paidArc()
	marek := orders.Actor{Name: "marek"}
	res, err := f.env.Orders.SetStage(o.ID, "tested", marek)
	if err != nil || !res.Changed || res.Mailed || res.Stage.ID != "tested" || res.Order.Stage() != "tested" {
		t.Fatalf("SetStage: %+v, %v", res, err)
	}
	if e := f.order(o.Hash).Timeline; e[len(e)-1].Cause != "marek" {
		t.Errorf("cause %q, want who set it", e[len(e)-1].Cause)
	}
	if _, err := f.env.Orders.SetStage(o.ID, "nope", marek); !errors.Is(err, order.ErrUnknownStage) {
		t.Errorf("unknown: %v", err)
	}
	placed := f.place("en", customer("Cleo", "cleo@example.com", "pl"), arc(1))
	if _, err := f.env.Orders.SetStage(placed.ID, "tested", marek); !errors.Is(err, order.ErrStageNotPaid) {
		t.Errorf("placed: %v", err)
	}
	noCatalog, err := orders.New(orders.Config{Store: f.db, Catalog: func() *catalog.Catalog { return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := noCatalog.SetStage(o.ID, "ready", marek); !errors.Is(err, orders.ErrNoCatalog) {
		t.Errorf("no catalogue: %v", err)
	}
}

// The build sheet shows the stages reached, the one in force, the ship
// estimate and the opt-in; the timeline names the stage entries.
func TestOrdersShowStages(t *testing.T) {
	f := newFixture(t)
	o := f.paidArc()
	f.ok("orders", "stage", o.Hash, "hilt-machined")
	out := f.ok("orders", "show", o.Hash)
	day := testNow.Format("2006-01-02")
	for _, want := range []string{
		"\nProduction (ready to ship by ",
		"  [x] " + day + "  Parts ordered [parts-ordered]\n",
		"  [x] " + day + "  Hilt machined [hilt-machined]  <- now\n",
		"  [ ]             Electronics fitted [electronics]\n",
		"  e-mail per stage to the customer: no\n",
		"paid             Production stage: Hilt machined (terminal)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("orders show lacks %q:\n%s", want, out)
		}
	}
	// A placed order has no production section.
	placed := f.place("en", customer("Cleo", "cleo@example.com", "pl"), arc(1))
	if out := f.ok("orders", "show", placed.Hash); strings.Contains(out, "Production") {
		t.Errorf("a placed order shows production:\n%s", out)
	}
}
