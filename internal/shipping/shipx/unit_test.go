package shipx

import (
	"strings"
	"testing"

	"sabershop/internal/shipping"
)

func TestSplitStreet(t *testing.T) {
	tests := []struct{ line, street, building string }{
		{"ul. Długa 5/3", "ul. Długa", "5/3"},
		{"Długa 5", "Długa", "5"},
		{"al. 3 Maja 12", "al. 3 Maja", "12"},
		{"Rynek Główny 1A", "Rynek Główny", "1A"},
		{"ul. Długa 5 m. 3", "ul. Długa", "5 m. 3"},
		{"os. Centrum C 7", "os. Centrum C", "7"},
		{"  ul.  Długa   5 ", "ul. Długa", "5"},
		{"ul. Długa", "ul. Długa", ""},
		{"11 Listopada", "11 Listopada", ""},
	}
	for _, tt := range tests {
		s, b := SplitStreet(tt.line)
		if s != tt.street || b != tt.building {
			t.Errorf("SplitStreet(%q) = %q, %q; want %q, %q", tt.line, s, b, tt.street, tt.building)
		}
	}
}

func TestPhone(t *testing.T) {
	tests := []struct{ in, want string }{
		{"601234567", "601234567"},
		{"+48 601 234 567", "601234567"},
		{"0048601234567", "601234567"},
		{"601-234-567", "601234567"},
		{"+49 30 1234567", "+49301234567"},
	}
	for _, tt := range tests {
		if got := Phone(tt.in); got != tt.want {
			t.Errorf("Phone(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		shipx string
		want  shipping.Status
	}{
		{"created", shipping.StatusCreated},
		{"offers_prepared", shipping.StatusCreated},
		{"confirmed", shipping.StatusConfirmed},
		{"dispatched_by_sender", shipping.StatusCollected},
		{"collected_from_sender", shipping.StatusCollected},
		{"adopted_at_sorting_center", shipping.StatusInTransit},
		{"out_for_delivery", shipping.StatusInTransit},
		{"ready_to_pickup", shipping.StatusReadyForPickup},
		{"pickup_reminder_sent", shipping.StatusReadyForPickup},
		{"delivered", shipping.StatusDelivered},
		{"returned_to_sender", shipping.StatusReturned},
		{"pickup_time_expired", shipping.StatusReturned},
		{"canceled", shipping.StatusCancelled},
		{"missing", shipping.StatusFailed},
		{"some_new_status", shipping.StatusInTransit},
	}
	for _, tt := range tests {
		if got := Status(tt.shipx); got != tt.want {
			t.Errorf("Status(%q) = %s, want %s", tt.shipx, got, tt.want)
		}
	}
}

func TestNew(t *testing.T) {
	ok := Config{BaseURL: SandboxURL, Token: "t", OrganizationID: "1", WebhookSecret: "0123456789abcdef"}
	tests := []struct {
		name string
		edit func(c *Config)
		err  string
	}{
		{"ok", func(*Config) {}, ""},
		{"no base", func(c *Config) { c.BaseURL = "" }, "BaseURL"},
		{"ftp base", func(c *Config) { c.BaseURL = "ftp://x" }, "BaseURL"},
		{"bad points", func(c *Config) { c.PointsURL = "points" }, "PointsURL"},
		{"no token", func(c *Config) { c.Token = "" }, "Token"},
		{"no organization", func(c *Config) { c.OrganizationID = "" }, "OrganizationID"},
		{"organization with a slash", func(c *Config) { c.OrganizationID = "1/../2" }, "OrganizationID"},
		{"short secret", func(c *Config) { c.WebhookSecret = "short" }, "WebhookSecret"},
		{"sending method", func(c *Config) { c.SendingMethod = "pigeon" }, "SendingMethod"},
	}
	for _, tt := range tests {
		c := ok
		tt.edit(&c)
		cl, err := New(c)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: %v, want an error about %s", tt.name, err, tt.err)
		case tt.err == "" && (cl.Name() != "inpost" || cl.cfg.SendingMethod != SendParcelLocker):
			t.Errorf("%s: %+v", tt.name, cl.cfg)
		}
	}
}

func TestTrackingURL(t *testing.T) {
	c, err := New(Config{BaseURL: SandboxURL, Token: "t", OrganizationID: "1", WebhookSecret: "0123456789abcdef"})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.TrackingURL("602677439331630337653846"); got != "https://inpost.pl/sledzenie-przesylek?number=602677439331630337653846" {
		t.Fatal(got)
	}
}

func TestFlatten(t *testing.T) {
	e := invalid(&httpError{code: 400, body: apiError{Error: "validation_failed", Message: "not valid",
		Details: []byte(`{"post_code":["invalid_format"],"receiver":{"phone":["invalid"]},"parcels":[{"template":["invalid"]}]}`)}})
	inv := e.(*shipping.InvalidError)
	want := map[string]string{"post_code": "invalid_format", "receiver.phone": "invalid", "parcels.template": "invalid"}
	for k, v := range want {
		if len(inv.Fields[k]) != 1 || inv.Fields[k][0] != v {
			t.Errorf("Fields[%s] = %v, want [%s]", k, inv.Fields[k], v)
		}
	}
	if inv.Message != "validation_failed: not valid" {
		t.Errorf("Message = %q", inv.Message)
	}
}
