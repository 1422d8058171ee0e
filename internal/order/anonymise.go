package order

import (
	"strings"
	"time"
)

// Anonymised is what replaces the customer's words in an anonymised order.
const Anonymised = "anonymised"

// NoteAnonymised is the Note of the timeline entry that records when the
// order lost its customer's data; its presence makes Anonymise a no-op.
const NoteAnonymised = "anonymised"

// ownerCause starts the cause of a transition the owner made, followed by
// the reason they typed (admin's orders cancel).
const ownerCause = "owner: "

// IsAnonymised reports whether Anonymise has run on o.
func (o *Order) IsAnonymised() bool {
	for _, e := range o.Timeline {
		if e.Note == NoteAnonymised {
			return true
		}
	}
	return false
}

// Anonymise removes from o what identifies its customer once the tax
// period is over (docs/legal.md#personal-data): name, street, zip, city,
// phone and e-mail, and the free text of the order (the cancellation
// reason, which may quote the shopper). The e-mail is emptied rather than
// replaced, so nothing can be sent to it. What the books need stays:
// amounts, dates, items, country, currency, status, payments' amounts and
// the timeline. It returns false, changing nothing, when o already was.
func Anonymise(o *Order, at time.Time) bool {
	if o.IsAnonymised() {
		return false
	}
	c := &o.Customer
	c.FirstName, c.LastName, c.Street, c.Zip, c.City, c.Phone = Anonymised, "", "", "", "", ""
	c.Email = ""
	// A company's name may be a sole trader's own ("Jan Kowalski Usługi").
	if c.Company != "" {
		c.Company, c.VATID = Anonymised, ""
	}
	if o.CancelReason != "" {
		o.CancelReason = Anonymised
	}
	// The owner's words about the shopper: a cancellation's cause carries
	// the reason typed ("owner: ..."), a refund its reason.
	for i := range o.Timeline {
		if strings.HasPrefix(o.Timeline[i].Cause, ownerCause) {
			o.Timeline[i].Cause = ownerCause + Anonymised
		}
	}
	for i := range o.Refunds {
		if o.Refunds[i].Reason != "" {
			o.Refunds[i].Reason = Anonymised
		}
	}
	o.Timeline = append(o.Timeline, Event{Status: o.Status, At: at.UTC(), Cause: "retention", Note: NoteAnonymised})
	return true
}
