package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/invoice"
	"sabershop/internal/ksef"
	"sabershop/internal/ksef/fa3"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// Sending documents to KSeF, Poland's national e-invoicing system
// (docs/decisions/ksef.md). A document bound for KSeF (invoice.InKSeF) is
// queued in the transaction that issues it; SendKSeF hands the queue to
// KSeF outside any transaction, writing each step's answer before taking
// the next, so a sender killed anywhere resumes where it stopped:
//
//  1. the FA(3) XML is made once and kept with its hash (a resend is the
//     same bytes, so KSeF and the QR code know one invoice);
//  2. the session is written before the invoice is sent into it;
//  3. KSeF's reference of the invoice is written once it answers;
//  4. the invoice's status is polled until KSeF accepts it (its KSeF
//     number, the UPO and the buyer's e-mail are stored in one
//     transaction) or refuses it (the reason is kept, the owner told).
//
// A sender that stopped between 2 and 3 looks for the invoice in the
// session's list by its hash before sending it again; and KSeF refuses a
// second invoice of the same seller, kind and number (status 440), naming
// the first, which is then taken as this one's.

// Timing of the KSeF queue.
const (
	ksefPoll     = 2 * time.Second  // a sent invoice's status, while KSeF checks it
	ksefBackoff  = 30 * time.Second // the first retry after an outage, doubled each time
	ksefMaxWait  = time.Hour        // the longest wait between tries
	ksefEvery    = time.Minute      // the loop's look at the queue without a kick
	ksefBlocked  = time.Minute      // a correction waiting for its invoice's KSeF number
	ksefAuthWait = 15 * time.Minute // a token KSeF refused: the owner must act
	// ksefOfflineAfter is how long a document waits for KSeF through an
	// outage, since it was queued, before it is handed over in KSeF's
	// offline24 mode (when the owner configured an Offline certificate):
	// long enough that a blip or a slow minute of KSeF never makes an
	// offline invoice (each one is a second QR code and a duty to send it
	// by the next working day), short enough that the buyer, who just
	// paid, gets the invoice while still looking for it.
	ksefOfflineAfter = 10 * time.Minute
)

// ErrKSeFPending is returned when a document bound for KSeF is asked for
// (its PDF, its UPO) before KSeF accepted it: an invoice in KSeF is handed
// over with its KSeF number, or in the offline24 mode with its two QR
// codes, never before.
var ErrKSeFPending = errors.New("orders: the document is not in KSeF yet")

// ErrNotRefused is returned by RetryKSeF for a document KSeF did not
// refuse (it is accepted, on its way, or outside KSeF).
var ErrNotRefused = errors.New("orders: KSeF did not refuse this document")

// bindKSeF marks d, about to be issued, as bound for KSeF when the
// owner's setting sends it there; queueKSeF queues it once numbered.
func (s *Service) bindKSeF(d *accounting.Document) {
	if invoice.InKSeF(d, s.cfg.Catalog()) {
		d.KSeF = &accounting.KSeF{State: accounting.KSeFWaiting}
	}
}

// queueKSeF queues issued document d in tx when it is bound for KSeF.
func (s *Service) queueKSeF(tx *store.Tx, d *accounting.Document, now time.Time) error {
	if d.KSeF == nil {
		return nil
	}
	// Woken once the document is committed: a kick inside the
	// transaction let the loop look before the queue held it, and the
	// document waited for the loop's next round (a minute).
	tx.OnCommit(s.kickKSeF)
	return tx.QueueKSeF(d.Number, now)
}

// kickKSeF wakes RunKSeF without waiting.
func (s *Service) kickKSeF() {
	select {
	case s.ksefKick <- struct{}{}:
	default:
	}
}

// RunKSeF sends the KSeF queue (SendKSeF) until ctx ends: at start, when a
// document is queued, when the next try is due, and every minute.
func (s *Service) RunKSeF(ctx context.Context) {
	for {
		next, err := s.SendKSeF(ctx)
		if err != nil && !errors.Is(err, context.Canceled) {
			s.cfg.Log.Error("ksef", "err", err)
		}
		wait := ksefEvery
		if !next.IsZero() {
			wait = min(max(next.Sub(s.now()), 100*time.Millisecond), ksefEvery)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		case <-s.ksefKick:
			t.Stop()
		}
	}
}

// SendKSeF takes every due document of the KSeF queue one step or more
// toward KSeF's answer, and returns when the next queued document is due
// (zero: none waits). One run at a time; without a KSeF client (the
// owner's commands without the daemon) documents wait. The session stays
// open while documents wait (KSeF keeps one 12 hours) and is closed when
// the queue is empty, which makes KSeF issue the session's UPO.
func (s *Service) SendKSeF(ctx context.Context) (next time.Time, err error) {
	if s.cfg.KSeF == nil {
		return time.Time{}, nil
	}
	s.ksefMu.Lock()
	defer s.ksefMu.Unlock()
	due, err := s.cfg.Store.KSeFDue(s.now())
	if err != nil {
		return time.Time{}, err
	}
	run := &ksefRun{s: s}
	for _, j := range due {
		if ctx.Err() != nil {
			return time.Time{}, ctx.Err()
		}
		if err := run.step(ctx, j); err != nil {
			s.cfg.Log.Error("ksef: document", "document", j.Document, "err", err)
		}
	}
	if next, err = s.nextKSeF(); err == nil && next.IsZero() {
		s.closeKSeFSession()
	}
	return next, err
}

// closeKSeFSession closes the open session, if any.
func (s *Service) closeKSeFSession() {
	if s.ksefSession == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.ksefSession.Close(ctx); err != nil {
		s.cfg.Log.Warn("ksef: closing the session", "session", s.ksefSession.Ref(), "err", err)
	}
	s.ksefSession = nil
}

// nextKSeF is when the next queued document is due.
func (s *Service) nextKSeF() (time.Time, error) {
	var next time.Time
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		jobs, err := tx.KSeFQueue()
		for _, j := range jobs {
			if next.IsZero() || j.NextTry.Before(next) {
				next = j.NextTry
			}
		}
		return err
	})
	return next, err
}

// ksefRun is one SendKSeF's work on the queue, under ksefMu: the
// service's open session (ksefSession) is its to use and replace.
type ksefRun struct {
	s *Service
}

// session is the open session, or a new one; one past its validity is
// replaced.
func (r *ksefRun) session(ctx context.Context) (*ksef.Session, error) {
	s := r.s
	if s.ksefSession != nil && !s.ksefSession.ValidUntil.IsZero() && !s.now().Add(time.Minute).Before(s.ksefSession.ValidUntil) {
		s.ksefSession = nil
	}
	if s.ksefSession == nil {
		sess, err := s.cfg.KSeF.Open(ctx)
		if err != nil {
			return nil, err
		}
		s.ksefSession = sess
	}
	return s.ksefSession, nil
}

// step takes job j one step: poll a sent invoice, find one whose sending
// was cut off, or send.
func (r *ksefRun) step(ctx context.Context, j *store.KSeFJob) error {
	s := r.s
	d, err := s.document(j.Document)
	if err != nil {
		return err
	}
	if st := d.KSeF; st == nil || (st.State != accounting.KSeFWaiting && st.State != accounting.KSeFSent && st.State != accounting.KSeFOffline) {
		return s.cfg.Store.Update(func(tx *store.Tx) error { return tx.SetDocumentKSeF(d) })
	}
	if j.Invoice == "" && j.Session != "" {
		ref, found, err := s.cfg.KSeF.FindByHash(ctx, j.Session, d.KSeF.Hash)
		if err != nil && !errors.Is(err, ksef.ErrSessionClosed) && !isNotFound(err) {
			return r.outage(j, d, err)
		}
		if found {
			j.Invoice = ref
			if err := r.save(j, d, accounting.KSeFSent); err != nil {
				return err
			}
		} else {
			j.Session = ""
		}
	}
	if j.Invoice != "" {
		return r.poll(ctx, j, d)
	}
	return r.send(ctx, j, d)
}

// refusal reports whether err, KSeF's answer to sending an invoice, refuses
// the invoice itself (a documented 4xx about it), not the sender: an
// outage, a rate limit, the token or a closed session leave it waiting.
func refusal(err error) (*ksef.APIError, bool) {
	var api *ksef.APIError
	var limited *ksef.RateLimited
	switch {
	case errors.Is(err, ksef.ErrSessionClosed), errors.Is(err, ksef.ErrUnauthorized), errors.Is(err, ksef.ErrUnavailable),
		errors.As(err, &limited), !errors.As(err, &api):
		return nil, false
	}
	return api, api.Status >= 400 && api.Status < 500 && api.Status != 404 && api.Status != 408
}

// isNotFound reports a 404 from KSeF: a session it does not know.
func isNotFound(err error) bool {
	var api *ksef.APIError
	return errors.As(err, &api) && api.Status == 404
}

// send makes (once) and sends d's XML in this run's session.
func (r *ksefRun) send(ctx context.Context, j *store.KSeFJob, d *accounting.Document) error {
	s := r.s
	xml, wait, err := s.ksefXML(d)
	var unbuildable *buildError
	switch {
	case errors.As(err, &unbuildable):
		// The document cannot be written as FA(3) (a buyer's ID or a
		// country the schema does not take): the owner must look.
		return r.refuse(j, d, 0, unbuildable.Error())
	case err != nil:
		return r.failed(j, err)
	case wait != "":
		j.NextTry, j.Error = s.now().Add(ksefBlocked), wait
		return s.cfg.Store.Update(func(tx *store.Tx) error { return tx.PutKSeFJob(j) })
	}
	d.KSeF.Hash = ksef.Hash(xml)
	sess, err := r.session(ctx)
	if err != nil {
		return r.outage(j, d, err)
	}
	j.Session = sess.Ref()
	if err := r.save(j, d, accounting.KSeFWaiting); err != nil {
		return err
	}
	var ref string
	if d.KSeF.State == accounting.KSeFOffline {
		ref, err = sess.SendOffline(ctx, xml) // offlineMode: true
	} else {
		ref, err = sess.Send(ctx, xml)
	}
	if err != nil {
		if api, ok := refusal(err); ok {
			return r.refuse(j, d, api.Code, api.Error())
		}
		return r.outage(j, d, err)
	}
	j.Invoice, j.Error, j.NextTry = ref, "", s.now().Add(ksefPoll)
	return r.save(j, d, accounting.KSeFSent)
}

// buildError is fa3.Build's refusal of a document: a fault of its data,
// which no retry mends.
type buildError struct{ err error }

func (e *buildError) Error() string { return e.err.Error() }
func (e *buildError) Unwrap() error { return e.err }

// ksefXML is d's FA(3) XML as kept, or made and kept now. wait is why it
// cannot be made yet: a euro document waiting for its rate to złoty, or a
// correction of an invoice that waits for its own KSeF number. A
// *buildError is a document FA(3) cannot express.
func (s *Service) ksefXML(d *accounting.Document) (xml []byte, wait string, err error) {
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		xml, wait = nil, ""
		if d.NeedsRate() {
			wait = "waits for the exchange rate to złoty (NBP)"
			return nil
		}
		kept, err := tx.KSeFFile(d.Number, store.KSeFFileXML)
		if err == nil {
			xml = kept
			return nil
		}
		if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		var c *fa3.Corrected
		if d.Corrects != "" {
			inv, err := tx.DocumentByNumber(d.Corrects)
			if err != nil {
				return err
			}
			c = &fa3.Corrected{Number: inv.Number, Issued: inv.Issued}
			if inv.KSeF != nil {
				if inv.KSeF.State != accounting.KSeFAccepted {
					wait = fmt.Sprintf("waits for %s to be accepted by KSeF", inv.Number)
					return nil
				}
				c.KSeF = inv.KSeF.Number
			}
		}
		made, err := fa3.Build(d, c, s.now())
		if err != nil {
			return &buildError{err}
		}
		xml = made
		return tx.PutKSeFFile(d.Number, store.KSeFFileXML, made)
	})
	return xml, wait, err
}

// poll asks KSeF for sent d's status and takes its answer.
func (r *ksefRun) poll(ctx context.Context, j *store.KSeFJob, d *accounting.Document) error {
	s := r.s
	st, err := s.cfg.KSeF.InvoiceStatus(ctx, j.Session, j.Invoice)
	if err != nil {
		if errors.Is(err, ksef.ErrSessionClosed) || isNotFound(err) {
			// KSeF no longer knows the session (a local KSeF restarted):
			// send again; a duplicate is answered with the first's number.
			j.Session, j.Invoice = "", ""
		}
		return r.failed(j, err)
	}
	switch {
	case !st.Done():
		j.NextTry, j.Error = s.now().Add(ksefPoll), ""
		return s.cfg.Store.Update(func(tx *store.Tx) error { return tx.PutKSeFJob(j) })
	case st.OK():
		return r.accept(ctx, j, d, j.Session, st.KSeFNumber, st.Accepted)
	case st.OriginalKSeFNumber != "":
		// A duplicate: this invoice is already in KSeF, sent by a try
		// this queue did not see finish.
		return r.accept(ctx, j, d, st.OriginalSession, st.OriginalKSeFNumber, s.now())
	}
	reason := st.Description
	if len(st.Details) > 0 {
		reason += ": " + strings.Join(st.Details, "; ")
	}
	return r.refuse(j, d, st.Code, reason)
}

// accept stores d's KSeF number, its UPO and verification link, and
// queues the buyer's e-mail with the document, in one transaction.
func (r *ksefRun) accept(ctx context.Context, j *store.KSeFJob, d *accounting.Document, session, number string, at time.Time) error {
	s := r.s
	upo, err := s.cfg.KSeF.UPO(ctx, session, number)
	if err != nil {
		return r.failed(j, err)
	}
	cat := s.cfg.Catalog()
	k := *d.KSeF
	handedOver := k.State == accounting.KSeFOffline // the buyer has it already
	k.State, k.Number, k.Accepted, k.Code, k.Reason = accounting.KSeFAccepted, number, at.UTC(), 0, ""
	k.Link = ksef.InvoiceLink(ksef.Environment(cat.KSeF.Environment), ksef.NIP(d.Seller.TaxID), d.Issued, k.Hash)
	d.KSeF = &k
	return s.cfg.Store.Update(func(tx *store.Tx) error {
		if err := tx.PutKSeFFile(d.Number, store.KSeFFileUPO, upo); err != nil {
			return err
		}
		if err := tx.SetDocumentKSeF(d); err != nil {
			return err
		}
		if handedOver {
			return nil
		}
		o, err := tx.OrderByID(d.OrderID)
		if err != nil {
			return err
		}
		m, err := mail.DocumentIssued(cat, o, s.Link(o.StatusPath()), d.Number, number)
		if err != nil {
			return err
		}
		s.cfg.Kick()
		return tx.Enqueue(m)
	})
}

// refuse keeps KSeF's refusal of d (code, reason) and tells the owner;
// the document waits for the owner's retry (RetryKSeF) after the cause is
// fixed, never retried blindly.
func (r *ksefRun) refuse(j *store.KSeFJob, d *accounting.Document, code int, reason string) error {
	s := r.s
	cat := s.cfg.Catalog()
	k := *d.KSeF
	k.State, k.Code, k.Reason, k.Refused = accounting.KSeFRefused, code, reason, s.now()
	d.KSeF = &k
	s.cfg.Log.Warn("ksef: document refused", "document", d.Number, "code", code, "reason", reason)
	return s.cfg.Store.Update(func(tx *store.Tx) error {
		if err := tx.SetDocumentKSeF(d); err != nil {
			return err
		}
		o, err := tx.OrderByID(d.OrderID)
		if err != nil {
			return err
		}
		to := s.ownerAddress(cat)
		if to == "" {
			return nil
		}
		m, err := mail.OwnerDocumentRefused(cat, s.OwnerLocale(cat), to, o, s.deskLink(o), s.now(), d.Number, code, reason)
		if err != nil {
			return err
		}
		s.cfg.Kick()
		return tx.Enqueue(m)
	})
}

// failed schedules j's next try after err, an outage or a refusal of the
// sender (not of the document): KSeF's wait when it asks for one, else a
// doubling backoff; the reason stays on the job for the owner.
func (r *ksefRun) failed(j *store.KSeFJob, err error) error {
	r.schedule(j, err)
	return r.s.cfg.Store.Update(func(tx *store.Tx) error { return tx.PutKSeFJob(j) })
}

// schedule sets j's next try after err, as failed stores it.
func (r *ksefRun) schedule(j *store.KSeFJob, err error) {
	s := r.s
	j.Attempts++
	wait := min(ksefBackoff<<min(j.Attempts-1, 10), ksefMaxWait)
	var limited *ksef.RateLimited
	switch {
	case errors.As(err, &limited):
		wait = max(limited.RetryAfter, time.Second)
	case errors.Is(err, ksef.ErrUnauthorized):
		wait = max(wait, ksefAuthWait)
	case errors.Is(err, ksef.ErrSessionClosed):
		s.ksefSession, wait = nil, 0
	}
	j.NextTry, j.Error = s.now().Add(wait), err.Error()
	s.cfg.Log.Warn("ksef: try failed", "document", j.Document, "attempts", j.Attempts, "next_try", j.NextTry, "err", err)
}

// outage takes err, a failed try to send d, as failed does, and is the
// rule of the offline24 handover (docs/decisions/ksef.md): a document
// that still waits for KSeF because KSeF is unavailable (an outage, a
// 5xx, a timeout: not a refusal, not the token, not a rate limit), not
// yet received by KSeF, ksefOfflineAfter or more since it was queued,
// with the owner's Offline certificate configured and valid, is handed
// over offline: in one transaction its state becomes offline with both
// verification links (KOD I, and KOD II signed with the certificate's
// key) over the kept XML's hash, and the buyer's e-mail with its PDF is
// queued. The queue keeps sending it (offlineMode: true) until KSeF
// accepts it. Before the threshold, its next try is no later than the
// threshold.
func (r *ksefRun) outage(j *store.KSeFJob, d *accounting.Document, err error) error {
	s := r.s
	signer, now := s.cfg.KSeFOffline, s.now()
	if signer == nil || !errors.Is(err, ksef.ErrUnavailable) || d.KSeF.State != accounting.KSeFWaiting || j.Invoice != "" ||
		d.KSeF.Hash == "" || !now.Before(signer.NotAfter) {
		return r.failed(j, err)
	}
	if due := j.Queued.Add(ksefOfflineAfter); now.Before(due) {
		r.schedule(j, err)
		if j.NextTry.After(due) {
			j.NextTry = due
		}
		return s.cfg.Store.Update(func(tx *store.Tx) error { return tx.PutKSeFJob(j) })
	}
	cat := s.cfg.Catalog()
	env, nip := ksef.Environment(cat.KSeF.Environment), ksef.NIP(d.Seller.TaxID)
	certLink, lerr := ksef.CertificateLink(env, s.cfg.KSeF.NIP, nip, signer, d.KSeF.Hash)
	if lerr != nil {
		s.cfg.Log.Error("ksef: no offline handover", "document", d.Number, "err", lerr)
		return r.failed(j, err)
	}
	r.schedule(j, err)
	k := *d.KSeF
	k.State, k.Link, k.CertLink = accounting.KSeFOffline, ksef.InvoiceLink(env, nip, d.Issued, k.Hash), certLink
	d.KSeF = &k
	s.cfg.Log.Warn("ksef: document handed over offline (offline24): send it to KSeF by the next working day", "document", d.Number,
		"queued", j.Queued, "err", err)
	return s.cfg.Store.Update(func(tx *store.Tx) error {
		// The links are the hash of the XML KSeF will get: the kept one.
		if xml, err := tx.KSeFFile(d.Number, store.KSeFFileXML); err != nil || ksef.Hash(xml) != k.Hash {
			return fmt.Errorf("ksef: %s: the kept XML is not the one hashed (%v)", d.Number, err)
		}
		if err := tx.PutKSeFJob(j); err != nil {
			return err
		}
		if err := tx.SetDocumentKSeF(d); err != nil {
			return err
		}
		o, err := tx.OrderByID(d.OrderID)
		if err != nil {
			return err
		}
		m, err := mail.DocumentIssuedOffline(cat, o, s.Link(o.StatusPath()), d.Number)
		if err != nil {
			return err
		}
		s.cfg.Kick()
		return tx.Enqueue(m)
	})
}

// save stores job j and d's state, as the sender has it now.
func (r *ksefRun) save(j *store.KSeFJob, d *accounting.Document, state string) error {
	k := *d.KSeF
	if k.State != accounting.KSeFOffline { // handed over: offline until KSeF answers
		k.State = state
	}
	d.KSeF = &k
	return r.s.cfg.Store.Update(func(tx *store.Tx) error {
		if err := tx.PutKSeFJob(j); err != nil {
			return err
		}
		return tx.SetDocumentKSeF(d)
	})
}

// RetryKSeF queues document number, which KSeF refused, again after the
// owner fixed the cause: its XML is made anew (a refused invoice is not
// in KSeF, so the same number may be sent).
func (s *Service) RetryKSeF(number string, by Actor) error {
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		d, err := tx.DocumentByNumber(number)
		if err != nil {
			return err
		}
		if d.KSeF == nil || d.KSeF.State != accounting.KSeFRefused {
			return ErrNotRefused
		}
		d.KSeF = &accounting.KSeF{State: accounting.KSeFWaiting}
		if err := tx.SetDocumentKSeF(d); err != nil {
			return err
		}
		if err := tx.DeleteKSeFFile(number, store.KSeFFileXML); err != nil {
			return err
		}
		if err := tx.QueueKSeF(number, s.now()); err != nil {
			return err
		}
		o, err := tx.OrderByID(d.OrderID)
		if err != nil {
			return err
		}
		return s.audit(tx, by, "document.ksef_retry", o, number)
	})
	if err == nil {
		s.kickKSeF()
	}
	return err
}

// KSeFUPO is document number's UPO, KSeF's official receipt of it, as
// stored; ErrKSeFPending before KSeF accepted it.
func (s *Service) KSeFUPO(number string) ([]byte, error) {
	var upo []byte
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		upo, err = tx.KSeFFile(number, store.KSeFFileUPO)
		if errors.Is(err, store.ErrNotFound) {
			if _, derr := tx.DocumentByNumber(number); derr != nil {
				return derr
			}
			return ErrKSeFPending
		}
		return err
	})
	return upo, err
}

// deskLink is the desk's page of order o: where the owner retries a
// refused document.
func (s *Service) deskLink(o *order.Order) string {
	return s.Link(fmt.Sprintf("/admin/orders/%d", o.ID))
}
