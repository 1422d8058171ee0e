package admin_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
)

func TestOrdersListEmpty(t *testing.T) {
	f := newFixture(t)
	if out := f.ok("orders", "list"); out != "no orders\n" {
		t.Errorf("got %q", out)
	}
	if out := f.ok("orders", "list", "--status", "paid"); out != "no orders\n" {
		t.Errorf("with a filter: got %q", out)
	}
}

func TestOrdersList(t *testing.T) {
	f := newFixture(t)
	a := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(2))
	b := f.place("de", customer("Bernd", "bernd@example.com", "de"), arc(1))
	f.setStatus(b, order.Paid)
	c := f.place("en", customer("Cleo", "cleo@example.com", "pl"), arc(1))
	f.setStatus(c, order.Cancelled)

	out := f.ok("orders", "list")
	ls := lines(out)
	if len(ls) != 4 {
		t.Fatalf("want a header and 3 rows:\n%s", out)
	}
	for _, col := range []string{"ID", "PLACED (UTC)", "STATUS", "CUSTOMER", "E-MAIL", "ITEMS", "TOTAL"} {
		if !strings.Contains(ls[0], col) {
			t.Errorf("header lacks %s: %q", col, ls[0])
		}
	}
	// Oldest first, with status, customer, item count and total.
	for i, want := range []struct {
		o      *order.Order
		status string
		name   string
		items  string
	}{{a, "placed", "Anna Nowak", "2"}, {b, "paid", "Bernd Nowak", "1"}, {c, "cancelled", "Cleo Nowak", "1"}} {
		row := strings.Fields(ls[i+1])
		total := fmt.Sprintf("%d.%02d", want.o.Totals.Total/100, want.o.Totals.Total%100)
		got := strings.Join(row, " ")
		if row[0] != fmt.Sprint(want.o.ID) || !strings.Contains(got, " "+want.status+" ") ||
			!strings.Contains(got, want.name) || !strings.Contains(got, want.o.Customer.Email+" "+want.items+" "+total+" "+want.o.Currency) {
			t.Errorf("row %d: %q", i+1, ls[i+1])
		}
		if !strings.Contains(got, testNow.Add(-time.Hour).Format("2006-01-02 15:04")) {
			t.Errorf("row %d lacks the placing time: %q", i+1, ls[i+1])
		}
	}
	if a.Currency != "PLN" || b.Currency != "EUR" {
		t.Errorf("currencies %s %s", a.Currency, b.Currency)
	}

	out = f.ok("orders", "list", "--status", "paid")
	if ls := lines(out); len(ls) != 2 || !strings.Contains(ls[1], "bernd@example.com") {
		t.Errorf("--status paid:\n%s", out)
	}
	out = f.ok("orders", "list", "--status=placed")
	if ls := lines(out); len(ls) != 2 || !strings.Contains(ls[1], "anna@example.com") {
		t.Errorf("--status=placed:\n%s", out)
	}
	if out := f.ok("orders", "list", "--status", "sent"); out != "no orders\n" {
		t.Errorf("--status sent: %q", out)
	}

	f.usage(`unknown status "shipped"`, "orders", "list", "--status", "shipped")
	f.usage("placed, payment_pending, paid, sent, cancelled", "orders", "list", "--status", "shipped")
	f.usage("flag needs an argument", "orders", "list", "--status")
	f.usage("not defined", "orders", "list", "--colour", "red")
	f.usage("orders list", "orders", "list", "paid")
}

// TestOrdersShow: by ID, by #ID and by hash, the same page: the order, the
// customer, the build sheet of a creator design (every slot, the
// generator, the button and each preset), the timeline and the e-mails.
func TestOrdersShow(t *testing.T) {
	f := newFixture(t)
	// The default design with the last part of every slot and the last
	// generator, so that names and ids differ on the sheet.
	design := order.DefaultCreator(f.cat)
	for _, s := range f.cat.Creator.Slots {
		design.Parts[s.ID] = s.Options[len(s.Options)-1].ID
	}
	design.Generator = f.cat.Creator.Generators[len(f.cat.Creator.Generators)-1].ID
	o := f.place("en", customer("Anna", "anna@example.com", "pl"), arc(1), order.ItemRequest{Creator: &design, Quantity: 1})

	byID := f.ok("orders", "show", fmt.Sprint(o.ID))
	if byHash := f.ok("orders", "show", o.Hash); byHash != byID {
		t.Errorf("by hash differs from by ID:\n%s\n---\n%s", byHash, byID)
	}
	if bySharp := f.ok("orders", "show", fmt.Sprintf("#%d", o.ID)); bySharp != byID {
		t.Errorf("by #ID differs from by ID")
	}
	out := byID
	for _, want := range []string{
		fmt.Sprintf("Order #%d  placed", o.ID),
		"Hash       " + o.Hash,
		"(en site, EUR, catalogue " + f.cat.Version + ")",
		"Anna Nowak", "anna@example.com, +48 600 100 200", "Długa 1", "00-001 Warszawa", "PL",
		"1. 1 x Arc (Generator: ",
		"BUILD SHEET",
		"Timeline", "placed           Order placed\n",
		"E-mails", "queued", "order_placed", "to \"Anna Nowak\" <anna@example.com> (attempts 0)",
		fmt.Sprintf("total    %d.%02d EUR", o.Totals.Total/100, o.Totals.Total%100),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("orders show lacks %q", want)
		}
	}

	// The build sheet: one labelled row per slot with the chosen part, in
	// the catalogue's slot order, the generator and the button, then every
	// preset under its number, field by field, the colours by their names.
	sheet := out[strings.Index(out, "BUILD SHEET"):]
	sheet = sheet[:strings.Index(sheet, "\nTotals")]
	sl := lines(sheet)[1:]
	cr := f.cat.Creator
	if want := len(cr.Slots) + 2 + cr.Presets*8; len(sl) != want {
		t.Fatalf("build sheet has %d lines, want %d (%d slots, generator, button, %d presets of 8):\n%s", len(sl), want, len(cr.Slots), cr.Presets, sheet)
	}
	field := func(l string) (string, string) {
		k, v, _ := strings.Cut(strings.TrimSpace(l), ":")
		return k, strings.TrimSpace(v)
	}
	for i, slot := range cr.Slots {
		part, ok := slot.Part(design.Parts[slot.ID])
		if !ok {
			t.Fatalf("slot %s: part %s not in the catalogue", slot.ID, design.Parts[slot.ID])
		}
		if k, v := field(sl[i]); k != slot.Names["en"] || v != sheetName(part.Names, part.ID) {
			t.Errorf("slot line %d %q: want %s: %s", i, sl[i], slot.Names["en"], sheetName(part.Names, part.ID))
		}
	}
	gen, _ := f.cat.Generator(design.Generator)
	if k, v := field(sl[len(cr.Slots)]); k != "Generator" || v != sheetName(gen.Names, gen.ID) {
		t.Errorf("generator line %q", sl[len(cr.Slots)])
	}
	button, _ := f.cat.Option(order.GroupButtons, design.Button)
	if k, v := field(sl[len(cr.Slots)+1]); k != "Button" || v != button.Names["en"] {
		t.Errorf("button line %q, want Button: %s (no id: an option is not looked up)", sl[len(cr.Slots)+1], button.Names["en"])
	}
	colour := func(hex string) string {
		for _, c := range cr.Options[order.GroupColors] {
			if c.Hex == hex {
				return c.Names["en"]
			}
		}
		return hex
	}
	for i, p := range design.Presets {
		at := len(cr.Slots) + 2 + i*8
		if got := strings.TrimSpace(sl[at]); got != fmt.Sprintf("Preset %d", i+1) {
			t.Errorf("preset %d heading %q", i+1, got)
		}
		effect, _ := f.cat.Option(order.GroupEffects, p.Effect)
		ign, _ := f.cat.Option(order.GroupIgnitions, p.Ignition)
		ret, _ := f.cat.Option(order.GroupIgnitions, p.Retraction)
		sound, _ := f.cat.Option(order.GroupSounds, p.Sound)
		want := [][2]string{{"Colour", colour(p.Color)}, {"White LED", fmt.Sprintf("%d of 255", p.White)}, {"Effect", effect.Names["en"]},
			{"Ignition", ign.Names["en"]}, {"Retraction", ret.Names["en"]}, {"Sound", sound.Names["en"]}, {"Clash", colour(p.Clash)}}
		for j, w := range want {
			if k, v := field(sl[at+1+j]); [2]string{k, v} != w {
				t.Errorf("preset %d row %d %q, want %s: %s", i+1, j, sl[at+1+j], w[0], w[1])
			}
		}
	}

	// Without a catalogue the sheet still lists every part by id.
	f.withoutCatalogue()
	bare := f.ok("orders", "show", o.Hash)
	for slot, part := range design.Parts {
		if !strings.Contains(bare, slot+":") || !strings.Contains(bare, part) {
			t.Errorf("without a catalogue: slot %s part %s missing", slot, part)
		}
	}
}

func TestOrdersShowDeliveredMail(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	m := f.outbox(mail.KindOrderPlaced)[0]
	if err := f.db.Delivered(m.ID); err != nil {
		t.Fatal(err)
	}
	out := f.ok("orders", "show", o.Hash)
	if !strings.Contains(out, "sent    ") || !strings.Contains(out, "order_placed") || strings.Contains(out, "queued") {
		t.Errorf("delivered e-mail not shown as sent:\n%s", out[strings.Index(out, "E-mails"):])
	}
}

func TestOrdersShowMistakes(t *testing.T) {
	f := newFixture(t)
	f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	f.fails("no order with ID 99", "orders", "show", "99")
	f.fails("no order with ID 42", "orders", "show", "#42")
	f.fails(`no order with ID or hash "AAAAAAAAAAAAAAAAAAAAAAAA"`, "orders", "show", "AAAAAAAAAAAAAAAAAAAAAAAA")
	f.usage("give one order ID or hash", "orders", "show")
	f.usage("give one order ID or hash", "orders", "show", "1", "2")
}

func TestOrdersSend(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	placed := len(f.outbox(mail.KindOrderPlaced))

	f.usage("--tracking NUMBER is required", "orders", "send", fmt.Sprint(o.ID))
	f.usage("--tracking NUMBER is required", "orders", "send", fmt.Sprint(o.ID), "--tracking", "  ")
	f.usage("give one order ID", "orders", "send", "--tracking", "X1")
	f.usage("--url must be an http(s) link", "orders", "send", fmt.Sprint(o.ID), "--tracking", "X1", "--url", "javascript:alert(1)")
	f.fails("no order with ID 7", "orders", "send", "7", "--tracking", "X1")

	// A placed (unpaid) order cannot be sent.
	f.fails(fmt.Sprintf("order #%d is placed: illegal status transition", o.ID), "orders", "send", fmt.Sprint(o.ID), "--tracking", "X1")
	if got := f.order(o.Hash); got.Status != order.Placed || got.Tracking != "" {
		t.Errorf("refused send changed the order: %s %q", got.Status, got.Tracking)
	}
	if n := len(f.outbox(mail.KindOrderSent)); n != 0 {
		t.Errorf("refused send queued %d e-mails", n)
	}

	f.setStatus(o, order.Paid)
	// Flags before the ID work too.
	out := f.ok("orders", "send", "--tracking", "PL123456789", "--url", "https://track.example/PL123456789", fmt.Sprint(o.ID))
	if want := fmt.Sprintf("order #%d is now sent; e-mail to anna@example.com queued\n", o.ID); out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	got := f.order(o.Hash)
	if got.Status != order.Sent || got.Tracking != "PL123456789" || got.TrackingURL != "https://track.example/PL123456789" {
		t.Errorf("order after send: %s %q %q", got.Status, got.Tracking, got.TrackingURL)
	}
	last := got.Timeline[len(got.Timeline)-1]
	if last.Status != order.Sent || !last.At.Equal(testNow) || !strings.Contains(last.Cause, "PL123456789") {
		t.Errorf("timeline event %+v", last)
	}
	sent := f.outbox(mail.KindOrderSent)
	if len(sent) != 1 {
		t.Fatalf("%d order_sent e-mails queued", len(sent))
	}
	m := sent[0]
	if m.Ref != o.Hash || m.Locale != "pl" || !strings.Contains(m.To, "anna@example.com") ||
		!strings.Contains(m.Text, "PL123456789") || !strings.Contains(m.Text, testBaseURL+"/pl/status/"+o.Hash) {
		t.Errorf("order_sent e-mail: to %q ref %q locale %s\n%s", m.To, m.Ref, m.Locale, m.Text)
	}
	if f.kicks.Load() != 1 {
		t.Errorf("mail worker kicked %d times", f.kicks.Load())
	}
	if len(f.outbox(mail.KindOrderPlaced)) != placed {
		t.Error("the order_placed e-mail changed")
	}

	// Repeated: nothing changes, no second e-mail, the tracking stays.
	out = f.ok("orders", "send", fmt.Sprint(o.ID), "--tracking", "OTHER")
	if want := fmt.Sprintf("order #%d is already sent; nothing changed, no e-mail sent\n", o.ID); out != want {
		t.Errorf("repeat: got %q", out)
	}
	if got := f.order(o.Hash); got.Tracking != "PL123456789" || len(got.Timeline) != 3 {
		t.Errorf("repeat changed the order: %q, %d events", got.Tracking, len(got.Timeline))
	}
	if n := len(f.outbox(mail.KindOrderSent)); n != 1 {
		t.Errorf("repeat queued another e-mail: %d", n)
	}
	if f.kicks.Load() != 1 {
		t.Errorf("repeat kicked the worker")
	}

	// A sent order shows its tracking in orders show.
	if show := f.ok("orders", "show", o.Hash); !strings.Contains(show, "tracking PL123456789 https://track.example/PL123456789") {
		t.Errorf("orders show lacks the tracking")
	}
}

func TestOrdersSendNeedsCatalogue(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	f.setStatus(o, order.Paid)
	f.withoutCatalogue()
	f.fails("no catalogue: build the site", "orders", "send", o.Hash, "--tracking", "X1")
	if got := f.order(o.Hash); got.Status != order.Paid {
		t.Errorf("status %s", got.Status)
	}
}

func TestOrdersCancel(t *testing.T) {
	f := newFixture(t)
	o := f.place("de", customer("Bernd", "bernd@example.com", "de"), arc(1))

	f.usage("--reason TEXT is required", "orders", "cancel", fmt.Sprint(o.ID))
	f.usage("give one order ID", "orders", "cancel", "--reason", "x")

	out := f.ok("orders", "cancel", fmt.Sprint(o.ID), "--reason", "out of crystals")
	if want := fmt.Sprintf("order #%d is now cancelled; e-mail to bernd@example.com queued\n", o.ID); out != want {
		t.Errorf("got %q", out)
	}
	got := f.order(o.Hash)
	if got.Status != order.Cancelled || got.CancelReason != "out of crystals" {
		t.Errorf("after cancel: %s %q", got.Status, got.CancelReason)
	}
	if last := got.Timeline[len(got.Timeline)-1]; last.Cause != "owner: out of crystals" || !last.At.Equal(testNow) {
		t.Errorf("timeline %+v", last)
	}
	ms := f.outbox(mail.KindOrderCancelled)
	if len(ms) != 1 || ms[0].Locale != "de" || !strings.Contains(ms[0].Text, "out of crystals") ||
		!strings.Contains(ms[0].Text, testBaseURL+"/de/status/"+o.Hash) {
		t.Fatalf("order_cancelled e-mails: %d", len(ms))
	}

	// Repeated: nothing changes, no second e-mail.
	out = f.ok("orders", "cancel", fmt.Sprint(o.ID), "--reason", "again")
	if !strings.Contains(out, "already cancelled; nothing changed") {
		t.Errorf("repeat: %q", out)
	}
	if got := f.order(o.Hash); got.CancelReason != "out of crystals" {
		t.Errorf("repeat changed the reason to %q", got.CancelReason)
	}
	if n := len(f.outbox(mail.KindOrderCancelled)); n != 1 {
		t.Errorf("%d cancel e-mails after the repeat", n)
	}
}

func TestOrdersCancelPaid(t *testing.T) {
	f := newFixture(t)
	o := f.place("en", customer("Cleo", "cleo@example.com", "pl"), arc(1))
	f.setStatus(o, order.Paid)

	f.usage(fmt.Sprintf("order #%d is paid: cancel it with --refund NOTE", o.ID), "orders", "cancel", o.Hash, "--reason", "customer asked")
	if got := f.order(o.Hash); got.Status != order.Paid {
		t.Fatalf("refused cancel changed the status to %s", got.Status)
	}
	if n := len(f.outbox(mail.KindOrderCancelled)); n != 0 {
		t.Errorf("refused cancel queued %d e-mails", n)
	}

	f.ok("orders", "cancel", o.Hash, "--reason", "customer asked", "--refund", "bank transfer 2026-11-22")
	got := f.order(o.Hash)
	last := got.Timeline[len(got.Timeline)-1]
	if got.Status != order.Cancelled || got.CancelReason != "customer asked" || last.Cause != "refund: bank transfer 2026-11-22" {
		t.Errorf("after refund cancel: %s %q %q", got.Status, got.CancelReason, last.Cause)
	}
	if n := len(f.outbox(mail.KindOrderCancelled)); n != 1 {
		t.Errorf("%d cancel e-mails", n)
	}
}

func TestOrdersCancelSentRefused(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	f.setStatus(o, order.Paid, order.Sent)
	f.fails(fmt.Sprintf("order #%d is sent: illegal status transition", o.ID), "orders", "cancel", fmt.Sprint(o.ID), "--reason", "x", "--refund", "y")
	f.fails("illegal status transition", "orders", "cancel", fmt.Sprint(o.ID), "--reason", "x")
	if got := f.order(o.Hash); got.Status != order.Sent {
		t.Errorf("status %s", got.Status)
	}
	if n := len(f.outbox(mail.KindOrderCancelled)); n != 0 {
		t.Errorf("%d cancel e-mails", n)
	}
}

// TestOrdersCancelPendingPayment: payment_pending may be cancelled like
// placed.
func TestOrdersCancelPendingPayment(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	f.setStatus(o, order.PaymentPending)
	f.ok("orders", "cancel", o.Hash, "--reason", "no payment")
	if got := f.order(o.Hash); got.Status != order.Cancelled {
		t.Errorf("status %s", got.Status)
	}
}

// sheetName is how the build sheet names a catalogue entry: the English
// name with the id.
func sheetName(names map[string]string, id string) string {
	return names["en"] + " [" + id + "]"
}

// TestOrdersShowPartNames: every part of every slot of the real catalogue,
// and every generator, appears on the build sheet under its English name,
// never as the bare id. (Parts whose name is their id capitalised,
// "Ancient" and "Spike", printed as "ancient" and "spike".)
func TestOrdersShowPartNames(t *testing.T) {
	f := newFixture(t)
	most := len(f.cat.Creator.Generators)
	for _, s := range f.cat.Creator.Slots {
		most = max(most, len(s.Options))
	}
	seen := map[string]bool{}
	for i := range most {
		design := order.DefaultCreator(f.cat)
		for _, s := range f.cat.Creator.Slots {
			design.Parts[s.ID] = s.Options[i%len(s.Options)].ID
		}
		gens := f.cat.Creator.Generators
		design.Generator = gens[i%len(gens)].ID
		o := f.place("pl", customer("Anna", "anna@example.com", "pl"), order.ItemRequest{Creator: &design, Quantity: 1})
		out := f.ok("orders", "show", o.Hash)
		sheet := out[strings.Index(out, "BUILD SHEET"):]
		values := map[string]string{}
		for _, l := range lines(sheet)[1:] {
			if k, v, ok := strings.Cut(strings.TrimSpace(l), ":"); ok {
				values[k] = strings.TrimSpace(v)
			}
		}
		for _, s := range f.cat.Creator.Slots {
			p, _ := s.Part(design.Parts[s.ID])
			got := values[s.Names["en"]]
			if name := p.Names["en"]; name == "" || !strings.HasPrefix(got, name+" ") || got == p.ID {
				t.Errorf("%s %s: sheet says %q, want the name %q first", s.ID, p.ID, got, name)
			}
			seen[s.ID+"/"+p.ID] = true
		}
		g, _ := f.cat.Generator(design.Generator)
		if got := values["Generator"]; !strings.HasPrefix(got, g.Names["en"]+" ") {
			t.Errorf("generator %s: sheet says %q, want %q first", g.ID, got, g.Names["en"])
		}
	}
	for _, s := range f.cat.Creator.Slots {
		for _, p := range s.Options {
			if !seen[s.ID+"/"+p.ID] {
				t.Errorf("%s %s never printed", s.ID, p.ID)
			}
		}
	}
}

// TestOrderHashStartingWithDash: a status hash is URL-safe base64, so one
// in 64 begins with "-"; it is still an order reference, not a flag,
// wherever it stands, while a flag's value that looks like one stays the
// value.
func TestOrderHashStartingWithDash(t *testing.T) {
	f := newFixture(t)
	f.nextHash = "-VMsxTqeE45P2ntiZpdd4_ff"
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	if !order.ValidHash(o.Hash) {
		t.Fatalf("test hash %q is not a valid hash", o.Hash)
	}
	if out := f.ok("orders", "show", o.Hash); !strings.Contains(out, "Hash       "+o.Hash) {
		t.Errorf("show:\n%s", out)
	}
	f.ok("orders", "cancel", "--reason", "-abcdefghijklmnopqrstuvw", o.Hash)
	if got := f.order(o.Hash); got.Status != order.Cancelled || got.CancelReason != "-abcdefghijklmnopqrstuvw" {
		t.Errorf("after cancel: %s %q", got.Status, got.CancelReason)
	}
	f.usage("not defined: -nonsense", "orders", "show", "-nonsense")
}
