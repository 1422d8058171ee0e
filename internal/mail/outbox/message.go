// Package outbox is an e-mail as the store's outbox keeps it: rendered
// (or a job to render), queued, with its delivery state. It is data only,
// no I/O and no templates, so the store can keep messages without linking
// the SMTP client: package mail renders them and its worker sends them.
package outbox

import "time"

// Message is one rendered e-mail, as the outbox keeps it. It is rendered
// when the event happens (in the same transaction as the order), so a
// template change never alters a queued message.
type Message struct {
	ID      uint64 `json:"id"`   // outbox sequence, set by the store
	Kind    string `json:"kind"` // template name, e.g. "order_placed"
	Locale  string `json:"locale"`
	To      string `json:"to"`
	ReplyTo string `json:"reply_to,omitempty"`
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
	Ref     string `json:"ref,omitempty"` // order hash or subscriber token, for logs
	// About tells apart the e-mails of one kind about one order: the
	// production stage a stage e-mail announced (its id), the document
	// an invoice e-mail carried (its number), a refund e-mail's amount
	// (as written in it). The desk names it in the owner's list of the
	// order's e-mails; kept in the sent record.
	About string `json:"about,omitempty"`
	// ListUnsubscribe is the one-click unsubscribe URL of a bulk message
	// (the sale-start notice): the senders add List-Unsubscribe and
	// List-Unsubscribe-Post (RFC 8058), which the big mailbox providers
	// require of bulk senders and show as an "Unsubscribe" button.
	ListUnsubscribe string    `json:"list_unsubscribe,omitempty"`
	Created         time.Time `json:"created"`
	// Documents are the numbers of accounting documents (invoices) to
	// attach as PDF files: rendered when the message is sent (the
	// worker's Attach hook), so the outbox keeps numbers, not files.
	Documents []string `json:"documents,omitempty"`
	// Attachments are the files the message carries when it is sent;
	// never stored.
	Attachments []Attachment `json:"-"`
	// Job marks a message queued without its subject and body (kind,
	// locale, recipient and Ref only): mail's Worker.Prepare renders it
	// when it is sent, so rendering stays out of the request that queued
	// it.
	Job bool `json:"job,omitempty"`

	// Delivery state, kept by the outbox.
	Attempts int       `json:"attempts"`
	NextTry  time.Time `json:"next_try"`
	LastErr  string    `json:"last_err,omitempty"`
}

// Pending tells a queued job that the worker's Prepare hook renders just
// before sending.
func (m *Message) Pending() bool { return m.Job }

// Attachment is one file of a message as it is sent.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}
