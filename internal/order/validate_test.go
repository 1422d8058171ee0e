package order

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestValidateValidRequest(t *testing.T) {
	if errs := Validate(validRequest(), testCatalog()); len(errs) != 0 {
		t.Fatalf("valid request refused: %v", errs)
	}
}

func TestValidateCustomer(t *testing.T) {
	long := strings.Repeat("ą", 101) // 101 runes, 202 bytes
	cases := []struct {
		name   string
		change func(*Request)
		want   FieldErrors
	}{
		{"no locale", func(r *Request) { r.Locale = "" }, FieldErrors{"locale": KeyRequired}},
		{"unknown locale", func(r *Request) { r.Locale = "fr" }, FieldErrors{"locale": KeyLocaleUnknown}},
		{"terms not accepted", func(r *Request) { r.TermsAccepted = false }, FieldErrors{"terms_accepted": KeyTermsRequired}},
		{"no first name", func(r *Request) { r.Customer.FirstName = "" }, FieldErrors{"first_name": KeyRequired}},
		{"no last name", func(r *Request) { r.Customer.LastName = "" }, FieldErrors{"last_name": KeyRequired}},
		{"no street", func(r *Request) { r.Customer.Street = "" }, FieldErrors{"street": KeyRequired}},
		{"no city", func(r *Request) { r.Customer.City = "" }, FieldErrors{"city": KeyRequired}},
		{"100 runes ok", func(r *Request) { r.Customer.City = long[:200] }, FieldErrors{}},
		{"101 runes", func(r *Request) { r.Customer.FirstName = long }, FieldErrors{"first_name": KeyTooLong}},
		{"long street", func(r *Request) { r.Customer.Street = long }, FieldErrors{"street": KeyTooLong}},
		{"newline in a name", func(r *Request) { r.Customer.LastName = "Nowak\nBcc: x" }, FieldErrors{"last_name": KeyCharsInvisible}},
		{"NUL in a city", func(r *Request) { r.Customer.City = "War\x00szawa" }, FieldErrors{"city": KeyCharsInvisible}},
		{"invalid UTF-8", func(r *Request) { r.Customer.Street = "D\xffuga" }, FieldErrors{"street": KeyCharsInvalid}},
		{"no e-mail", func(r *Request) { r.Customer.Email = "" }, FieldErrors{"email": KeyRequired}},
		{"no phone", func(r *Request) { r.Customer.Phone = "" }, FieldErrors{"phone": KeyRequired}},
		{"no country", func(r *Request) { r.Customer.Country = "" }, FieldErrors{"country": KeyRequired}},
		{"unknown country", func(r *Request) { r.Customer.Country = "us" }, FieldErrors{"country": KeyCountryUnknown}},
		// The ISO codes are not the shop's: it ships to "uk" and "cr".
		{"ISO code gb", func(r *Request) { r.Customer.Country = "gb" }, FieldErrors{"country": KeyCountryUnknown}},
		{"upper-case country (not normalised)", func(r *Request) { r.Customer.Country = "PL" }, FieldErrors{"country": KeyCountryUnknown}},
		{"no zip", func(r *Request) { r.Customer.Zip = "" }, FieldErrors{"zip": KeyRequired}},
		{"zip of another country", func(r *Request) { r.Customer.Zip = "10115" }, FieldErrors{"zip": KeyZipInvalid}},
		// A zip is not judged against a country the shop does not know.
		{"zip with unknown country", func(r *Request) { r.Customer.Country = "us"; r.Customer.Zip = "90210" }, FieldErrors{"country": KeyCountryUnknown}},
		{"code is optional", func(r *Request) { r.Code = "" }, FieldErrors{}},
		{"code", func(r *Request) { r.Code = "SPRING-10" }, FieldErrors{}},
		{"code too long", func(r *Request) { r.Code = strings.Repeat("X", 65) }, FieldErrors{"code": KeyTooLong}},
		{"code with control", func(r *Request) { r.Code = "X\tY" }, FieldErrors{"code": KeyCharsInvisible}},
		{"everything missing", func(r *Request) { *r = Request{} }, FieldErrors{
			"locale": KeyRequired, "terms_accepted": KeyTermsRequired, "first_name": KeyRequired, "last_name": KeyRequired,
			"email": KeyRequired, "phone": KeyRequired, "country": KeyRequired, "street": KeyRequired, "zip": KeyRequired,
			"city": KeyRequired, "items": KeyItemsRequired,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := validRequest()
			c.change(&req)
			assertErrors(t, Validate(req, testCatalog()), c.want)
		})
	}
}

// Every field a stranger types refuses characters that show as nothing or
// reorder the text (they reached the owner's terminal raw), and
// still takes every real script and emoji.
func TestValidateHiddenCharacters(t *testing.T) {
	fields := map[string]func(*Request) *string{
		"first_name": func(r *Request) *string { return &r.Customer.FirstName },
		"last_name":  func(r *Request) *string { return &r.Customer.LastName },
		"street":     func(r *Request) *string { return &r.Customer.Street },
		"city":       func(r *Request) *string { return &r.Customer.City },
		"zip":        func(r *Request) *string { return &r.Customer.Zip },
		"phone":      func(r *Request) *string { return &r.Customer.Phone },
		"email":      func(r *Request) *string { return &r.Customer.Email },
	}
	for _, hidden := range []string{"\u202E", "\u202A", "\u2066", "\u2069", "\u200E", "\u200B", "\u200C", "\u200D",
		"\u2060", "\uFEFF", "\u2028", "\u2029", "\x1b", "\x07", "\x7f", "\u0085", "\t"} {
		for name, field := range fields {
			req := validRequest()
			p := field(&req)
			// In the middle: Normalize trims spaces (U+2028 is one) only at the ends.
			*p = (*p)[:1] + hidden + (*p)[1:]
			assertErrors(t, Validate(req, testCatalog()), FieldErrors{name: KeyCharsInvisible})
		}
	}
	for _, name := range []string{"Zażółć Gęślą", "Jürgen Straße", "Анна Петровна", "Σωκράτης", "山田 太郎", "محمد",
		"שרה כהן", "علی\u200Cزاده", "Anna 👨‍👩‍👧 🏳️‍🌈"} {
		req := validRequest()
		req.Customer.FirstName, req.Customer.LastName, req.Customer.Street, req.Customer.City = name, name, name+" 1", name
		assertErrors(t, Validate(req, testCatalog()), FieldErrors{})
	}
}

func TestEmail(t *testing.T) {
	local64 := strings.Repeat("a", 64)
	long := strings.Repeat("a", 60) + "@" + strings.Repeat("b", 190) + ".com" // 255
	cases := map[string]string{
		"anna@example.com":               "",
		"anna.nowak+shop@mail.co.uk":     "",
		"a@b.pl":                         "",
		local64 + "@example.com":         "",
		"ANNA@EXAMPLE.COM":               "",
		"":                               KeyRequired,
		long:                             KeyTooLong,
		local64 + "a@example.com":        KeyEmailInvalid,
		"anna":                           KeyEmailInvalid,
		"anna@":                          KeyEmailInvalid,
		"@example.com":                   KeyEmailInvalid,
		"anna@localhost":                 KeyEmailInvalid,
		"anna@@example.com":              KeyEmailInvalid,
		"an@na@example.com":              KeyEmailInvalid,
		"anna@example..com":              KeyEmailInvalid,
		"anna@.example.com":              KeyEmailInvalid,
		"anna@example.com.":              KeyEmailInvalid,
		"anna@-example.com":              KeyEmailInvalid,
		"anna nowak@example.com":         KeyEmailInvalid,
		"Anna <anna@example.com>":        KeyEmailInvalid,
		"anna@example.com (Anna)":        KeyEmailInvalid,
		`"anna"@example.com`:             KeyEmailInvalid,
		"anna@exa mple.com":              KeyEmailInvalid,
		"anna@example.com\r\nBcc: x@y.z": KeyCharsInvisible,
		"anna,bob@example.com":           KeyEmailInvalid,
		// What a mailto: link would read as headers, a fragment or an
		// escape (RFC 6068).
		"x?cc=someone@elsewhere.example": KeyEmailInvalid,
		"x@elsewhere.example?bcc=a@b.pl": KeyEmailInvalid,
		"x#y@example.com":                KeyEmailInvalid,
		"x%40y@example.com":              KeyEmailInvalid,
		"o'brien&co@example.com":         "",
	}
	for in, want := range cases {
		if got := checkEmail(in); got != want {
			t.Errorf("checkEmail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPhone(t *testing.T) {
	cases := map[string]string{
		"+48 600 100 200":                   "",
		"600100200":                         "",
		"(030) 123-45.67":                   "",
		"1234567":                           "",              // 7 digits
		"+123456789012345":                  "",              // 15 digits
		"123456":                            KeyPhoneInvalid, // 6
		"+1234567890123456":                 KeyPhoneInvalid, // 16
		"":                                  KeyRequired,
		"48+600100200":                      KeyPhoneInvalid, // + only in front
		"++48600100200":                     KeyPhoneInvalid,
		"+48 600 100 200 ext":               KeyPhoneInvalid,
		"600/100/200":                       KeyPhoneInvalid,
		"６００１００２００":                         KeyPhoneInvalid, // full-width digits
		"1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7": KeyPhoneInvalid, // over 32 bytes
	}
	for in, want := range cases {
		if got := checkPhone(in); got != want {
			t.Errorf("checkPhone(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestZipEveryCountry has good and bad codes for each of the 16 countries,
// as Normalize leaves them (upper case, single spaces).
func TestZipEveryCountry(t *testing.T) {
	cases := map[string]struct{ good, bad []string }{
		"pl": {[]string{"00-001", "30-363"}, []string{"00001", "00-01", "000-01", "AB-123"}},
		"cz": {[]string{"110 00", "11000"}, []string{"1100", "110-00", "110 000"}},
		"sk": {[]string{"811 01", "81101"}, []string{"8110", "811 0A"}},
		"de": {[]string{"10115", "01067"}, []string{"1011", "101155", "D-10115"}},
		"uk": {[]string{"SW1A 1AA", "SW1A1AA", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "EC1A 1BB", "GIR 0AA"}, []string{"SW1A", "12345", "SW1A 1A", "SW1A  1AA"}},
		"cr": {[]string{"10000", "HR-10000"}, []string{"1000", "HR10000"}},
		"at": {[]string{"1010", "6020"}, []string{"10100", "A1010"}},
		"nl": {[]string{"1012 AB", "1012AB"}, []string{"0123 AB", "1012 A", "1012"}},
		"be": {[]string{"1000", "9000"}, []string{"100", "10000"}},
		"lu": {[]string{"1234", "L-1234"}, []string{"12345", "L1234"}},
		"it": {[]string{"00100", "20121"}, []string{"0010", "I-00100"}},
		"fr": {[]string{"75001", "20000"}, []string{"7500", "750 01"}},
		"dk": {[]string{"1050", "DK-1050"}, []string{"10500", "DK1050"}},
		"lt": {[]string{"01100", "LT-01100"}, []string{"0110", "LV-01100"}},
		"lv": {[]string{"1050", "LV-1050"}, []string{"10500", "LT-1050"}},
		"ee": {[]string{"10111", "80010"}, []string{"1011", "EE-10111"}},
	}
	for _, country := range allCountries {
		c, ok := cases[country]
		if !ok {
			t.Errorf("no zip cases for %s", country)
			continue
		}
		if _, ok := zipPatterns[country]; !ok {
			t.Errorf("no zip pattern for %s", country)
		}
		for _, z := range c.good {
			if !validZip(country, z) {
				t.Errorf("%s: %q refused", country, z)
			}
		}
		for _, z := range c.bad {
			if validZip(country, z) {
				t.Errorf("%s: %q accepted", country, z)
			}
		}
	}
	if len(zipPatterns) != len(allCountries) {
		t.Errorf("%d zip patterns for %d countries", len(zipPatterns), len(allCountries))
	}
	// A country added to the catalogue later gets a plausible-code check.
	for z, want := range map[string]bool{"1234": true, "AB-12 3": true, "X": false, "12345678901234": false, "-123": false} {
		if got := validZip("xx", z); got != want {
			t.Errorf("fallback %q = %v, want %v", z, got, want)
		}
	}
}

// TestZipAfterNormalize: lower case and extra spaces, as shoppers type them.
func TestZipAfterNormalize(t *testing.T) {
	for country, zip := range map[string]string{"uk": "  sw1a   1aa ", "nl": "1012ab", "lu": "l-1234", "lv": "lv-1050 "} {
		req := validRequest()
		req.Customer.Country, req.Customer.Zip = strings.ToUpper(country), zip
		Normalize(&req)
		if errs := Validate(req, testCatalog()); len(errs) != 0 {
			t.Errorf("%s %q (normalised %q): %v", country, zip, req.Customer.Zip, errs)
		}
	}
}

func TestValidateItems(t *testing.T) {
	many := make([]ItemRequest, MaxLines+1)
	for i := range many {
		many[i] = ItemRequest{Product: "plug", Quantity: 1}
	}
	cases := []struct {
		name  string
		items []ItemRequest
		want  FieldErrors
	}{
		{"none", nil, FieldErrors{"items": KeyItemsRequired}},
		{"empty list", []ItemRequest{}, FieldErrors{"items": KeyItemsRequired}},
		{"20 lines", many[:MaxLines], FieldErrors{}},
		{"21 lines", many, FieldErrors{"items": KeyItemsTooMany}},
		{"quantity 0", []ItemRequest{{Product: "arc", Quantity: 0}}, FieldErrors{"items.0.quantity": KeyQuantityRange}},
		{"quantity -1", []ItemRequest{{Product: "arc", Quantity: -1}}, FieldErrors{"items.0.quantity": KeyQuantityRange}},
		{"quantity 10", []ItemRequest{{Product: "arc", Quantity: 10}}, FieldErrors{}},
		{"quantity 11", []ItemRequest{{Product: "plug", Quantity: 1}, {Product: "arc", Quantity: 11}}, FieldErrors{"items.1.quantity": KeyQuantityRange}},
		{"unknown product", []ItemRequest{{Product: "blade", Quantity: 1}}, FieldErrors{"items.0.product": KeyProductUnknown}},
		{"creator slug is no product", []ItemRequest{{Product: CreatorSlug, Quantity: 1}}, FieldErrors{"items.0.product": KeyProductUnknown}},
		{"neither product nor creator", []ItemRequest{{Quantity: 1}}, FieldErrors{"items.0": KeyItemAmbiguous}},
		{"both product and creator", []ItemRequest{{Product: "arc", Creator: testDesign(), Quantity: 1}}, FieldErrors{"items.0": KeyItemAmbiguous}},
		{"hilt with a variant", []ItemRequest{{Product: "arc", Variant: "crystal", Quantity: 1}}, FieldErrors{}},
		{"hilt with the standard variant", []ItemRequest{{Product: "arc", Variant: "standard", Quantity: 1}}, FieldErrors{}},
		{"hilt with an unknown variant", []ItemRequest{{Product: "arc", Variant: "kyber", Quantity: 1}}, FieldErrors{"items.0.variant": KeyVariantUnknown}},
		{"accessory with a variant", []ItemRequest{{Product: "plug", Variant: "crystal", Quantity: 1}}, FieldErrors{"items.0.variant": KeyVariantUnknown}},
		{"design with a variant", []ItemRequest{{Creator: testDesign(), Variant: "crystal", Quantity: 1}}, FieldErrors{"items.0.variant": KeyVariantUnknown}},
		{"design checked", []ItemRequest{{Creator: &CreatorConfig{}, Quantity: 1}}, FieldErrors{
			"items.0.creator.parts.emitter": KeyRequired, "items.0.creator.parts.grip": KeyRequired,
			"items.0.creator.generator": KeyRequired, "items.0.creator.button": KeyRequired,
			"items.0.creator.presets": KeyPresetsCount,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := validRequest()
			req.Items = c.items
			assertErrors(t, Validate(req, testCatalog()), c.want)
		})
	}
}

// TestMessageKeysComplete reads keys.go so that a Key constant added
// without listing it in MessageKeys (and so without a translation test)
// fails here.
func TestMessageKeysComplete(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "keys.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]bool{}
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			for i, name := range spec.(*ast.ValueSpec).Names {
				lit, ok := spec.(*ast.ValueSpec).Values[i].(*ast.BasicLit)
				if !ok || !strings.HasPrefix(name.Name, "Key") {
					continue
				}
				v, _ := strconv.Unquote(lit.Value)
				consts[v] = true
				if !slices.Contains(MessageKeys, v) {
					t.Errorf("%s (%q) is not in MessageKeys", name.Name, v)
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, k := range MessageKeys {
		if seen[k] || !consts[k] {
			t.Errorf("MessageKeys: %q repeated or not a Key constant", k)
		}
		seen[k] = true
	}
}
