package order

import (
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

// lockerRequest is a Polish order of a plug to InPost's locker KRA01M.
func lockerRequest() Request {
	req := validRequest()
	req.Items = []ItemRequest{{Product: "plug", Quantity: 1}}
	req.Delivery = DeliveryRequest{Method: shipping.Locker, Point: "KRA01M"}
	return req
}

// Accessories go to a locker at the locker's price and time, in the
// smallest compartment they fit; a saber, 120 cm in its box, fits none.
func TestPriceLocker(t *testing.T) {
	cat := testCatalog()
	p, errs := Price(cat, lockerRequest(), time.Now())
	assertErrors(t, errs, FieldErrors{})
	if p.Totals.Shipping != 1499 || p.DeliveryDays != [2]int{1, 2} {
		t.Errorf("shipping %d in %v, want the locker's 14.99 in 1-2 days", p.Totals.Shipping, p.DeliveryDays)
	}
	d := p.Delivery
	if d.Method != shipping.Locker || d.Carrier != "inpost" || d.Size != shipping.SizeSmall ||
		d.Parcel != (catalog.Box{LengthCM: 24, WidthCM: 16, HeightCM: 6, WeightG: 400}) {
		t.Errorf("delivery %+v, want a small locker for a 6 cm box", d)
	}
	req := lockerRequest()
	req.Items[0].Quantity = 3 // 18 cm high: the medium compartment (19 cm)
	if p, _ := Price(cat, req, time.Now()); p.Delivery.Size != shipping.SizeMedium {
		t.Errorf("three plugs in %q, want medium", p.Delivery.Size)
	}
	req.Items[0].Quantity = 7 // 24 x 16 x 42 cm: the medium one still, the stack on its side
	if p, _ := Price(cat, req, time.Now()); p.Delivery.Size != shipping.SizeMedium {
		t.Errorf("seven plugs in %q, want medium", p.Delivery.Size)
	}
	req.Items = append(req.Items, ItemRequest{Product: "arc", Quantity: 1})
	_, errs = Price(cat, req, time.Now())
	assertErrors(t, errs, FieldErrors{"delivery.method": KeyLockerTooBig})
}

// The methods a basket is offered: every method of the country with its
// price, and the locker marked as not fitting, with its largest
// compartment, once a saber is in it.
func TestDeliveryOptions(t *testing.T) {
	cat := testCatalog()
	plugs := []Line{{Product: "plug", Quantity: 1}}
	got := DeliveryOptions(cat, "pl", "PLN", plugs)
	if len(got) != 2 || got[0].ID != shipping.Courier || !got[0].Fits || got[1].ID != shipping.Locker || !got[1].Fits || got[1].Cost != 1499 {
		t.Fatalf("options %+v", got)
	}
	got = DeliveryOptions(cat, "pl", "PLN", append(plugs, Line{Product: "arc", Quantity: 1}))
	if !got[0].Fits || got[1].Fits || got[1].Largest == nil || got[1].Largest.Size != shipping.SizeLarge || got[1].Parcel.LengthCM != 120 {
		t.Errorf("with a saber: %+v", got[1])
	}
	if got := DeliveryOptions(cat, "de", "EUR", plugs); len(got) != 1 || got[0].ID != shipping.Courier || got[0].Cost != 1500 {
		t.Errorf("de: %+v", got)
	}
	if DeliveryOptions(cat, "us", "EUR", plugs) != nil {
		t.Error("options for a country not delivered to")
	}
}

// A locker needs its code and a mobile number the carrier can text; a
// courier takes no locker.
func TestValidateDelivery(t *testing.T) {
	cat := testCatalog()
	cases := []struct {
		name   string
		change func(*Request)
		want   FieldErrors
	}{
		{"valid", func(*Request) {}, FieldErrors{}},
		{"no locker", func(r *Request) { r.Delivery.Point = "" }, FieldErrors{"delivery.point": KeyPointRequired}},
		{"junk code", func(r *Request) { r.Delivery.Point = "KRA 01<" }, FieldErrors{"delivery.point": KeyPointClosed}},
		{"landline", func(r *Request) { r.Customer.Phone = "+48 12 345 67 89" }, FieldErrors{"phone": KeyPhoneMobile}},
		{"courier with a locker", func(r *Request) { r.Delivery.Method = shipping.Courier }, FieldErrors{"delivery.point": KeyMethodUnknown}},
	}
	for _, c := range cases {
		req := lockerRequest()
		c.change(&req)
		Normalize(&req)
		assertErrors(t, Validate(req, cat), c.want)
	}
}

func TestMobileNumber(t *testing.T) {
	for _, c := range []struct{ phone, country, want string }{
		{"+48 600 100 200", "pl", "600100200"},
		{"0048600100200", "pl", "600100200"},
		{"600-100-200", "pl", "600100200"},
		{"+48 12 345 67 89", "pl", ""}, // Kraków's landline
		{"60010020", "pl", ""},
		{"+49 151 2345 6789", "de", "+4915123456789"},
	} {
		if got := MobileNumber(c.phone, c.country); got != c.want {
			t.Errorf("MobileNumber(%q, %s) = %q, want %q", c.phone, c.country, got, c.want)
		}
	}
}
