package mail

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"sabershop/internal/mail/outbox"
)

// Outbox is the store's queue of rendered messages (implemented by the
// store package). Due returns up to limit undelivered messages whose
// NextTry is not after now, oldest first; Retry records a failed attempt
// (incrementing Attempts) and when to try next.
type Outbox interface {
	Due(now time.Time, limit int) ([]*outbox.Message, error)
	Delivered(id uint64) error
	Retry(id uint64, next time.Time, errMsg string) error
}

// Defaults of Worker's optional fields.
const (
	DefaultPoll  = 2 * time.Second
	DefaultBatch = 20

	firstRetry = 10 * time.Second
	maxRetry   = time.Hour

	// sendTimeout bounds one delivery; it also bounds how long shutdown
	// waits for the message in flight.
	sendTimeout = 2 * time.Minute
	maxErrLen   = 500
)

// Worker drains the outbox: every Poll, or at once after Kick. A failed
// delivery stays in the outbox with a later NextTry (Backoff), so an SMTP
// outage delays mail and loses none. Outbox, Sender and Log are required;
// the rest have defaults.
type Worker struct {
	Outbox  Outbox
	Sender  Sender
	Log     *slog.Logger
	Now     func() time.Time                 // time.Now
	Backoff func(attempts int) time.Duration // DefaultBackoff
	Poll    time.Duration                    // DefaultPoll
	Batch   int                              // DefaultBatch
	// Prepare renders a message queued without its body (a job: kind,
	// locale, recipient and Ref; see outbox.Message.Pending) just before
	// it is sent. The order e-mail is queued that way so that rendering
	// stays out of the shopper's request.
	Prepare func(ctx context.Context, m *outbox.Message) error
	// Attach renders the files a message names
	// (outbox.Message.Documents) just before it is sent; nil sends such a
	// message without them.
	Attach func(ctx context.Context, m *outbox.Message) error
	// Busy, when set, says shoppers' requests are being answered; the
	// worker then waits (up to busyWait per message) so e-mail never takes
	// CPU from a checkout. Under endless load messages still go out.
	Busy func() bool
	// Demo marks every message sent as a demo shop's (MarkDemo).
	Demo bool

	kickOnce sync.Once
	kick     chan struct{}
	// pending are sent messages, as they went out, not yet marked
	// delivered; only the goroutine running DrainOnce touches it.
	pending []*outbox.Message
}

// DefaultBackoff waits ~10 s after the first failure and doubles per
// attempt up to an hour, with ±20 % jitter so that messages that failed
// together do not retry in lockstep.
func DefaultBackoff(attempts int) time.Duration {
	d := maxRetry
	if attempts < 1 {
		attempts = 1
	}
	if attempts <= 20 { // 10 s << 19 is far past the cap; avoid overflow
		if b := firstRetry << (attempts - 1); b < maxRetry {
			d = b
		}
	}
	j := time.Duration(float64(d) * (0.8 + 0.4*rand.Float64()))
	return min(j, maxRetry)
}

func (w *Worker) kickCh() chan struct{} {
	w.kickOnce.Do(func() { w.kick = make(chan struct{}, 1) })
	return w.kick
}

// Kick wakes Run for an immediate drain (after an order, say). It never
// blocks: a pending kick already covers this one.
func (w *Worker) Kick() {
	select {
	case w.kickCh() <- struct{}{}:
	default:
	}
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return time.Now()
}

// Run drains the outbox until ctx is done. The message being sent when
// ctx ends is finished (within sendTimeout) and recorded; nothing new
// starts.
func (w *Worker) Run(ctx context.Context) {
	poll := w.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	kick := w.kickCh()
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-kick:
		}
		if _, _, err := w.DrainOnce(ctx); err != nil && ctx.Err() == nil {
			w.Log.Error("mail outbox", "error", err)
		}
		t.Reset(poll)
	}
}

// DrainOnce sends every message due now, in batches, and returns how many
// were sent and how many failed (and were rescheduled). err is an outbox
// error; a delivery failure is counted, not returned. It stops early when
// ctx is done, after the message in flight.
func (w *Worker) DrainOnce(ctx context.Context) (sent, failed int, err error) {
	batch := w.Batch
	if batch <= 0 {
		batch = DefaultBatch
	}
	// A message rescheduled into the past (a zero Backoff, a clock step)
	// comes back in the same drain; seen makes each one go once, and
	// asking for len(seen) more lets the ones behind it through.
	seen := map[uint64]bool{}
	for ctx.Err() == nil {
		limit := batch + len(seen)
		due, err := w.Outbox.Due(w.now(), limit)
		if err != nil {
			return sent, failed, err
		}
		fresh := 0
		for _, m := range due {
			if ctx.Err() != nil {
				break
			}
			if seen[m.ID] {
				continue
			}
			seen[m.ID] = true
			fresh++
			ok, err := w.deliver(ctx, m)
			if err != nil {
				return sent, failed, err
			}
			if ok {
				sent++
			} else {
				failed++
			}
		}
		if err := w.markDelivered(); err != nil {
			return sent, failed, err
		}
		if len(due) < limit || fresh == 0 || ctx.Err() != nil {
			return sent, failed, nil
		}
	}
	return sent, failed, nil
}

// DeliveredAller is an Outbox that marks many messages delivered at once;
// the worker then records each round of sends in one transaction, with
// each message as it went out (a job rendered, marked as a demo).
type DeliveredAller interface {
	DeliveredAll(msgs []*outbox.Message) error
}

// markDelivered records the messages sent since the last call.
func (w *Worker) markDelivered() error {
	msgs := w.pending
	w.pending = nil
	if len(msgs) == 0 {
		return nil
	}
	var err error
	if all, ok := w.Outbox.(DeliveredAller); ok {
		err = all.DeliveredAll(msgs)
	} else {
		for _, m := range msgs {
			if err = w.Outbox.Delivered(m.ID); err != nil {
				break
			}
		}
	}
	if err != nil {
		// Sent but not marked: they will go out again, which beats losing them.
		w.Log.Error("mail sent but not marked delivered", "count", len(msgs), "error", err)
	}
	return err
}

// deliver sends one message and records the outcome. It reports whether
// the message went out; err is an outbox failure.
func (w *Worker) deliver(ctx context.Context, m *outbox.Message) (bool, error) {
	w.yield(ctx)
	// Detached from ctx: a shutdown must not cut a conversation in half
	// (the server may have accepted DATA), only stop the next one.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendTimeout)
	var sendErr error
	if m.Pending() {
		if w.Prepare == nil {
			sendErr = errors.New("mail: a queued job without a Prepare hook")
		} else {
			sendErr = w.Prepare(sctx, m)
		}
	}
	out := m
	if sendErr == nil && len(m.Documents) > 0 && w.Attach != nil {
		sendErr = w.Attach(sctx, m)
	}
	if sendErr == nil {
		if w.Demo {
			out, sendErr = MarkDemo(m)
		}
		if sendErr == nil {
			sendErr = w.Sender.Send(sctx, out)
		}
	}
	cancel()
	// Never the body, subject or address: they hold customers' data.
	attrs := []any{"kind", m.Kind, "id", m.ID, "ref", redact(m.Ref)}
	if sendErr == nil {
		w.pending = append(w.pending, out) // recorded by markDelivered after the round
		w.Log.Info("mail sent", append(attrs, "attempts", m.Attempts+1)...)
		return true, nil
	}
	attempts := m.Attempts + 1
	backoff := w.Backoff
	if backoff == nil {
		backoff = DefaultBackoff
	}
	next := w.now().Add(backoff(attempts))
	msg := sendErr.Error()
	if len(msg) > maxErrLen {
		msg = strings.ToValidUTF8(msg[:maxErrLen], "")
	}
	w.Log.Warn("mail not sent, will retry", append(attrs, "attempts", attempts, "next", next, "error", sendErr)...)
	if err := w.Outbox.Retry(m.ID, next, msg); err != nil {
		return false, err
	}
	return false, nil
}

// busyWait bounds how long one message waits for the shop to be quiet.
const busyWait = 2 * time.Second

// yield waits while Busy says requests are in flight, at most busyWait.
func (w *Worker) yield(ctx context.Context) {
	if w.Busy == nil {
		return
	}
	deadline := time.Now().Add(busyWait)
	for w.Busy() && time.Now().Before(deadline) {
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// redact shortens a reference for logs: an order hash or subscriber token
// is the only key to what it names, so logs carry a recognisable prefix only.
func redact(ref string) string {
	if len(ref) <= 6 {
		return ref
	}
	return ref[:4] + "…"
}
