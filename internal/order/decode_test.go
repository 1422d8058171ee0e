package order

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

// issueExample is the request shape the order API was specified with,
// verbatim (docs/decisions/code-and-tests.md#one-sample-order-request).
const issueExample = `{"locale": "pl", "terms_accepted": true, "expected_total": 159900, "code": "",
 "customer": {"first_name": "Anna", "last_name": "Nowak", "email": "anna@example.com", "phone": "+48 600 100 200",
              "country": "pl", "street": "Długa 1", "zip": "00-001", "city": "Warszawa"},
 "items": [{"product": "arc", "variant": "crystal", "quantity": 1}, {"creator": {}, "quantity": 1}]}`

func TestDecodeRequestIssueExample(t *testing.T) {
	req, err := DecodeRequest(strings.NewReader(issueExample))
	if err != nil {
		t.Fatal(err)
	}
	if req.Locale != "pl" || !req.TermsAccepted || req.ExpectedTotal != 159900 || req.Customer.Street != "Długa 1" {
		t.Errorf("decoded %+v", req)
	}
	if len(req.Items) != 2 || req.Items[0].Variant != "crystal" || req.Items[1].Creator == nil || req.Items[1].Quantity != 1 {
		t.Errorf("items %+v", req.Items)
	}
}

func TestDecodeRequestErrors(t *testing.T) {
	cases := []struct {
		name, body string
		want       error
		mention    string // in the message
	}{
		{"empty", "", ErrMalformed, "empty"},
		{"spaces only", "  \n", ErrMalformed, "empty"},
		{"syntax", `{"locale":`, ErrMalformed, ""},
		{"unknown top-level field", `{"locale":"pl","coupon":"X"}`, ErrMalformed, `"coupon"`},
		{"unknown nested field", `{"customer":{"first_name":"A","nickname":"B"}}`, ErrMalformed, `"nickname"`},
		{"unknown creator field", `{"items":[{"creator":{"blade":"x"},"quantity":1}]}`, ErrMalformed, `"blade"`},
		{"price sent by the client", `{"items":[{"product":"arc","quantity":1,"unit_price":1}]}`, ErrMalformed, `"unit_price"`},
		{"wrong type", `{"items":[{"product":"arc","quantity":"1"}]}`, ErrMalformed, "quantity"},
		{"number overflow", `{"items":[{"product":"arc","quantity":1e30}]}`, ErrMalformed, "quantity"},
		{"trailing value", `{} {}`, ErrMalformed, "after"},
		{"trailing junk", `{}x`, ErrMalformed, "after"},
		{"array", `[]`, ErrMalformed, ""},
		{"too large", `{"code":"` + strings.Repeat("a", MaxBodyBytes) + `"}`, ErrTooLarge, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeRequest(strings.NewReader(c.body))
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), c.mention) {
				t.Errorf("err = %v, want it to mention %s", err, c.mention)
			}
		})
	}
}

func TestDecodeJSONLimit(t *testing.T) {
	var v struct{ A string }
	// Exactly at the limit is fine, one byte over is not, also when the
	// first bytes already form a complete value.
	body := `{"A":"xx"}`
	if err := DecodeJSON(strings.NewReader(body), &v, int64(len(body))); err != nil || v.A != "xx" {
		t.Fatalf("at the limit: %v %+v", err, v)
	}
	if err := DecodeJSON(strings.NewReader(body), &v, int64(len(body)-1)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
	if err := DecodeJSON(strings.NewReader(body+"   \n"), &v, 100); err != nil {
		t.Fatalf("trailing white space: %v", err)
	}
	if err := DecodeJSON(strings.NewReader(body+strings.Repeat(" ", 100)), &v, 100); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("a valid value padded over the limit: %v", err)
	}
}

func TestDecodeJSONReaderError(t *testing.T) {
	boom := errors.New("connection reset")
	var v struct{}
	err := DecodeJSON(iotest.ErrReader(boom), &v, 10)
	if !errors.Is(err, boom) || errors.Is(err, ErrMalformed) {
		t.Fatalf("err = %v, want the reader's own error", err)
	}
}
