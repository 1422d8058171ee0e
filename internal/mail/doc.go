// Package mail writes the shop's e-mails (HTML + plain text per locale,
// embedded templates) and delivers them from the store's outbox over SMTP,
// or as .eml files when no SMTP server is configured. The message it
// queues and sends is outbox.Message, a type of its own package, so the
// store keeps messages without linking this one.
package mail
