package order

import (
	"regexp"
	"strconv"
	"strings"
)

// Description is a timeline event as the owner reads it: a stable code,
// which the desk names in the owner's language (internal/desk/ui, the
// [timeline] table, one text per code), and the code's parameters, read
// out of the event. Events keep their cause as the English text they were
// stored with (orders stored years ago included); Describe is the one
// reading of those texts, so no screen shows them raw.
//
// Parameters hold text as stored, some of it typed by strangers or told
// by a provider (a tracking number, an e-mail address, a reference): a
// screen makes each inert. "amount" is integer minor units of "currency"
// (a screen formats it in its locale); "count" a whole number of days
// (a plural).
type Description struct {
	Code   string            `json:"code"`
	Params map[string]string `json:"params,omitempty"`
}

// The codes Describe gives, each named in every desk language
// (internal/desk TestEveryTimelineCodeHasAText).
const (
	DescPlaced              = "placed"                // the order was placed
	DescPaymentStarted      = "payment_started"       // {method}: the shopper started paying
	DescPaymentStartedPlain = "payment_started_plain" // old: without the method
	DescProviderPaid        = "provider_paid"         // {provider}: the provider booked the money
	DescProviderPending     = "provider_pending"      // {provider}: accepted, not booked
	DescProviderFailed      = "provider_failed"       // {provider}: declined, cancelled, expired
	DescProviderStatement   = "provider_statement"    // {provider}: old: "webhook tpay"
	DescStatement           = "statement"             // old: "webhook"
	DescNothingToPay        = "nothing_to_pay"        // a code covered the whole total
	DescSent                = "sent"                  // sent without a tracking number
	DescSentTracking        = "sent_tracking"         // {tracking}
	DescOwnerCancelled      = "owner_cancelled"       // {reason}: the owner's words
	DescCancelledAnonymised = "cancelled_anonymised"  // the owner's reason, erased with the personal data
	DescRefundCancelled     = "refund_cancelled"      // {note}: a paid order cancelled, the money returned as the note says
	DescRefundedInFull      = "refunded_in_full"      // {amount} {currency} {provider} {reference}
	DescRefund              = "refund"                // {amount} {currency} {provider} {reference}: a refund done
	DescExpiredUnpaid       = "expired_unpaid"        // {count} days
	DescReminder            = "reminder"              // {count} days unpaid
	DescReminderPlain       = "reminder_plain"        // a reminder without its days
	DescStage               = "stage"                 // {stage} id, {by} the owner's account (or "terminal")
	DescParcel              = "parcel"                // {status}: a shipping.Status
	DescWithdrawal          = "withdrawal"            // {email}: the acknowledgement's address
	DescWithdrawalPlain     = "withdrawal_plain"      // a withdrawal without its address
	DescAnonymised          = "anonymised"            // the personal data erased (retention)
	DescText                = "text"                  // {text}: a cause no reading knows, shown as stored
)

// DescCodes are every code Describe gives.
var DescCodes = []string{DescPlaced, DescPaymentStarted, DescPaymentStartedPlain, DescProviderPaid, DescProviderPending,
	DescProviderFailed, DescProviderStatement, DescStatement, DescNothingToPay, DescSent, DescSentTracking,
	DescOwnerCancelled, DescCancelledAnonymised, DescRefundCancelled, DescRefundedInFull, DescRefund, DescExpiredUnpaid,
	DescReminder, DescReminderPlain, DescStage, DescParcel, DescWithdrawal, DescWithdrawalPlain, DescAnonymised, DescText}

// The stored shapes of causes with parameters, as written by this
// package and internal/orders (status.go, refund.go, unpaid.go,
// withdrawal.go; orders' pay.go, notify.go, unpaid.go).
var (
	reUnpaidDays = regexp.MustCompile(`unpaid for (\d+) days?$`)
	reRefundHow  = regexp.MustCompile(`^(-?\d+)\.(\d\d) ([A-Z]{3}) through (\S+)(?: \((.*)\))?$`)
	reProvider   = regexp.MustCompile(`^([a-z][a-z0-9_-]*): (paid|pending|failed)$`)
)

const (
	refundedInFull  = "refunded in full, "
	withdrawalCause = "withdrawal from the contract on the status page, acknowledgement to "
)

// Describe reads event e: its code and parameters. A cause it cannot read
// (a test's "paid", a hand-edited file) is DescText with the cause as
// "text", never lost and never guessed at.
func Describe(e Event) Description {
	cause := strings.TrimSpace(e.Cause)
	d := func(code string, kv ...string) Description {
		out := Description{Code: code}
		if len(kv) > 0 {
			out.Params = map[string]string{}
			for i := 0; i+1 < len(kv); i += 2 {
				out.Params[kv[i]] = kv[i+1]
			}
		}
		return out
	}
	switch e.Note {
	case NoteStage:
		return d(DescStage, "stage", e.Stage, "by", cause)
	case NoteParcel:
		st := string(e.Parcel)
		if st == "" {
			st = strings.TrimPrefix(cause, "parcel ")
		}
		return d(DescParcel, "status", st)
	case NoteAnonymised:
		return d(DescAnonymised)
	case NoteReminder:
		if m := reUnpaidDays.FindStringSubmatch(cause); m != nil {
			return d(DescReminder, "count", m[1])
		}
		return d(DescReminderPlain)
	case NoteWithdrawal:
		if email, ok := strings.CutPrefix(cause, withdrawalCause); ok && email != "" {
			return d(DescWithdrawal, "email", email)
		}
		return d(DescWithdrawalPlain)
	case NoteRefund:
		if how, ok := strings.CutPrefix(cause, refundPrefix+" "); ok {
			if p, ok := refundParams(how); ok {
				return d(DescRefund, p...)
			}
		}
		return d(DescText, "text", cause)
	}
	switch {
	case cause == "order placed":
		return d(DescPlaced)
	case cause == "payment started":
		return d(DescPaymentStartedPlain)
	case strings.HasPrefix(cause, "payment started: "):
		return d(DescPaymentStarted, "method", strings.TrimPrefix(cause, "payment started: "))
	case cause == "nothing to pay":
		return d(DescNothingToPay)
	case cause == "sent":
		return d(DescSent)
	case strings.HasPrefix(cause, "sent, tracking "):
		return d(DescSentTracking, "tracking", strings.TrimPrefix(cause, "sent, tracking "))
	case cause == strings.TrimSpace(ownerCause)+" "+Anonymised:
		return d(DescCancelledAnonymised)
	case strings.HasPrefix(cause, ownerCause):
		return d(DescOwnerCancelled, "reason", strings.TrimPrefix(cause, ownerCause))
	case strings.HasPrefix(cause, refundPrefix+": "):
		note := strings.TrimPrefix(cause, refundPrefix+": ")
		if how, ok := strings.CutPrefix(note, refundedInFull); ok {
			if p, ok := refundParams(how); ok {
				return d(DescRefundedInFull, p...)
			}
		}
		return d(DescRefundCancelled, "note", note)
	case strings.HasPrefix(cause, CauseExpired+": "):
		if m := reUnpaidDays.FindStringSubmatch(cause); m != nil {
			return d(DescExpiredUnpaid, "count", m[1])
		}
	case cause == "webhook":
		return d(DescStatement)
	case strings.HasPrefix(cause, "webhook "):
		return d(DescProviderStatement, "provider", strings.TrimPrefix(cause, "webhook "))
	}
	if m := reProvider.FindStringSubmatch(cause); m != nil {
		switch m[2] {
		case "paid":
			return d(DescProviderPaid, "provider", m[1])
		case "pending":
			return d(DescProviderPending, "provider", m[1])
		default:
			return d(DescProviderFailed, "provider", m[1])
		}
	}
	return d(DescText, "text", cause)
}

// refundParams reads how a refund went, as FinishRefund writes it:
// "364.00 PLN through tpay (ref)".
func refundParams(how string) ([]string, bool) {
	m := reRefundHow.FindStringSubmatch(how)
	if m == nil {
		return nil, false
	}
	whole, err1 := strconv.ParseInt(m[1], 10, 64)
	cents, err2 := strconv.ParseInt(m[2], 10, 64)
	if err1 != nil || err2 != nil {
		return nil, false
	}
	minor := whole*100 + cents
	if strings.HasPrefix(m[1], "-") {
		minor = whole*100 - cents
	}
	return []string{"amount", strconv.FormatInt(minor, 10), "currency", m[3], "provider", m[4], "reference", m[5]}, true
}
