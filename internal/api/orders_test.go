package api_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/api"
	"sabershop/internal/order"
)

// view is the order as POST /v1/orders and GET /v1/orders/{hash} show it.
type view = api.OrderView

func (p placed) view(t *testing.T) view {
	t.Helper()
	var v view
	if err := json.Unmarshal(p.Order, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

var urlSafe = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// An order like the documented example (docs/api.md#post-v1orders), with a
// real design: 201 with a random URL-safe hash of at least 128 bits, the
// Polish status link also in Location, amounts priced from the catalogue in
// PLN with the waste fee itemised, the order stored with its design, and its
// e-mail delivered over SMTP with the absolute status link.
func TestOrderPlaced(t *testing.T) {
	e := newEnv(t)
	req := e.orderRequest()
	// Arc 1499.00 + crystal 150.00; the default design is the creator's
	// base 1699.00 with free parts; shipping to Poland 19.00; 0.12 waste
	// fee per saber, included in the prices.
	const subtotal, shipping = 149900 + 15000 + 169900, 1900
	req.ExpectedTotal = subtotal + shipping
	r := e.post("/v1/orders", req)
	wantStatus(t, r, http.StatusCreated)
	var p placed
	r.Decode(t, &p)

	raw, err := base64.RawURLEncoding.DecodeString(p.Hash)
	if !urlSafe.MatchString(p.Hash) || err != nil || len(raw)*8 < 128 {
		t.Fatalf("hash %q: %d bits, %v", p.Hash, len(raw)*8, err)
	}
	if p.StatusURL != "/pl/status/"+p.Hash {
		t.Errorf("status_url %q", p.StatusURL)
	}
	if got := r.Header.Get("Location"); got != p.StatusURL {
		t.Errorf("Location %q, want %q", got, p.StatusURL)
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		t.Errorf("Content-Type %q", r.Header.Get("Content-Type"))
	}
	if p.Message == "" || !strings.Contains(p.Message, "Dziękujemy") {
		t.Errorf("message %q, want Polish", p.Message)
	}

	v := p.view(t)
	wantTotals := order.Totals{Subtotal: subtotal, Shipping: shipping, WasteFee: 24, Total: subtotal + shipping}
	if v.Totals != wantTotals || v.Currency != "PLN" || v.Locale != "pl" || v.Status != order.Placed || v.Hash != p.Hash {
		t.Errorf("order: %+v %s %s %s", v.Totals, v.Currency, v.Locale, v.Status)
	}
	if len(v.Lines) != 2 {
		t.Fatalf("%d lines", len(v.Lines))
	}
	arc, custom := v.Lines[0], v.Lines[1]
	if arc.Product != "arc" || arc.Variant != "crystal" || arc.UnitPrice != 164900 || arc.Total != 164900 || arc.WasteFee != 12 {
		t.Errorf("arc line %+v", arc)
	}
	design := order.DefaultCreator(e.cat)
	if custom.Product != order.CreatorSlug || custom.UnitPrice != 169900 || custom.WasteFee != 12 ||
		custom.Creator == nil || !reflect.DeepEqual(*custom.Creator, design) {
		t.Errorf("creator line %+v", custom)
	}
	if len(v.Timeline) != 1 || !v.Timeline[0].At.Equal(testNow) || !v.CreatedAt.Equal(testNow) {
		t.Errorf("timeline %+v, created %v", v.Timeline, v.CreatedAt)
	}
	if !reflect.DeepEqual(v.Actions, []string{"pay", "add_coupon"}) || v.CouponMinimum != 100000 {
		t.Errorf("actions %v, coupon_minimum %d", v.Actions, v.CouponMinimum)
	}

	// Stored as answered, with the design.
	o := e.storedOrder(p.Hash)
	if o.ID != v.ID || o.ID == 0 || o.Totals != wantTotals || o.Currency != "PLN" || o.CatalogVersion != e.cat.Version {
		t.Errorf("stored %+v", o)
	}
	if o.Lines[1].Creator == nil || !reflect.DeepEqual(*o.Lines[1].Creator, design) {
		t.Errorf("stored design %+v", o.Lines[1].Creator)
	}
	if c := e.counts(); c["orders"] != 1 || c["outbox"] != 2 { // the shopper's e-mail and the owner's
		t.Errorf("counts %v", c)
	}
	if e.kicks.Load() == 0 {
		t.Error("the mail worker was not kicked")
	}

	// The same order from GET.
	g := e.get("/v1/orders/" + p.Hash)
	wantStatus(t, g, http.StatusOK)
	if g.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Errorf("Referrer-Policy %q", g.Header.Get("Referrer-Policy"))
	}
	var gv view
	g.Decode(t, &gv)
	if !reflect.DeepEqual(gv, v) {
		t.Errorf("GET differs from the 201:\n%+v\n%+v", gv, v)
	}

	// The e-mails, over SMTP: the shopper's, then the owner's.
	got := e.drain()
	if len(got) != 2 {
		t.Fatalf("%d e-mails", len(got))
	}
	m := got[0]
	if address(t, m.Header, "To") != "anna@example.com" || len(m.RcptTo) != 1 || m.RcptTo[0] != "anna@example.com" {
		t.Errorf("To %q, RCPT %v", m.Header.Get("To"), m.RcptTo)
	}
	if !strings.Contains(m.Subject, "Zamówienie #1") {
		t.Errorf("subject %q", m.Subject)
	}
	link := baseURL + "/pl/status/" + p.Hash
	contains(t, "text part", m.Text, link)
	contains(t, "HTML part", m.HTML, link)
	if c := e.counts(); c["outbox"] != 0 || c["sent"] != 2 {
		t.Errorf("after delivery: %v", c)
	}

	// The owner's, in the owner's language (ORDERD_OWNER_LOCALE unset:
	// the desk's default, Polish, though the site's default is English),
	// with the order's link, the customer and the build sheet; a reply
	// goes to the customer.
	owner := got[1]
	if address(t, owner.Header, "To") != ownerEmail || address(t, owner.Header, "Reply-To") != "anna@example.com" {
		t.Errorf("owner's e-mail: To %q, Reply-To %q", owner.Header.Get("To"), owner.Header.Get("Reply-To"))
	}
	if !strings.HasPrefix(owner.Subject, "Nowe zamówienie #1:") {
		t.Errorf("owner's subject %q", owner.Subject)
	}
	sheet := []string{link, req.Customer.Phone, req.Customer.City, "Emiter:", "  Preset 1", "Kolor ostrza:", "[" + design.Parts["emitter"] + "]"}
	for _, want := range sheet {
		contains(t, "owner's text part", owner.Text, want)
	}
}

// The status link and the currency follow the locale; every order gets
// its own hash and ID.
func TestOrderLocales(t *testing.T) {
	e := newEnv(t)
	hashes := map[string]bool{}
	var links []string
	for i, c := range []struct{ locale, prefix, currency string }{
		{"en", "/status/", "EUR"}, {"pl", "/pl/status/", "PLN"}, {"de", "/de/status/", "EUR"},
	} {
		req := e.orderRequest()
		req.Locale = c.locale
		req.Customer.Country, req.Customer.Zip = "de", "10115"
		p := e.place(e.priced(req))
		if p.StatusURL != c.prefix+p.Hash || hashes[p.Hash] {
			t.Errorf("%s: status_url %q", c.locale, p.StatusURL)
		}
		hashes[p.Hash] = true
		links = append(links, baseURL+p.StatusURL)
		v := p.view(t)
		if v.Currency != c.currency || v.ID != uint64(i+1) {
			t.Errorf("%s: currency %s, id %d", c.locale, v.Currency, v.ID)
		}
		// Shipping to Germany in the order's currency: EUR 15.00, PLN 64.00.
		if want := map[string]int64{"EUR": 1500, "PLN": 6400}[c.currency]; v.Totals.Shipping != want {
			t.Errorf("%s: shipping %d, want %d", c.locale, v.Totals.Shipping, want)
		}
	}
	got := e.drain()
	if len(got) != 2*len(links) {
		t.Fatalf("%d e-mails for %d orders", len(got), len(links))
	}
	for i, m := range got { // the outbox goes oldest first: each order's, then the owner's
		contains(t, "e-mail "+links[i/2], m.Text, links[i/2])
	}
	if len(e.allOrders()) != 3 {
		t.Errorf("%d orders", len(e.allOrders()))
	}
}

// A total other than the server's is 409 prices_changed with the new
// totals and lines, and nothing is stored: no order, no e-mail, no
// idempotency record.
func TestOrderPricesChanged(t *testing.T) {
	e := newEnv(t)
	req := e.priced(e.orderRequest())
	right := req.ExpectedTotal
	req.ExpectedTotal = right - 100
	r := e.post("/v1/orders", req, "Idempotency-Key", "k-409")
	wantStatus(t, r, http.StatusConflict)
	var a struct {
		Code          string       `json:"code"`
		Message       string       `json:"message"`
		Currency      string       `json:"currency"`
		Totals        order.Totals `json:"totals"`
		Lines         []order.Line `json:"lines"`
		ExpectedTotal int64        `json:"expected_total"`
	}
	r.Decode(t, &a)
	if a.Code != "prices_changed" || a.Totals.Total != right || a.Currency != "PLN" || len(a.Lines) != 2 || a.ExpectedTotal != right-100 {
		t.Errorf("409: %s", r.Body)
	}
	if !strings.Contains(a.Message, "Ceny") {
		t.Errorf("message %q, want Polish", a.Message)
	}
	for _, b := range []string{"orders", "orders_by_id", "orders_by_email", "outbox", "idempotency"} {
		if n := e.counts()[b]; n != 0 {
			t.Errorf("%s: %d after a 409", b, n)
		}
	}
	if e.kicks.Load() != 0 {
		t.Error("kicked without an e-mail")
	}
	// Confirming the new total places the order (the key was not used up).
	req.ExpectedTotal = right
	e.place(req, "Idempotency-Key", "k-409")
	if len(e.allOrders()) != 1 {
		t.Error("no order after confirming the new total")
	}
}

// talon costs PLN 1699.00 until 2026-10-31 and PLN 1499.00 from 2026-11-01
// (00:00 UTC): an order is priced at the instant it arrives, and a cart
// seen before the change is refused with the new total after it.
func TestOrderDatedPriceList(t *testing.T) {
	e := newEnv(t)
	req := e.orderRequest()
	req.Items = []order.ItemRequest{{Product: "talon", Quantity: 2}}
	before := time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC)
	after := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

	e.clock.Set(before)
	old := e.priced(req)
	if v := e.place(old).view(t); v.Lines[0].UnitPrice != 169900 || v.Totals.Subtotal != 339800 {
		t.Errorf("before the change: %+v", v.Lines[0])
	}

	e.clock.Set(after)
	r := e.post("/v1/orders", old)
	wantStatus(t, r, http.StatusConflict)
	var changed struct {
		Totals order.Totals `json:"totals"`
		Lines  []order.Line `json:"lines"`
	}
	r.Decode(t, &changed)
	if changed.Lines[0].UnitPrice != 149900 || changed.Totals.Total != 2*149900+1900 {
		t.Errorf("409 after the change: %s", r.Body)
	}
	if v := e.place(e.priced(req)).view(t); v.Lines[0].UnitPrice != 149900 || v.Totals.Total != 2*149900+1900 {
		t.Errorf("after the change: %+v", v.Lines[0])
	}
	if n := len(e.allOrders()); n != 2 {
		t.Errorf("%d orders", n)
	}
}

// The waste fee is per saber (hilts and designs, not accessories),
// included in the prices and itemised: EUR 0.04 / PLN 0.12 a unit.
func TestOrderWasteFee(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		locale, currency string
		arc, plug, fee   int64
	}{{"en", "EUR", 34900, 1500, 4}, {"pl", "PLN", 149900, 6500, 12}} {
		design := order.DefaultCreator(e.cat)
		req := e.orderRequest()
		req.Locale = c.locale
		req.Items = []order.ItemRequest{{Product: "arc", Quantity: 3}, {Product: "plug", Quantity: 2}, {Creator: &design, Quantity: 1}}
		v := e.place(e.priced(req)).view(t)
		if v.Currency != c.currency {
			t.Errorf("%s: currency %s", c.locale, v.Currency)
		}
		if l := v.Lines[0]; l.WasteFee != 3*c.fee || l.Total != 3*c.arc || l.UnitPrice != c.arc {
			t.Errorf("%s: arc line %+v", c.locale, l)
		}
		if l := v.Lines[1]; l.WasteFee != 0 || l.Total != 2*c.plug {
			t.Errorf("%s: plug line %+v", c.locale, l)
		}
		if l := v.Lines[2]; l.WasteFee != c.fee {
			t.Errorf("%s: design line %+v", c.locale, l)
		}
		tt := v.Totals
		if tt.WasteFee != 4*c.fee || tt.Subtotal != v.Lines[0].Total+v.Lines[1].Total+v.Lines[2].Total ||
			tt.Total != tt.Subtotal+tt.Shipping {
			t.Errorf("%s: totals %+v (the fee is included, not added)", c.locale, tt)
		}
	}
}

// GET /v1/orders/{hash}: an unknown hash and a malformed one are the same
// translated 404.
func TestOrderGetNotFound(t *testing.T) {
	e := newEnv(t)
	p := e.place(e.priced(e.orderRequest()))
	unknown, _ := order.NewHash()
	for _, h := range []string{unknown, "abc", strings.Repeat("A", order.HashLen+1), p.Hash[:order.HashLen-1] + "=", strings.ToUpper(p.Hash) + "x"} {
		r := e.get("/v1/orders/"+h, "Accept-Language", "de")
		wantStatus(t, r, http.StatusNotFound)
		if b := r.Err(t); b.Code != "order_not_found" || !strings.Contains(b.Message, "Bestellung") {
			t.Errorf("%q: %s", h, r.Body)
		}
	}
	wantStatus(t, e.get("/v1/orders/"+p.Hash), http.StatusOK)
}

// Bodies that are not one JSON object of the request's shape are 400,
// translated; nothing is stored.
func TestOrderMalformed(t *testing.T) {
	e := newEnv(t)
	valid, _ := json.Marshal(e.priced(e.orderRequest()))
	for name, body := range map[string]string{
		"syntax":                 `{"locale": "pl",`,
		"empty":                  ``,
		"not an object":          `[1, 2]`,
		"wrong type":             `{"locale": 1}`,
		"unknown field":          `{"locale": "pl", "price": 1}`,
		"unknown customer field": strings.Replace(string(valid), `"first_name"`, `"nick":"x","first_name"`, 1),
		"trailing data":          string(valid) + ` {}`,
		"trailing junk":          string(valid) + `x`,
	} {
		r := e.post("/v1/orders", body, "Accept-Language", "pl")
		wantStatus(t, r, http.StatusBadRequest)
		if b := r.Err(t); b.Code != "malformed_json" || !strings.Contains(b.Message, "Odśwież") {
			t.Errorf("%s: %s", name, r.Body)
		}
	}
	if c := e.counts(); c["orders"] != 0 || c["outbox"] != 0 {
		t.Errorf("counts %v", c)
	}
	// The valid body itself is fine (so the failures above are the edits).
	wantStatus(t, e.post("/v1/orders", valid), http.StatusCreated)
}

// fieldCase is one broken request and the one error it must give.
type fieldCase struct {
	name  string
	edit  func(*order.Request)
	field string
	key   string
}

func fieldCases() []fieldCase {
	cust := func(f func(*order.Customer)) func(*order.Request) {
		return func(r *order.Request) { f(&r.Customer) }
	}
	design := func(f func(*order.CreatorConfig)) func(*order.Request) {
		return func(r *order.Request) { f(r.Items[1].Creator) }
	}
	cs := []fieldCase{
		{"email format", cust(func(c *order.Customer) { c.Email = "anna@example" }), "email", order.KeyEmailInvalid},
		{"email no @", cust(func(c *order.Customer) { c.Email = "anna.example.com" }), "email", order.KeyEmailInvalid},
		{"email display name", cust(func(c *order.Customer) { c.Email = "Anna <anna@example.com>" }), "email", order.KeyEmailInvalid},
		{"phone letters", cust(func(c *order.Customer) { c.Phone = "+48 600 CALL ME" }), "phone", order.KeyPhoneInvalid},
		{"phone short", cust(func(c *order.Customer) { c.Phone = "12 34" }), "phone", order.KeyPhoneInvalid},
		{"NIP check digit", cust(func(c *order.Customer) { c.Company, c.VATID = "Kuźnia sp. z o.o.", "526-025-02-75" }), "vat_id", order.KeyVATIDInvalid},
		{"VAT ID not EU", cust(func(c *order.Customer) { c.Company, c.VATID = "Forge AG", "CHE123456789" }), "vat_id", order.KeyVATIDInvalid},
		{"VAT ID without company", cust(func(c *order.Customer) { c.VATID = "PL5260250274" }), "company", order.KeyRequired},
		{"company without VAT ID", cust(func(c *order.Customer) { c.Company = "Kuźnia sp. z o.o." }), "vat_id", order.KeyRequired},
		{"zip pl without dash", cust(func(c *order.Customer) { c.Zip = "00001" }), "zip", order.KeyZipInvalid},
		{"zip de 4 digits", cust(func(c *order.Customer) { c.Country, c.Zip = "de", "1011" }), "zip", order.KeyZipInvalid},
		{"zip de in pl form", cust(func(c *order.Customer) { c.Country, c.Zip = "de", "10-115" }), "zip", order.KeyZipInvalid},
		{"country unknown", cust(func(c *order.Customer) { c.Country = "us" }), "country", order.KeyCountryUnknown},
		{"terms", func(r *order.Request) { r.TermsAccepted = false }, "terms_accepted", order.KeyTermsRequired},
		{"quantity 0", func(r *order.Request) { r.Items[0].Quantity = 0 }, "items.0.quantity", order.KeyQuantityRange},
		{"quantity 11", func(r *order.Request) { r.Items[0].Quantity = 11 }, "items.0.quantity", order.KeyQuantityRange},
		{"product unknown", func(r *order.Request) { r.Items[0].Product = "lightwhip" }, "items.0.product", order.KeyProductUnknown},
		{"variant on accessory", func(r *order.Request) { r.Items[0].Product = "plug" }, "items.0.variant", order.KeyVariantUnknown},
		{"variant unknown", func(r *order.Request) { r.Items[0].Variant = "kyber" }, "items.0.variant", order.KeyVariantUnknown},
		{"no items", func(r *order.Request) { r.Items = nil }, "items", order.KeyItemsRequired},
		{"part unknown", design(func(c *order.CreatorConfig) { c.Parts["emitter"] = "plasma" }), "items.1.creator.parts.emitter", order.KeyPartUnknown},
		{"part missing", design(func(c *order.CreatorConfig) { delete(c.Parts, "grip") }), "items.1.creator.parts.grip", order.KeyRequired},
		{"slot unknown", design(func(c *order.CreatorConfig) { c.Parts["blade"] = "long" }), "items.1.creator.parts", order.KeyPartUnknown},
		{"generator unknown", design(func(c *order.CreatorConfig) { c.Generator = "fusion" }), "items.1.creator.generator", order.KeyGeneratorUnknown},
		{"button unknown", design(func(c *order.CreatorConfig) { c.Button = "voice" }), "items.1.creator.button", order.KeyOptionUnknown},
		{"effect unknown", design(func(c *order.CreatorConfig) { c.Presets[2].Effect = "strobe" }), "items.1.creator.presets.2.effect", order.KeyOptionUnknown},
		{"colour", design(func(c *order.CreatorConfig) { c.Presets[0].Color = "red" }), "items.1.creator.presets.0.color", order.KeyColorInvalid},
		{"clash colour", design(func(c *order.CreatorConfig) { c.Presets[5].Clash = "#12345" }), "items.1.creator.presets.5.clash", order.KeyColorInvalid},
		{"presets count", design(func(c *order.CreatorConfig) { c.Presets = c.Presets[:5] }), "items.1.creator.presets", order.KeyPresetsCount},
		{"locale unknown", func(r *order.Request) { r.Locale = "fr" }, "locale", order.KeyLocaleUnknown},
		{"locale missing", func(r *order.Request) { r.Locale = "" }, "locale", order.KeyRequired},
	}
	for _, f := range []struct {
		name string
		set  func(*order.Customer)
	}{
		{"first_name", func(c *order.Customer) { c.FirstName = " " }},
		{"last_name", func(c *order.Customer) { c.LastName = "" }},
		{"email", func(c *order.Customer) { c.Email = "" }},
		{"phone", func(c *order.Customer) { c.Phone = "" }},
		{"country", func(c *order.Customer) { c.Country = "" }},
		{"street", func(c *order.Customer) { c.Street = "" }},
		{"zip", func(c *order.Customer) { c.Zip = "" }},
		{"city", func(c *order.Customer) { c.City = "\t" }},
	} {
		cs = append(cs, fieldCase{f.name + " required", cust(f.set), f.name, order.KeyRequired})
	}
	return cs
}

// Every field rule: 422 with exactly the broken field under errors (a
// stable key) and messages (its text), and nothing stored.
func TestOrderFieldErrors(t *testing.T) {
	e := newEnv(t)
	for _, c := range fieldCases() {
		t.Run(c.name, func(t *testing.T) {
			req := e.priced(e.orderRequest())
			c.edit(&req)
			r := e.post("/v1/orders", req)
			wantStatus(t, r, http.StatusUnprocessableEntity)
			b := r.Err(t)
			if b.Code != "invalid_fields" || b.Message == "" {
				t.Errorf("code %q message %q", b.Code, b.Message)
			}
			if len(b.Errors) != 1 || b.Errors[c.field] != c.key {
				t.Errorf("errors %v, want %s: %s", b.Errors, c.field, c.key)
			}
			if len(b.Messages) != 1 || b.Messages[c.field] == "" || b.Messages[c.field] == c.key {
				t.Errorf("messages %v", b.Messages)
			}
		})
	}
	if c := e.counts(); c["orders"] != 0 || c["outbox"] != 0 {
		t.Errorf("counts %v", c)
	}
}

// The messages are in the order's language; several errors are reported
// at once; valid postal codes pass.
func TestOrderFieldMessagesTranslated(t *testing.T) {
	e := newEnv(t)
	req := e.priced(e.orderRequest())
	req.Customer.Email, req.Customer.Zip, req.TermsAccepted = "anna@", "00001", false
	b := e.post("/v1/orders", req).Err(t)
	want := map[string]string{
		"email":          "Podaj poprawny adres e-mail.",
		"zip":            "Podaj poprawny kod pocztowy dla wybranego kraju.",
		"terms_accepted": "Zaakceptuj regulamin.",
	}
	if !reflect.DeepEqual(b.Messages, want) || b.Message != "Popraw zaznaczone pola." {
		t.Errorf("Polish: %q %v", b.Message, b.Messages)
	}

	req = e.priced(e.orderRequest())
	req.Locale = "de"
	req.Customer.Country, req.Customer.Zip, req.Customer.FirstName = "de", "1011", ""
	b = e.post("/v1/orders", req).Err(t)
	want = map[string]string{
		"zip":        "Bitte gib eine gültige Postleitzahl für das gewählte Land ein.",
		"first_name": "Dieses Feld ist erforderlich.",
	}
	if !reflect.DeepEqual(b.Messages, want) {
		t.Errorf("German: %v", b.Messages)
	}

	for _, c := range []struct{ locale, country, zip string }{
		{"pl", "pl", "00-001"}, {"pl", "pl", " 00-001 "}, {"de", "de", "10115"}, {"en", "uk", "sw1a 1aa"}, {"en", "nl", "1012 AB"},
	} {
		req := e.orderRequest()
		req.Locale, req.Customer.Country, req.Customer.Zip = c.locale, c.country, c.zip
		e.place(e.priced(req))
	}
}

// A paused shop refuses orders with 409 and the spec's texts, storing
// nothing; an answer already given to an Idempotency-Key is still
// replayed.
func TestOrderPaused(t *testing.T) {
	e := newEnv(t)
	req := e.priced(e.orderRequest())
	first := e.post("/v1/orders", req, "Idempotency-Key", "before-pause")
	wantStatus(t, first, http.StatusCreated)
	e.setOpen(false)

	other := req
	other.Customer.FirstName = "Ewa"
	r := e.post("/v1/orders", other)
	wantStatus(t, r, http.StatusConflict)
	var a struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Paused  struct {
			Title, Button, Message string
		} `json:"paused"`
	}
	r.Decode(t, &a)
	if a.Code != "orders_paused" || a.Paused.Button != "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE" ||
		a.Paused.Title != "Zamówienia wstrzymane" || !strings.Contains(a.Message, "wstrzymane") {
		t.Errorf("409: %s", r.Body)
	}
	if c := e.counts(); c["orders"] != 1 || c["outbox"] != 2 {
		t.Errorf("counts %v", c)
	}

	again := e.post("/v1/orders", req, "Idempotency-Key", "before-pause")
	wantStatus(t, again, http.StatusCreated)
	if string(again.Body) != string(first.Body) {
		t.Error("the replay differs")
	}

	e.setOpen(true)
	e.place(other)
}

// Idempotency-Key: the same key and body get the same answer, once
// stored; another body under the key is 409.
func TestOrderIdempotency(t *testing.T) {
	e := newEnv(t)
	req := e.priced(e.orderRequest())
	body, _ := json.Marshal(req)
	first := e.post("/v1/orders", body, "Idempotency-Key", "abc-1")
	wantStatus(t, first, http.StatusCreated)
	if first.Header.Get("Idempotent-Replayed") != "" {
		t.Error("a first answer marked as replayed")
	}
	second := e.post("/v1/orders", body, "Idempotency-Key", "abc-1")
	wantStatus(t, second, http.StatusCreated)
	if string(second.Body) != string(first.Body) || second.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("replay: %s %q\n%s", second.Body, second.Header.Get("Idempotent-Replayed"), first.Body)
	}
	if n := len(e.allOrders()); n != 1 {
		t.Errorf("%d orders", n)
	}
	if c := e.counts(); c["outbox"] != 2 || c["idempotency"] != 1 {
		t.Errorf("counts %v", c)
	}

	req.Customer.FirstName = "Ewa"
	r := e.post("/v1/orders", req, "Idempotency-Key", "abc-1", "Accept-Language", "de")
	wantStatus(t, r, http.StatusConflict)
	if b := r.Err(t); b.Code != "idempotency_conflict" || b.Message == "" {
		t.Errorf("conflict: %s", r.Body)
	}
	// Another key is another order.
	e.place(req, "Idempotency-Key", "abc-2")
	if n := len(e.allOrders()); n != 2 {
		t.Errorf("%d orders", n)
	}
	// A key longer than 200 characters is refused.
	r = e.post("/v1/orders", req, "Idempotency-Key", strings.Repeat("k", 201))
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["idempotency_key"] != order.KeyTooLong {
		t.Errorf("long key: %s", r.Body)
	}
}

// A double submit (two requests at once, same key and body) stores one
// order; both get 201 with the same hash.
func TestOrderIdempotencyConcurrent(t *testing.T) {
	e := newEnv(t)
	body, _ := json.Marshal(e.priced(e.orderRequest()))
	for round := range 5 {
		key := "double-" + string(rune('a'+round))
		var wg sync.WaitGroup
		answers := make([]response, 2)
		start := make(chan struct{})
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				answers[i] = e.post("/v1/orders", body, "Idempotency-Key", key)
			}()
		}
		close(start)
		wg.Wait()
		var hashes [2]string
		for i, a := range answers {
			if a.Status != http.StatusCreated {
				t.Fatalf("round %d: answer %d: %d %s", round, i, a.Status, a.Body)
			}
			var p placed
			a.Decode(t, &p)
			hashes[i] = p.Hash
		}
		if hashes[0] != hashes[1] || hashes[0] == "" {
			t.Errorf("round %d: hashes %v", round, hashes)
		}
		if n := len(e.allOrders()); n != round+1 {
			t.Fatalf("round %d: %d orders", round, n)
		}
	}
	if c := e.counts(); c["outbox"] != 2*5 {
		t.Errorf("counts %v", c)
	}
}

// A company's invoice data is kept with the order, its VAT ID in the
// stored form, and shown on the shopper's order.
func TestOrderCompanyInvoiceData(t *testing.T) {
	e := newEnv(t)
	req := e.priced(e.orderRequest())
	req.Customer.Company, req.Customer.VATID = " Kuźnia Mieczy sp. z o.o. ", "526 025 02 74"
	r := e.post("/v1/orders", req)
	wantStatus(t, r, http.StatusCreated)
	var placed struct {
		Hash string `json:"hash"`
	}
	r.Decode(t, &placed)
	var view struct {
		Customer order.Customer `json:"customer"`
	}
	e.get("/v1/orders/"+placed.Hash).Decode(t, &view)
	if view.Customer.Company != "Kuźnia Mieczy sp. z o.o." || view.Customer.VATID != "PL5260250274" {
		t.Errorf("customer %+v", view.Customer)
	}
}
