package admin_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"sabershop/internal/admin"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
	"sabershop/internal/store"
)

// withTpay gives the fixture's commands the daemon's providers: tpay
// against its local fake.
func (f *fixture) withTpay() (*tpaytest.Server, *tpay.Provider) {
	f.t.Helper()
	fake, err := tpaytest.NewServer(tpaytest.Options{})
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(fake.Close)
	p, err := tpay.New(fake.Config())
	if err != nil {
		f.t.Fatal(err)
	}
	reg, err := payment.NewRegistry(p)
	if err != nil {
		f.t.Fatal(err)
	}
	svc, err := orders.New(orders.Config{Store: f.db, Catalog: f.env.Catalog, BaseURL: testBaseURL, Payments: reg,
		Now: f.env.Now, Kick: f.env.Kick})
	if err != nil {
		f.t.Fatal(err)
	}
	f.env.Orders = svc
	return fake, p
}

// paidByTpay places a Polish order and pays it by bank transfer on the
// fake, recording the paid attempt as the API does.
func (f *fixture) paidByTpay(fake *tpaytest.Server, p *tpay.Provider) *order.Order {
	f.t.Helper()
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	res, err := p.Start(context.Background(), payment.StartRequest{
		Order:  payment.Order{Hash: o.Hash, ID: o.ID, Amount: o.Totals.Total, Currency: o.Currency, Email: o.Customer.Email, Name: "Anna Nowak", Description: "order"},
		Method: payment.Bank, ReturnURL: testBaseURL + o.StatusPath(), NotifyURL: testBaseURL + "/v1/webhooks/tpay",
	})
	if err != nil {
		f.t.Fatal(err)
	}
	if err := fake.Pay(res.Reference); err != nil {
		f.t.Fatal(err)
	}
	err = f.db.UpdateNow(func(tx *store.Tx) error {
		cur, err := tx.Order(o.Hash)
		if err != nil {
			return err
		}
		a := cur.StartAttempt("att-1", "tpay", "bank", testNow)
		a.Reference = res.Reference
		cur.PaidBy(a)
		if _, err := cur.Transition(order.Paid, testNow, "tpay: paid"); err != nil {
			return err
		}
		o = cur
		return tx.PutOrder(cur)
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return o
}

// orderd orders refund through the daemon's socket: a part, the same
// command again (one refund), the rest (the order cancelled), a refusal
// of more than is left; orders show lists them.
func TestRefundCommandThroughTheSocket(t *testing.T) {
	f := newFixture(t)
	fake, p := f.withTpay()
	o := f.paidByTpay(fake, p)
	id := strconv.FormatUint(o.ID, 10)
	_, c := f.serve()
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := c.Run(args, &out)
		return out.String(), err
	}

	out, err := run("orders", "refund", id, "--amount", "50.00", "--reason", "Scratch on the grip")
	if err != nil || !strings.Contains(out, "order #"+id+": refunded 50.00 PLN through tpay") ||
		!strings.Contains(out, "left to refund: "+amountText(o.Totals.Total-5000)) || !strings.Contains(out, "e-mail to anna@example.com queued") {
		t.Fatalf("partial: %v\n%s", err, out)
	}
	out, err = run("orders", "refund", id, "--amount", "50.00", "--reason", "Scratch on the grip")
	if err != nil || !strings.Contains(out, "this refund was made already") {
		t.Fatalf("repeat: %v\n%s", err, out)
	}
	if got := fake.Refunds(o.Attempts[0].Reference); len(got) != 1 {
		t.Fatalf("tpay has %d refunds after the repeat", len(got))
	}
	if _, err := run("orders", "refund", id, "--amount", "10000.00"); err == nil || !strings.Contains(err.Error(), "above what is left") {
		t.Errorf("above what is left: %v", err)
	}
	out, err = run("orders", "refund", "#"+id)
	if err != nil || !strings.Contains(out, "the order is now cancelled") || !strings.Contains(out, "left to refund: 0.00 PLN") {
		t.Fatalf("the rest: %v\n%s", err, out)
	}
	if got := f.order(o.Hash); got.Status != order.Cancelled || got.Refunded() != o.Totals.Total {
		t.Errorf("order %s, refunded %d", got.Status, got.Refunded())
	}
	if n := len(f.outbox(mail.KindRefundIssued)); n != 2 {
		t.Errorf("%d refund e-mails, want 2", n)
	}
	out, err = run("orders", "show", id)
	if err != nil || !strings.Contains(out, "Refunds\n") || !strings.Contains(out, "done      50.00 PLN through tpay") ||
		!strings.Contains(out, ": Scratch on the grip") {
		t.Errorf("orders show: %v\n%s", err, out)
	}
	if f.kicks.Load() < 2 {
		t.Errorf("the e-mail worker was kicked %d times", f.kicks.Load())
	}
}

// A refusal by Tpay is printed as one and changes nothing.
func TestRefundCommandRefused(t *testing.T) {
	f := newFixture(t)
	fake, p := f.withTpay()
	o := f.paidByTpay(fake, p)
	// Refunded in Tpay's panel meanwhile: Tpay has less left than the shop.
	if _, err := p.Refund(context.Background(), payment.RefundRequest{Reference: o.Attempts[0].Reference, Amount: 100, Currency: "PLN"}); err != nil {
		t.Fatal(err)
	}
	f.fails("tpay refused the refund of "+amountText(o.Totals.Total)+"; nothing changed", "orders", "refund", strconv.FormatUint(o.ID, 10))
	got := f.order(o.Hash)
	if got.Status != order.Paid || len(got.Refunds) != 1 || got.Refunds[0].State != order.RefundRefused || len(f.outbox(mail.KindRefundIssued)) != 0 {
		t.Errorf("status %s, refunds %+v", got.Status, got.Refunds)
	}
	if out := f.ok("orders", "show", strconv.FormatUint(o.ID, 10)); !strings.Contains(out, "refused") || !strings.Contains(out, "amount_exceeded") {
		t.Errorf("orders show:\n%s", out)
	}
}

// Without the daemon (no providers) the command says it needs one;
// mistakes in the command line are usage errors.
func TestRefundCommandNeedsTheDaemon(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	id := strconv.FormatUint(o.ID, 10)
	f.fails("needs the running daemon", "orders", "refund", id)
	f.usage("want a positive amount", "orders", "refund", id, "--amount", "abc")
	f.usage("want a positive amount", "orders", "refund", id, "--amount", "0")
	f.usage("give one order ID or hash", "orders", "refund")
	var out bytes.Buffer
	err := admin.Run(context.Background(), f.env, []string{"orders", "refund", id}, &out)
	var u *admin.UsageError
	if err == nil || errors.As(err, &u) {
		t.Errorf("offline: %v", err)
	}
}

func amountText(minor int64) string {
	return strconv.FormatInt(minor/100, 10) + "." + strconv.FormatInt(minor%100/10, 10) + strconv.FormatInt(minor%10, 10) + " PLN"
}
