package order

import (
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/shipping"
)

// Limits of a request. Besides sanity for a shop that builds sabers by
// hand, they keep every amount far from int64 overflow: MaxLines ×
// MaxQuantity × maxAmount < 2^56.
const (
	MaxLines    = 20  // cart lines per order
	MaxQuantity = 10  // units per line
	maxText     = 100 // runes of a name, street or city
	maxEmail    = 254 // the longest address SMTP can carry (RFC 5321 path limit)
	maxCode     = 64  // discount code
	maxPhone    = 32  // bytes, with separators
	maxCompany  = 200 // runes of a company's name (they run long: "… spółka z ograniczoną odpowiedzialnością")
)

// Validate checks a request that went through Normalize against the
// catalogue; an empty map means valid. It reports every problem it can
// find, not just the first, so the form can mark all fields at once.
// Whether a product has a price at the moment of the order is Price's
// concern (it depends on the instant).
func Validate(req Request, cat *catalog.Catalog) FieldErrors {
	errs := FieldErrors{}
	switch {
	case req.Locale == "":
		errs["locale"] = KeyRequired
	case !cat.HasLocale(req.Locale):
		errs["locale"] = KeyLocaleUnknown
	}
	if !req.TermsAccepted {
		errs["terms_accepted"] = KeyTermsRequired
	}
	validateCustomer(req.Customer, cat, errs)
	// The code is only looked up (in the store) by the caller; here it is
	// just kept from being junk.
	if k := checkText(req.Code, maxCode, false); k != "" {
		errs["code"] = k
	}
	validateItems(req.Items, cat, errs)
	validateDelivery(req, errs)
	return errs
}

// validateDelivery checks what a locker delivery needs besides the
// basket's fitting (Price): the locker's code, and a mobile number the
// carrier texts the pickup code to. Whether the locker is open is the
// carrier's to say (orders.Place asks it).
func validateDelivery(req Request, errs FieldErrors) {
	if req.Delivery.Method != shipping.Locker {
		if req.Delivery.Point != "" {
			errs["delivery.point"] = KeyMethodUnknown
		}
		return
	}
	if p := req.Delivery.Point; p == "" {
		errs["delivery.point"] = KeyPointRequired
	} else if !pointCode.MatchString(p) {
		errs["delivery.point"] = KeyPointClosed
	}
	if _, bad := errs["phone"]; !bad && MobileNumber(req.Customer.Phone, req.Customer.Country) == "" {
		errs["phone"] = KeyPhoneMobile
	}
}

// pointCode is the form of a carrier's locker code ("KRA01M", "WAW123M").
var pointCode = regexp.MustCompile(`^[A-Z0-9]{3,16}$`)

// MobileNumber is phone as the carrier's SMS wants it for country: the
// nine digits of a Polish mobile number ("+48 512 345 678" ->
// "512345678"), "" when it is not one. Other countries keep their digits
// with the leading + (E.164), at 8 to 15 digits.
func MobileNumber(phone, country string) string {
	var d strings.Builder
	for _, r := range phone {
		if r >= '0' && r <= '9' {
			d.WriteRune(r)
		}
	}
	digits := d.String()
	if country != "pl" {
		if len(digits) < 8 || len(digits) > 15 {
			return ""
		}
		return "+" + strings.TrimPrefix(digits, "00")
	}
	for _, prefix := range []string{"0048", "48"} {
		if len(digits) == 9+len(prefix) && strings.HasPrefix(digits, prefix) {
			digits = digits[len(prefix):]
		}
	}
	// Polish mobile numbers are nine digits starting 45, 5, 6, 7 or 8
	// (the numbering plan's mobile ranges); a landline cannot get an SMS.
	if len(digits) != 9 || !strings.ContainsAny(digits[:1], "45678") {
		return ""
	}
	return digits
}

func validateCustomer(c Customer, cat *catalog.Catalog, errs FieldErrors) {
	for _, f := range []struct{ name, value string }{
		{"first_name", c.FirstName}, {"last_name", c.LastName},
		{"street", c.Street}, {"city", c.City},
	} {
		if k := checkText(f.value, maxText, true); k != "" {
			errs[f.name] = k
		}
	}
	if k := checkEmail(c.Email); k != "" {
		errs["email"] = k
	}
	// A phone is required: couriers of every shipping country ask for one.
	if k := checkPhone(c.Phone); k != "" {
		errs["phone"] = k
	}
	_, countryKnown := cat.Delivery(c.Country)
	switch {
	case c.Country == "":
		errs["country"] = KeyRequired
	case !countryKnown:
		errs["country"] = KeyCountryUnknown
	}
	// An invoice for a company needs both its name and its VAT ID.
	if c.Company != "" || c.VATID != "" {
		if k := checkText(c.Company, maxCompany, true); k != "" {
			errs["company"] = k
		}
		switch {
		case c.VATID == "":
			errs["vat_id"] = KeyRequired
		case hiddenChars(c.VATID) != "":
			errs["vat_id"] = hiddenChars(c.VATID)
		case !ValidVATID(c.VATID):
			errs["vat_id"] = KeyVATIDInvalid
		}
	}
	switch {
	case c.Zip == "":
		errs["zip"] = KeyRequired
	case hiddenChars(c.Zip) != "":
		errs["zip"] = hiddenChars(c.Zip)
	case countryKnown && !validZip(c.Country, c.Zip):
		errs["zip"] = KeyZipInvalid
	}
}

// hiddenChars is the rule of every field a stranger types: valid UTF-8
// (KeyCharsInvalid) without a character that shows as nothing or reorders
// the text around it (KeyCharsInvisible: controls, bidirectional overrides,
// zero-width characters, line separators; see inert.Hidden). Such
// characters have no place on a parcel label, could forge lines in e-mails
// and logs, and would act on the owner's terminal.
func hiddenChars(s string) string {
	switch {
	case !utf8.ValidString(s):
		return KeyCharsInvalid
	case !inert.Visible(s):
		return KeyCharsInvisible
	}
	return ""
}

// checkText is the rule for free text: present (if required), at most max
// runes, and no hidden characters (hiddenChars).
func checkText(s string, max int, required bool) string {
	switch {
	case s == "":
		if required {
			return KeyRequired
		}
		return ""
	case hiddenChars(s) != "":
		return hiddenChars(s)
	case utf8.RuneCountInString(s) > max:
		return KeyTooLong
	}
	return ""
}

// checkEmail is a sane check, not RFC 5322: one @, a local part, a domain
// with a dot and no empty labels, and what net/mail reads as a bare
// address (no display name, no comments, no quoting). RFC 5322 allows
// '?', '#' and '%' in an address, but in a mailto: link they start its
// headers, its fragment and its escapes (RFC 6068), so
// "x?cc=someone@elsewhere.example" would put someone else on the owner's
// reply: nobody's real mailbox needs them, so they are refused (and the
// desk encodes its links all the same).
func checkEmail(s string) string {
	switch {
	case s == "":
		return KeyRequired
	case len(s) > maxEmail:
		return KeyTooLong
	case hiddenChars(s) != "":
		return hiddenChars(s)
	case strings.Count(s, "@") != 1 || strings.ContainsFunc(s, unicode.IsSpace) || strings.ContainsAny(s, "?#%"):
		return KeyEmailInvalid
	}
	local, domain, _ := strings.Cut(s, "@")
	if local == "" || len(local) > 64 || !strings.Contains(domain, ".") {
		return KeyEmailInvalid
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
			return KeyEmailInvalid
		}
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return KeyEmailInvalid
	}
	return ""
}

// checkPhone accepts what people type: an optional leading +, digits and
// the usual separators, with 7 to 15 digits (E.164's maximum).
func checkPhone(s string) string {
	if s == "" {
		return KeyRequired
	}
	if k := hiddenChars(s); k != "" {
		return k
	}
	if len(s) > maxPhone {
		return KeyPhoneInvalid
	}
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0:
		case r == ' ' || r == '-' || r == '(' || r == ')' || r == '.':
		default:
			return KeyPhoneInvalid
		}
	}
	if digits < 7 || digits > 15 {
		return KeyPhoneInvalid
	}
	return ""
}

func validateItems(items []ItemRequest, cat *catalog.Catalog, errs FieldErrors) {
	switch {
	case len(items) == 0:
		errs["items"] = KeyItemsRequired
		return
	case len(items) > MaxLines:
		// Checking a cart nobody can order would only be work for junk.
		errs["items"] = KeyItemsTooMany
		return
	}
	for i, it := range items {
		prefix := "items." + strconv.Itoa(i)
		if it.Quantity < 1 || it.Quantity > MaxQuantity {
			errs[prefix+".quantity"] = KeyQuantityRange
		}
		if (it.Product != "") == (it.Creator != nil) {
			errs[prefix] = KeyItemAmbiguous
			continue
		}
		if it.Creator != nil {
			// A design carries its generator in the configuration.
			if it.Variant != "" {
				errs[prefix+".variant"] = KeyVariantUnknown
			}
			ValidateCreator(it.Creator, cat, prefix+".creator", errs)
			continue
		}
		p, ok := cat.Product(it.Product)
		if !ok {
			errs[prefix+".product"] = KeyProductUnknown
			continue
		}
		if it.Variant != "" && !variantAllowed(p, it.Variant, cat) {
			errs[prefix+".variant"] = KeyVariantUnknown
		}
	}
}

// KindHilt is the product kind that is a saber: it takes a generator
// variant. Other kinds (accessories) take none.
const KindHilt = catalog.KindHilt

func variantAllowed(p *catalog.Product, variant string, cat *catalog.Catalog) bool {
	if p.Kind != KindHilt {
		return false
	}
	_, ok := cat.Generator(variant)
	return ok
}
