package owners

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// TOTP is RFC 6238 with the parameters every authenticator app reads from
// an otpauth:// link by default: HMAC-SHA1, 6 digits, 30-second steps.
// It is a dozen lines over crypto/hmac, checked against the RFC's own
// test vectors (totp_test.go), so it takes no dependency.
const (
	totpDigits = 6
	totpStep   = 30 * time.Second
	// totpSkew accepts the code of the step before and after: a phone's
	// clock a little off, or a code typed as it changed.
	totpSkew = 1
)

// NewTOTPSecret is a random 20-byte key (RFC 4226's recommended length).
func NewTOTPSecret() ([]byte, error) {
	k := make([]byte, 20)
	_, err := rand.Read(k)
	return k, err
}

// TOTPURL is the otpauth:// link an authenticator app scans.
func TOTPURL(issuer, account string, secret []byte) string {
	label := url.PathEscape(issuer + ":" + account)
	q := url.Values{"secret": {base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(secret)},
		"issuer": {issuer}, "algorithm": {"SHA1"}, "digits": {"6"}, "period": {"30"}}
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// totpCode is the code of secret at counter (RFC 4226 HOTP, section 5.3).
func totpCode(secret []byte, counter uint64, digits int) string {
	mac := hmac.New(sha1.New, secret)
	var c [8]byte
	binary.BigEndian.PutUint64(c[:], counter)
	mac.Write(c[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, bin%mod)
}

// VerifyTOTP tells whether code is secret's code at now (or a step
// before or after). Spaces in the code are ignored.
func VerifyTOTP(secret []byte, code string, now time.Time) bool {
	code = strings.ReplaceAll(code, " ", "")
	if len(code) != totpDigits || len(secret) == 0 {
		return false
	}
	step := uint64(now.Unix()) / uint64(totpStep/time.Second)
	ok := 0
	for d := -totpSkew; d <= totpSkew; d++ {
		ok |= subtle.ConstantTimeCompare([]byte(totpCode(secret, step+uint64(d), totpDigits)), []byte(code))
	}
	return ok == 1
}

// CodeAt is secret's code at t, as an authenticator app shows it (for
// tests and the setup page's check).
func CodeAt(secret []byte, t time.Time) string {
	return totpCode(secret, uint64(t.Unix())/uint64(totpStep/time.Second), totpDigits)
}
