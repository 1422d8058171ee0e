// Package payment is the one interface the daemon pays through (docs/payments.md) and its adapters: sandbox (default; offline, no keys),
// tpay (card with browser-side encryption and 3-D Secure, bank transfer /
// BLIK on the hosted page) and paypal (Orders v2). The API starts payments
// and applies verified notifications; an adapter never changes an order.
//
// Card data: the browser encrypts "number|expiry|cvc|origin" with the
// provider's RSA public key (PKCS#1 v1.5, base64). The shop forwards that
// blob and drops it; it never stores, logs or echoes card data.
package payment

import (
	"context"
	"errors"
	"net/http"
)

// Method is how the shopper pays.
type Method string

const (
	Card   Method = "card"   // the shop's own card form, encrypted in the browser
	Bank   Method = "bank"   // bank transfer / BLIK on the provider's hosted page
	PayPal Method = "paypal" // PayPal approval page
)

// Order is what a provider needs to know about the order being paid.
// Amount is in minor units of Currency; Hash is the shop's order key and
// travels as the provider's own reference (tpay crc, PayPal custom_id), so
// a notification names the order it is about.
type Order struct {
	Hash        string
	ID          uint64
	Amount      int64
	Currency    string
	Locale      string
	Email       string
	Name        string // the customer's full name
	Description string // e.g. "Saber Forge order #12"
	// AmountText is Amount as the shopper reads it in Locale ("€364.00"),
	// written by the shop from the catalogue's formats, for a provider
	// that shows the amount on a page of its own (the sandbox).
	AmountText string
}

// StartRequest starts a payment.
type StartRequest struct {
	Order  Order
	Method Method
	// Card is set for Method Card only.
	Card *CardData
	// ReturnURL is where the shopper's browser comes back to (the order's
	// status page in their locale); CancelURL when they give up (PayPal).
	ReturnURL string
	CancelURL string
	// NotifyURL is the absolute URL of POST /v1/webhooks/{provider}.
	NotifyURL string
	// ClientIP is the shopper's address (providers ask for it for fraud checks).
	ClientIP string
	// IdempotencyKey makes a retried start of the same attempt safe
	// (PayPal-Request-Id).
	IdempotencyKey string
}

// CardData is what the shop's card form sends: the encrypted blob and the
// name on the card (sent as the payer's name).
type CardData struct {
	Encrypted string
	Name      string
}

// Outcome is the immediate answer to Start.
type Outcome string

const (
	// OutcomePending: the payment is under way; a notification follows.
	OutcomePending Outcome = "pending"
	// Outcome3DS: the issuer asks for 3-D Secure: send the shopper to URL.
	Outcome3DS Outcome = "3ds"
	// OutcomeRedirect: continue on the provider's page at URL (bank, PayPal).
	OutcomeRedirect Outcome = "redirect"
)

// StartResult is what Start decided. Reference is the provider's id of the
// payment, kept on the order to query it later.
type StartResult struct {
	Outcome   Outcome
	URL       string
	Reference string
	// NotifyRef is the reference the provider's notifications will carry
	// when it is not Reference (tpay notifies by the transaction's title,
	// "TR-...", while its API names it by id, "ta_...").
	NotifyRef string
}

// Status is a payment's state as the provider reports it.
type Status string

const (
	StatusPaid    Status = "paid"    // funds booked: the order becomes paid
	StatusPending Status = "pending" // accepted, not booked yet
	StatusFailed  Status = "failed"  // declined, cancelled, expired
	// StatusNone: a verified event that says nothing about the money
	// (e.g. a refund notice, an approval still to be captured); the API
	// acknowledges it and changes nothing.
	StatusNone Status = ""
)

// Notification is a verified statement from the provider about a payment.
// EventID identifies the notification itself (for logs and de-duplication);
// the order's state machine makes applying it twice harmless anyway.
type Notification struct {
	Provider  string
	EventID   string
	OrderHash string
	Reference string
	Status    Status
	Amount    int64 // minor units; checked against the order before applying
	Currency  string
	// Capture is the provider's id of the money taken, when refunds name
	// it otherwise than Reference (PayPal's capture id); kept on the
	// attempt when it is paid (RefundRequest.Capture).
	Capture string
}

// Ack is what the webhook answers the provider once the notification has
// been handled (tpay wants exactly "TRUE"; PayPal any 2xx).
type Ack struct {
	Status      int
	ContentType string
	Body        string
}

// Provider is one payment provider.
type Provider interface {
	// Name is the adapter's name, also the webhook path: /v1/webhooks/{name}.
	Name() string
	// Methods lists what this provider takes.
	Methods() []Method
	// PublicKey is the card-encryption public key as the browser needs it
	// (base64 of a PEM or DER key, as the provider publishes it); "" when
	// the provider takes no cards.
	PublicKey() string
	// Start starts a payment. A declined card is ErrDeclined; any other
	// error is the provider being unreachable or answering nonsense.
	Start(ctx context.Context, req StartRequest) (StartResult, error)
	// Notification verifies a webhook request (signature, certificate
	// chain, checksums) whose body has been read into body, and parses it.
	// An unverifiable request is ErrForged (the API answers 400 and
	// changes nothing).
	Notification(ctx context.Context, r *http.Request, body []byte) (Notification, Ack, error)
	// Query asks the provider for the payment's state by reference (used
	// when a shopper returns and no notification has arrived yet).
	Query(ctx context.Context, ref string) (Notification, error)
}

// Returner is a provider that must act when the shopper's browser comes
// back (PayPal captures the approved order then). The API serves
// GET /v1/payments/{provider}/return?order=HASH&... and calls Return; the
// result is trusted only because Return asks the provider server-side.
type Returner interface {
	Return(ctx context.Context, r *http.Request) (Notification, error)
}

// RefundRequest asks the provider to pay money of a paid payment back.
// Amount is in minor units of Currency and never more than what is left
// of the payment (the shop checks before asking; the provider checks
// again). Reference is the payment as the shop recorded it when it was
// started (tpay's transaction id, PayPal's order id, the sandbox's ref);
// Capture is the provider's id of the money taken, when it names it
// otherwise (PayPal's capture id; "" when unknown: the adapter looks it
// up). IdempotencyKey makes a repeated request one refund where the
// provider supports it (PayPal-Request-Id).
type RefundRequest struct {
	Reference      string
	Capture        string
	Amount         int64
	Currency       string
	Reason         string // the owner's words; may reach the payer (PayPal's note_to_payer)
	IdempotencyKey string
}

// RefundStatus is where an accepted refund stands at the provider.
type RefundStatus string

const (
	// RefundCompleted: the provider has paid the money back.
	RefundCompleted RefundStatus = "completed"
	// RefundPending: accepted; the money goes out within the provider's
	// usual time (bank transfers take days).
	RefundPending RefundStatus = "pending"
)

// RefundResult is the provider's answer to an accepted refund: its own
// id of the refund, for the owner and the provider's support.
type RefundResult struct {
	Reference string
	Status    RefundStatus
}

// Refunder is a provider that can pay money back through its API. A
// refusal (more than is left, an unknown or unrefundable payment, not
// enough balance) is ErrRefundRefused with the provider's words; any other
// error is the provider being unreachable or answering nonsense, and
// nothing is known to have happened.
type Refunder interface {
	Refund(ctx context.Context, req RefundRequest) (RefundResult, error)
}

// Refusal tells whether a provider's HTTP status means it looked at a
// request and said no (nothing happened; asking again changes nothing),
// as opposed to not having decided: 401 (a token problem), 408 and 429
// (ask later) and 5xx are the provider being unavailable.
func Refusal(status int) bool {
	return status >= 400 && status < 500 && status != http.StatusUnauthorized &&
		status != http.StatusRequestTimeout && status != http.StatusTooManyRequests
}

// PageServer is a provider that serves pages of its own under
// /v1/sandbox/ (the sandbox's 3-D Secure challenge, bank and PayPal pages).
type PageServer interface {
	Pages() http.Handler
}

var (
	// ErrDeclined is returned by Start when the card or payment was refused
	// (the shopper sees "Something went wrong. Check your credit card data.").
	ErrDeclined = errors.New("payment: declined")
	// ErrForged is returned by Notification when a request cannot be
	// verified as the provider's: bad or missing signature, untrusted
	// certificate, wrong checksum.
	ErrForged = errors.New("payment: notification not verified")
	// ErrCurrency is returned by Start when the provider cannot take the
	// order's currency (tpay takes PLN only).
	ErrCurrency = errors.New("payment: currency not supported")
	// ErrUnknown is returned by Query when the provider does not know the
	// reference.
	ErrUnknown = errors.New("payment: unknown reference")
	// ErrRefundRefused is returned by Refund when the provider answered
	// and refused the refund (amount above what is left of the payment,
	// payment unknown or not refundable, balance too low); the error's
	// text carries the provider's reason. Nothing was paid back.
	ErrRefundRefused = errors.New("payment: refund refused")
)
