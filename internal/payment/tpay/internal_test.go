package tpay

import "testing"

func TestParseAmount(t *testing.T) {
	for in, want := range map[string]int64{
		"1668.00": 166800, "0.1": 10, "0.10": 10, "5": 500, "364.01": 36401, "12.500": 1250, "0.07": 7,
	} {
		if got, err := parseAmount(in); err != nil || got != want {
			t.Errorf("parseAmount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "-1.00", "1.005", "1,00", "1e3", ".5", "abc", "1.2.3", "9999999999999999"} {
		if got, err := parseAmount(bad); err == nil {
			t.Errorf("parseAmount(%q) = %d, want an error", bad, got)
		}
	}
	for v, want := range map[amount]string{36400: "364.00", 10: "0.10", 166801: "1668.01"} {
		if b, _ := v.MarshalJSON(); string(b) != want {
			t.Errorf("amount(%d) = %s, want %s", v, b, want)
		}
	}
}

func TestAllowedCertURL(t *testing.T) {
	p := &Provider{cfg: Config{CertURLPrefixes: []string{ProductionCertPrefix}}}
	for x5u, want := range map[string]bool{
		"https://secure.tpay.com/x509/notifications-jws.pem":          true,
		"https://secure.tpay.com.evil.example/x509/notifications.pem": false,
		"https://secure.tpay.com@evil.example/x509/notifications.pem": false,
		"http://secure.tpay.com/x509/notifications-jws.pem":           false,
		"https://secure.sandbox.tpay.com/x509/notifications-jws.pem":  false,
		"": false,
	} {
		if got := p.allowedCertURL(x5u); got != want {
			t.Errorf("allowedCertURL(%q) = %v, want %v", x5u, got, want)
		}
	}
}

func TestLang(t *testing.T) {
	for in, want := range map[string]string{"pl": "pl", "de-DE": "de", "EN": "en", "cs": "en", "": "en"} {
		if got := lang(in); got != want {
			t.Errorf("lang(%q) = %q, want %q", in, got, want)
		}
	}
}
