package paypal

import "testing"

func TestFormatAmount(t *testing.T) {
	for _, c := range []struct {
		minor int64
		cur   string
		want  string
	}{
		{36400, "EUR", "364.00"}, {5, "EUR", "0.05"}, {166800, "PLN", "1668.00"},
		{1, "USD", "0.01"}, {99999999, "EUR", "999999.99"}, {110, "EUR", "1.10"},
	} {
		got, err := formatAmount(c.minor, c.cur)
		if err != nil || got != c.want {
			t.Errorf("formatAmount(%d, %s) = %q, %v; want %q", c.minor, c.cur, got, err, c.want)
		}
	}
	for _, c := range []struct {
		minor int64
		cur   string
	}{{0, "EUR"}, {-5, "EUR"}, {100, "eur"}, {100, "JPY"}, {100, "EURO"}} {
		if got, err := formatAmount(c.minor, c.cur); err == nil {
			t.Errorf("formatAmount(%d, %q) = %q, want an error", c.minor, c.cur, got)
		}
	}
}

func TestParseAmount(t *testing.T) {
	for in, want := range map[string]int64{
		"1668.00": 166800, "364.00": 36400, "0.05": 5, "12.5": 1250, "7": 700, "0.10": 10,
	} {
		if got, err := parseAmount(in, "EUR"); err != nil || got != want {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1.005", "-1.00", "+1.00", "1e3", "1,00", ".50", "7.", "1 .00", "NaN", "1234567890123456.00"} {
		if got, err := parseAmount(in, "EUR"); err == nil {
			t.Errorf("parseAmount(%q) = %d, want an error", in, got)
		}
	}
}

func FuzzAmountRoundTrip(f *testing.F) {
	f.Add(int64(36400))
	f.Fuzz(func(t *testing.T, minor int64) {
		if minor <= 0 || minor > 1e15 {
			return
		}
		s, err := formatAmount(minor, "EUR")
		if err != nil {
			t.Fatal(err)
		}
		if back, err := parseAmount(s, "EUR"); err != nil || back != minor {
			t.Fatalf("%d -> %q -> %d, %v", minor, s, back, err)
		}
	})
}
