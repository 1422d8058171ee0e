package order

import "testing"

func TestNormalize(t *testing.T) {
	design := &CreatorConfig{
		Parts:     map[string]string{"emitter": " crown "},
		Generator: " crystal\t",
		Button:    " hold",
		Presets:   []Preset{{Color: " #FF1A1A ", Clash: "#ABCDEF", Effect: " steady", Ignition: "standard ", Retraction: " scroll ", Sound: " classic "}},
	}
	req := Request{
		Locale: " PL ", Code: " spring10 ",
		Customer: Customer{
			FirstName: "  Anna ", LastName: "Nowak\t", Email: "  Anna.Nowak@Example.COM ", Phone: " +48 600 100 200 ",
			Country: " PL", Street: " Długa 1 ", Zip: "  sw1a \t 1aa ", City: " Warszawa\n",
		},
		Items: []ItemRequest{{Product: " arc ", Variant: " crystal ", Quantity: 1}, {Creator: design, Quantity: 1}},
	}
	Normalize(&req)
	want := Customer{FirstName: "Anna", LastName: "Nowak", Email: "Anna.Nowak@example.com", Phone: "+48 600 100 200",
		Country: "pl", Street: "Długa 1", Zip: "SW1A 1AA", City: "Warszawa"}
	if req.Customer != want {
		t.Errorf("customer\n got %+v\nwant %+v", req.Customer, want)
	}
	if req.Locale != "pl" || req.Code != "SPRING10" || req.Items[0].Product != "arc" || req.Items[0].Variant != "crystal" {
		t.Errorf("request %+v", req)
	}
	p := design.Presets[0]
	if design.Parts["emitter"] != "crown" || design.Generator != "crystal" || design.Button != "hold" ||
		p != (Preset{Color: "#ff1a1a", Clash: "#abcdef", Effect: "steady", Ignition: "standard", Retraction: "scroll", Sound: "classic"}) {
		t.Errorf("design %+v", design)
	}
}

func TestNormalizeEmail(t *testing.T) {
	for in, want := range map[string]string{
		"Anna@Example.COM": "Anna@example.com", // the local part is the server's
		"no-at-sign":       "no-at-sign",
		"a@b@C.D":          "a@b@c.d", // invalid anyway; only the part after the last @
		"":                 "",
	} {
		if got := normalizeEmail(in); got != want {
			t.Errorf("normalizeEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
