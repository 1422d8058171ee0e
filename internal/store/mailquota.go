package store

import "time"

// The e-mails a stranger can make the shop send to any address (the
// notify-me confirmation, the order links) are capped per address,
// whatever IP asks: otherwise the forms mail-bomb a third party (20
// requests sent 20 confirmations in 0.2 s;
// docs/decisions/e-mail.md#e-mails-to-one-address-are-capped). The answer
// is the same whether or not a mail went, so the cap tells nobody anything.
const (
	// mailGap is the least time between two e-mails of one purpose to one
	// address: a shopper who mistyped nothing has no reason to ask twice
	// in ten minutes, and one who did gets the first mail anyway.
	mailGap = 10 * time.Minute
	// mailPerDay is how many go to one address per purpose in mailWindow.
	mailPerDay = 3
	mailWindow = 24 * time.Hour
)

// Purposes of capped e-mails; each has its own budget per address, so
// signing up for the sale notice does not hold back the order links.
const (
	QuotaSubscribe  = "subscribe_confirm"
	QuotaOrderLinks = "order_links"
	// QuotaOwnerFailed caps the owner's "payment failed" e-mails per
	// order (keyed by the order's hash): a shopper who retries a declined
	// card ten times, or a card tester, must not fill the owner's inbox.
	QuotaOwnerFailed = "owner_payment_failed"
)

// MayMail reports whether one more e-mail for purpose may go to email at
// now and, when it may, records it. It runs inside the transaction that
// queues the e-mail, so concurrent requests are counted exactly (bbolt
// runs batched functions one after another) and a rolled-back run leaves
// no record. The records are in the data file: a restart does not reset
// the cap.
func (tx *Tx) MayMail(purpose, email string, now time.Time) (bool, error) {
	rec, err := tx.MailSends(purpose, email)
	if err != nil {
		return false, err
	}
	var recent []time.Time
	for _, at := range rec.Sent {
		if now.Sub(at) < mailWindow {
			recent = append(recent, at)
		}
	}
	if len(recent) >= mailPerDay || (len(recent) > 0 && now.Sub(recent[len(recent)-1]) < mailGap) {
		return false, nil
	}
	rec.Sent = append(recent, now)
	return true, tx.PutMailSends(purpose, email, rec)
}
