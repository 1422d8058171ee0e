package sandbox

import (
	"bytes"
	"crypto/rsa"
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
	"strings"

	"sabershop/internal/payment"
)

// Test card numbers.
const (
	CardSuccess  = "4242424242424242"
	Card3DS      = "4000002760003184"
	CardDeclined = "4000000000000002"
)

// Decline reasons. They go into errors and logs, so they never quote the
// card, and hold no digits at all (a test checks).
var (
	errUnreadable = fmt.Errorf("%w: card data unreadable", payment.ErrDeclined)
	errOrigin     = fmt.Errorf("%w: card data encrypted on another site", payment.ErrDeclined)
	errExpiry     = fmt.Errorf("%w: expiry date invalid", payment.ErrDeclined)
	errExpired    = fmt.Errorf("%w: card expired", payment.ErrDeclined)
	errCVC        = fmt.Errorf("%w: security code invalid", payment.ErrDeclined)
	errIssuer     = fmt.Errorf("%w: refused by the issuer", payment.ErrDeclined)
)

// cardOutcome decrypts "number|expiry|cvc|origin" and decides as a card
// issuer would: pending (frictionless), 3-D Secure, or a decline. The
// plaintext lives only in this call and is wiped before it returns.
func (p *Provider) cardOutcome(blob, wantOrigin string) (payment.Outcome, error) {
	ct, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(blob), ""))
	if err != nil || len(ct) == 0 || len(ct) > p.key.Size() {
		return "", errUnreadable
	}
	// Some encryptors drop the leading zero bytes of the ciphertext.
	if len(ct) < p.key.Size() {
		ct = append(make([]byte, p.key.Size()-len(ct)), ct...)
	}
	// PKCS#1 v1.5 is what jsencrypt and tpay's card form speak. Its
	// padding oracle matters little here: the sandbox's key guards no
	// real card, and every failure reads the same to the caller.
	//lint:ignore SA1019 the browser-side format is fixed (jsencrypt, tpay)
	plain, err := rsa.DecryptPKCS1v15(nil, p.key, ct)
	if err != nil {
		return "", errUnreadable
	}
	defer clear(plain)

	fields := bytes.Split(plain, []byte("|"))
	if len(fields) != 4 {
		return "", errUnreadable
	}
	number := make([]byte, 0, len(fields[0]))
	defer func() { clear(number) }()
	for _, c := range fields[0] {
		switch {
		case c == ' ':
		case c >= '0' && c <= '9':
			number = append(number, c)
		default:
			return "", errIssuer
		}
	}
	if !sameShop(string(fields[3]), wantOrigin) {
		return "", errOrigin
	}
	if err := p.checkExpiry(fields[1]); err != nil {
		return "", err
	}
	if cvc := fields[2]; len(cvc) != 3 || !allDigits(cvc) {
		return "", errCVC
	}
	switch {
	case bytes.Equal(number, []byte(CardSuccess)):
		return payment.OutcomePending, nil
	case bytes.Equal(number, []byte(Card3DS)):
		return payment.Outcome3DS, nil
	default: // CardDeclined and any other number
		return "", errIssuer
	}
}

// checkExpiry wants "MM/YY", valid through the end of that month.
func (p *Provider) checkExpiry(e []byte) error {
	if len(e) != 5 || e[2] != '/' || !allDigits(e[:2]) || !allDigits(e[3:]) {
		return errExpiry
	}
	month := int(e[0]-'0')*10 + int(e[1]-'0')
	year := 2000 + int(e[3]-'0')*10 + int(e[4]-'0')
	if month < 1 || month > 12 {
		return errExpiry
	}
	now := p.now()
	if year*12+month < now.Year()*12+int(now.Month()) {
		return errExpired
	}
	return nil
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// sameShop reports whether card data encrypted on the page at origin got
// belongs to the shop at want. Exactly the same origin, except that on a
// developer's machine the loopback names are one place: the shop's links
// say http://localhost:8080 while the browser may be on 127.0.0.1:8080, and
// a test card declined for that would only puzzle. Scheme and port must
// still match. (A real provider checks the origin against the domain the
// shop registered; this is the sandbox only.)
func sameShop(got, want string) bool {
	if got == want {
		return true
	}
	g, err1 := url.Parse(got)
	w, err2 := url.Parse(want)
	if err1 != nil || err2 != nil || g.Path != "" || g.Scheme != w.Scheme || g.Port() != w.Port() {
		return false
	}
	return isLoopback(g.Hostname()) && isLoopback(w.Hostname())
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
