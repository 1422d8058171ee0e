package daemon

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/testutil"
)

// The KSeF Offline certificate is read at start: none set is no offline
// mode; a good pair loads; one variable alone, a missing file, another
// key, an expired certificate are errors naming the variables.
func TestKSeFOfflineSetting(t *testing.T) {
	now := time.Now()
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cert, key := testutil.OfflineCert(t, true, now.AddDate(0, -1, 0))
	_, other := testutil.OfflineCert(t, true, now.AddDate(0, -1, 0))
	old, oldKey := testutil.OfflineCert(t, false, now.AddDate(-2, 0, 0))
	certP, keyP, otherP := write("cert.pem", cert), write("key.pem", key), write("other.pem", other)
	oldP, oldKeyP := write("old.pem", old), write("oldkey.pem", oldKey)
	env := func(c, k string) func(string) string {
		return func(v string) string {
			return map[string]string{"ORDERD_KSEF_OFFLINE_CERT": c, "ORDERD_KSEF_OFFLINE_KEY": k}[v]
		}
	}
	if s, err := ksefOffline(env("", ""), now); s != nil || err != nil {
		t.Errorf("none set: %v, %v", s, err)
	}
	if s, err := ksefOffline(env(certP, keyP), now); err != nil || s == nil || s.Serial != "01F20A5D352AE590" {
		t.Errorf("a good pair: %+v, %v", s, err)
	}
	for name, c := range map[string]struct{ cert, key, want string }{
		"cert alone":   {certP, "", "ORDERD_KSEF_OFFLINE_CERT is set without ORDERD_KSEF_OFFLINE_KEY"},
		"key alone":    {"", keyP, "ORDERD_KSEF_OFFLINE_KEY is set without ORDERD_KSEF_OFFLINE_CERT"},
		"no such file": {filepath.Join(dir, "nope.pem"), keyP, "ORDERD_KSEF_OFFLINE_CERT: open"},
		"another key":  {certP, otherP, "ORDERD_KSEF_OFFLINE_CERT, ORDERD_KSEF_OFFLINE_KEY: ksef: the offline key is not the certificate's"},
		"expired":      {oldP, oldKeyP, "ORDERD_KSEF_OFFLINE_CERT, ORDERD_KSEF_OFFLINE_KEY: ksef: the offline certificate is valid from"},
	} {
		if _, err := ksefOffline(env(c.cert, c.key), now); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
