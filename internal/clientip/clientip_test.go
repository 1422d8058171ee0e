package clientip

import (
	"net/http/httptest"
	"testing"
)

func TestOf(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "192.0.2.7:4242"
	r.Header.Set("X-Forwarded-For", "203.0.113.9, 198.51.100.1")
	if got := Of(r, false); got != "192.0.2.7" {
		t.Errorf("without a proxy: %q", got)
	}
	if got := Of(r, true); got != "198.51.100.1" {
		t.Errorf("behind the proxy: %q (the proxy's own entry is the last)", got)
	}
}

// Addresses of one IPv6 /64 are one group; IPv4 addresses are their own.
func TestGroup(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.7":                 "192.0.2.7",
		"::ffff:192.0.2.7":          "192.0.2.7",
		"2001:db8:1:2:aaaa::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff:ffff::9": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":           "2001:db8:1:3::/64",
		"fe80::1%eth0":              "fe80::/64",
		"pipe":                      "pipe",
	} {
		if got := Group(in); got != want {
			t.Errorf("Group(%q) = %q, want %q", in, got, want)
		}
	}
}
