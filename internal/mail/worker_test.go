package mail

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/mail/mailtest"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/testutil"
)

// memOutbox is a test double of the store's outbox with the same contract:
// Due returns copies of undelivered messages whose NextTry is not after
// now, oldest first; Retry counts the attempt; unknown ids are errors.
type memOutbox struct {
	mu        sync.Mutex
	msgs      map[uint64]*outbox.Message
	delivered map[uint64]bool
	nextID    uint64
}

func newMemOutbox() *memOutbox {
	return &memOutbox{msgs: map[uint64]*outbox.Message{}, delivered: map[uint64]bool{}}
}

func (o *memOutbox) add(m *outbox.Message) uint64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.nextID++
	c := *m
	c.ID = o.nextID
	c.NextTry = c.Created
	o.msgs[c.ID] = &c
	return c.ID
}

func (o *memOutbox) Due(now time.Time, limit int) ([]*outbox.Message, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []*outbox.Message
	for id, m := range o.msgs {
		if !o.delivered[id] && !m.NextTry.After(now) {
			c := *m
			out = append(out, &c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (o *memOutbox) Delivered(id uint64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.msgs[id] == nil {
		return fmt.Errorf("outbox: no message %d", id)
	}
	o.delivered[id] = true
	return nil
}

func (o *memOutbox) Retry(id uint64, next time.Time, errMsg string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	m := o.msgs[id]
	if m == nil {
		return fmt.Errorf("outbox: no message %d", id)
	}
	m.Attempts++
	m.NextTry, m.LastErr = next, errMsg
	return nil
}

func (o *memOutbox) get(id uint64) (outbox.Message, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return *o.msgs[id], o.delivered[id]
}

// askedOutbox tells on asked each time Due has answered (it keeps one
// signal; more are dropped), so that a test knows a drain has looked.
type askedOutbox struct {
	*memOutbox
	asked chan struct{}
}

func (o *askedOutbox) Due(now time.Time, limit int) ([]*outbox.Message, error) {
	due, err := o.memOutbox.Due(now, limit)
	select {
	case o.asked <- struct{}{}:
	default:
	}
	return due, err
}

// clock is a settable Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
func (c *clock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func discardLog() *slog.Logger       { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
func logTo(w io.Writer) *slog.Logger { return slog.New(slog.NewTextHandler(w, nil)) }
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }
func (s *syncBuf) String() string              { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// The SMTP server is down, then answers 451, then works: the message stays
// in the outbox with growing delays and is delivered once, in the end.
func TestWorkerRetriesThroughOutage(t *testing.T) {
	addr := freeAddr(t) // nothing listens here yet
	ob := newMemOutbox()
	m, err := OrderPlaced(testCatalog(), testOrder("de"), statusURL)
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: m.Created.Add(time.Second)}
	id := ob.add(m)
	var logs syncBuf
	w := &Worker{Outbox: ob, Sender: smtpSender(t, addr, "", ""), Log: logTo(&logs), Now: clk.Now}

	// 1. Connection refused.
	sent, failed, err := w.DrainOnce(context.Background())
	if sent != 0 || failed != 1 || err != nil {
		t.Fatalf("server down: sent=%d failed=%d err=%v", sent, failed, err)
	}
	st, done := ob.get(id)
	if done || st.Attempts != 1 || st.LastErr == "" {
		t.Fatalf("after a refused connection: %+v delivered=%v", st, done)
	}
	if d := st.NextTry.Sub(clk.Now()); d < 8*time.Second || d > 12*time.Second {
		t.Errorf("first retry in %v, want about 10s", d)
	}
	// Not due yet: nothing happens.
	if sent, failed, _ := w.DrainOnce(context.Background()); sent+failed != 0 {
		t.Errorf("drained a message before its NextTry")
	}

	// 2. The server is back but answers 451.
	srv := mailtest.Start(t, mailtest.Options{Addr: addr})
	srv.SetTempFail(true)
	clk.Set(st.NextTry)
	if sent, failed, err := w.DrainOnce(context.Background()); sent != 0 || failed != 1 || err != nil {
		t.Fatalf("451: sent=%d failed=%d err=%v", sent, failed, err)
	}
	st, _ = ob.get(id)
	if st.Attempts != 2 || !strings.Contains(st.LastErr, "451") {
		t.Errorf("after 451: attempts=%d last error %q", st.Attempts, st.LastErr)
	}
	if d := st.NextTry.Sub(clk.Now()); d < 16*time.Second || d > 24*time.Second {
		t.Errorf("second retry in %v, want about 20s", d)
	}

	// 3. Healthy again.
	srv.SetTempFail(false)
	clk.Set(st.NextTry)
	if sent, failed, err := w.DrainOnce(context.Background()); sent != 1 || failed != 0 || err != nil {
		t.Fatalf("recovered: sent=%d failed=%d err=%v", sent, failed, err)
	}
	if _, done := ob.get(id); !done {
		t.Error("not marked delivered")
	}
	if got := srv.Received(); len(got) != 1 || got[0].To[0] != "anna@example.com" {
		t.Errorf("server received %d messages", len(got))
	}
	if sent, failed, _ := w.DrainOnce(context.Background()); sent+failed != 0 {
		t.Error("a delivered message was sent again")
	}
	// Logs say what happened but carry no body, subject or address.
	out := logs.String()
	for _, want := range []string{"kind=order_placed", "ref=" + m.Ref[:4] + "…", "attempts=3", "451"} {
		if !strings.Contains(out, want) {
			t.Errorf("logs lack %q:\n%s", want, out)
		}
	}
	for _, secret := range []string{"anna@example.com", "Anna", m.Subject, "Gesamtbetrag", m.Ref} {
		if strings.Contains(out, secret) {
			t.Errorf("logs leak %q", secret)
		}
	}
}

// Run drains at start and after Kick, and returns when its context ends.
func TestWorkerRunKick(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	ob := &askedOutbox{memOutbox: newMemOutbox(), asked: make(chan struct{}, 1)}
	w := &Worker{Outbox: ob, Sender: smtpSender(t, srv.Addr, "", ""), Log: discardLog(), Poll: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { w.Run(ctx); close(stopped) }()

	m, err := SubscribeConfirm(testCatalog(), Subscriber{Email: "fan@example.com", Locale: "pl", Token: "t"}, "https://saberforge.example/confirm")
	if err != nil {
		t.Fatal(err)
	}
	m.Created = time.Now().Add(-time.Second)
	// The first drain has found the outbox empty: only Kick can send what
	// comes after.
	select {
	case <-ob.asked:
	case <-testutil.UntilDeadline(t):
		t.Fatal("Run did not drain at start")
	}
	ob.add(m)
	w.Kick()
	w.Kick() // never blocks
	testutil.Eventually(t, "the kicked drain to deliver the message", func() error {
		if len(srv.Received()) == 0 {
			return errors.New("the server received nothing")
		}
		return nil
	})
	if len(srv.Received()) != 1 {
		t.Fatal("Kick did not deliver the message")
	}
	cancel()
	select {
	case <-stopped:
	case <-testutil.UntilDeadline(t):
		t.Fatal("Run did not return after cancel")
	}
}

// blockingSender holds a send until released, to test shutdown.
type blockingSender struct {
	started, release chan struct{}
	ctxErr           error
}

func (b *blockingSender) Send(ctx context.Context, m *outbox.Message) error {
	close(b.started)
	<-b.release
	b.ctxErr = ctx.Err()
	return nil
}

// Cancelling Run mid-send lets the send finish and records it delivered;
// the next message is left for later.
func TestWorkerFinishesInFlight(t *testing.T) {
	ob := newMemOutbox()
	a := ob.add(&outbox.Message{Kind: "sale_start", To: "a@example.com"})
	b := ob.add(&outbox.Message{Kind: "sale_start", To: "b@example.com"})
	bs := &blockingSender{started: make(chan struct{}), release: make(chan struct{})}
	w := &Worker{Outbox: ob, Sender: bs, Log: discardLog()}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { w.Run(ctx); close(stopped) }()
	<-bs.started
	cancel()
	close(bs.release)
	<-stopped
	if bs.ctxErr != nil {
		t.Errorf("the send in flight saw its context cancelled: %v", bs.ctxErr)
	}
	if _, done := ob.get(a); !done {
		t.Error("the message in flight was not recorded delivered")
	}
	if st, done := ob.get(b); done || st.Attempts != 0 {
		t.Error("a new send started after cancel")
	}
}

// A zero backoff cannot make DrainOnce loop on a failing message.
func TestDrainOnceEachMessageOnce(t *testing.T) {
	ob := newMemOutbox()
	for i := 0; i < 5; i++ {
		ob.add(&outbox.Message{Kind: "x", To: "a@example.com"})
	}
	fail := SenderFunc(func(context.Context, *outbox.Message) error { return fmt.Errorf("down") })
	w := &Worker{Outbox: ob, Sender: fail, Log: discardLog(), Batch: 2, Backoff: func(int) time.Duration { return 0 }}
	sent, failed, err := w.DrainOnce(context.Background())
	if sent != 0 || failed != 5 || err != nil {
		t.Errorf("sent=%d failed=%d err=%v, want 0, 5, nil", sent, failed, err)
	}
}

// SenderFunc adapts a function to Sender (tests only).
type SenderFunc func(context.Context, *outbox.Message) error

func (f SenderFunc) Send(ctx context.Context, m *outbox.Message) error { return f(ctx, m) }

func TestDefaultBackoff(t *testing.T) {
	prevMax := time.Duration(0)
	for n := 1; n <= 40; n++ {
		base := min(firstRetry<<min(n-1, 20), time.Hour)
		for i := 0; i < 20; i++ {
			d := DefaultBackoff(n)
			if d < base*8/10 || d > base*12/10 || d > time.Hour {
				t.Fatalf("DefaultBackoff(%d) = %v, want %v ±20%% and at most 1h", n, d, base)
			}
			prevMax = max(prevMax, d)
		}
	}
	if prevMax < 50*time.Minute {
		t.Errorf("backoff never approached the 1h cap: %v", prevMax)
	}
}
