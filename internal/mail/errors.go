package mail

import "errors"

var (
	// ErrLocale is returned when a message is asked for in a locale that has
	// no strings (see Locales).
	ErrLocale = errors.New("mail: unknown locale")

	// ErrAddress is returned when a recipient or reply-to address is not a
	// single valid address, or contains line breaks (header injection).
	ErrAddress = errors.New("mail: invalid e-mail address")

	// ErrURL is returned when a link for an e-mail is not an absolute
	// http(s) URL: a relative link is useless in a mail client.
	ErrURL = errors.New("mail: link must be an absolute http(s) URL")

	// ErrHeader is returned by the senders when a stored message carries a
	// line break in a header field; it is never sent.
	ErrHeader = errors.New("mail: line break in a header field")
)
