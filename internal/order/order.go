package order

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"time"
)

// hashBytes is the randomness of a status hash: 144 bits, above the 128
// docs/product-rules.md#pages asks for and a multiple of 3 bytes, so the base64 form has
// no padding.
const hashBytes = 18

// HashLen is the length of a status hash in characters.
const HashLen = hashBytes * 4 / 3

// NewHash makes a status hash: the shopper's only key to the order, so it
// comes from crypto/rand, URL-safe base64 without padding.
func NewHash() (string, error) {
	b := make([]byte, hashBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ValidHash reports whether s has the form of a status hash, so that junk
// in a URL is refused before the store is asked.
func ValidHash(s string) bool {
	if len(s) != HashLen {
		return false
	}
	_, err := base64.RawURLEncoding.Strict().DecodeString(s)
	return err == nil
}

// New makes a placed order from a request and its price (Price or
// PriceWithCoupon) at the instant at. The store gives it its ID.
func New(req Request, p Priced, hash, catalogVersion string, at time.Time) *Order {
	at = at.UTC()
	c := req.Customer
	normalizeCustomer(&c)
	return &Order{
		Hash:           hash,
		Locale:         strings.ToLower(strings.TrimSpace(req.Locale)),
		Currency:       p.Currency,
		CatalogVersion: catalogVersion,
		Customer:       c,
		Lines:          p.Lines,
		Totals:         p.Totals,
		Coupon:         p.Coupon,
		Status:         Placed,
		Timeline:       []Event{{Status: Placed, At: at, Cause: "order placed"}},
		CreatedAt:      at,
		DeliveryDays:   p.DeliveryDays,
		Delivery:       p.Delivery,
		BuildDays:      p.BuildDays,
	}
}
