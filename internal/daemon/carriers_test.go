package daemon

import (
	"net"
	"strings"
	"testing"
)

// The carrier setting: the local ShipX with the sandbox's payments, off
// with real payments and no token, live with one; a live setting without
// its organization, or an address that is not one, stops the daemon
// naming what is wrong.
func TestCarrierSetting(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	token := env("ORDERD_SHIPX_TOKEN", "t0k3n", "ORDERD_SHIPX_ORGANIZATION", "1234", "ORDERD_SHIPX_WEBHOOK_SECRET", strings.Repeat("s", 24))
	for _, c := range []struct {
		setting, payments string
		getenv            func(string) string
		carrier, fake     bool
		err               string
	}{
		{"", "sandbox", env(), true, true, ""},
		{"", "tpay,paypal", env(), false, false, ""},
		{"", "tpay,paypal", token, true, false, ""},
		{"off", "sandbox", env(), false, false, ""},
		{"test", "tpay", token, true, false, ""},
		{"live", "tpay", env("ORDERD_SHIPX_TOKEN", "t0k3n"), false, false, "ORDERD_SHIPX_ORGANIZATION is not set"},
		{"ftp://shipx", "tpay", token, false, false, "-carriers"},
	} {
		got, err := setUpCarriers(c.setting, c.payments, "127.0.0.1:8080", c.getenv)
		if c.err != "" {
			if err == nil || !strings.Contains(strings.ToUpper(err.Error()), strings.ToUpper(c.err)) {
				t.Errorf("%q %s: error %v, want one naming %s", c.setting, c.payments, err, c.err)
			}
			continue
		}
		if err != nil || (got.carriers["inpost"] != nil) != c.carrier || (got.fake != nil) != c.fake {
			t.Errorf("%q %s: %+v, %v", c.setting, c.payments, got, err)
		}
	}
}

func TestSelfAddr(t *testing.T) {
	for in, want := range map[string]string{"0.0.0.0:8080": "127.0.0.1:8080", "[::]:8080": "127.0.0.1:8080", "127.0.0.1:4173": "127.0.0.1:4173"} {
		a, _ := net.ResolveTCPAddr("tcp", in)
		if got := selfAddr(a); got != want {
			t.Errorf("selfAddr(%s) = %s, want %s", in, got, want)
		}
	}
}
