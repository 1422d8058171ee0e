package daemon

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/shipping/pointcache"
	"sabershop/internal/shipping/shipx"
	"sabershop/internal/shipping/shipxfake"
)

// carrierSetting is where the daemon finds InPost's ShipX
// (Config.Carriers), with the organization's credentials in the
// environment (docs/deploy.md#parcels-and-labels-inpost):
//
//   - "sandbox": a local ShipX in this process (shipxfake), offline; its
//     webhooks come to this daemon's own address, and /sandbox/parcels/
//     moves its parcels along;
//   - "live": InPost's production ShipX, with ORDERD_SHIPX_TOKEN,
//     ORDERD_SHIPX_ORGANIZATION and ORDERD_SHIPX_WEBHOOK_SECRET;
//   - "test": InPost's own sandbox environment, with the same variables;
//   - an http(s) address: a service with ShipX's API there;
//   - "off": no carrier (lockers are not offered; parcels are booked by
//     hand);
//   - "": the local ShipX when every payment provider is the sandbox
//     (make run, the tests), live when ORDERD_SHIPX_TOKEN is set, off
//     otherwise.
type carrierSetup struct {
	carriers map[string]shipping.Carrier
	fake     *shipxfake.Fake // the local ShipX, or nil
}

func setUpCarriers(setting, payments, self string, getenv func(string) string) (carrierSetup, error) {
	setting = strings.TrimSpace(setting)
	token := getenv("ORDERD_SHIPX_TOKEN")
	if setting == "" {
		switch {
		case onlySandbox(payments):
			setting = "sandbox"
		case token != "":
			setting = "live"
		default:
			setting = "off"
		}
	}
	cfg := shipx.Config{Token: token, OrganizationID: getenv("ORDERD_SHIPX_ORGANIZATION"),
		WebhookSecret: getenv("ORDERD_SHIPX_WEBHOOK_SECRET"), SendingMethod: getenv("ORDERD_SHIPX_SENDING")}
	var out carrierSetup
	switch setting {
	case "off":
		return out, nil
	case "sandbox":
		f := shipxfake.New()
		f.ProcessDelay = 300 * time.Millisecond // 0.3 s: the desk shows "waiting for confirmation" for a moment, as with InPost
		f.SetWebhookURL("http://" + self + "/v1/carriers/inpost/webhook")
		out.fake = f
		cfg = shipx.Config{BaseURL: "http://shipx.sandbox", Token: f.Token, OrganizationID: f.OrganizationID,
			WebhookSecret: f.WebhookSecret, HTTP: f.Client()}
	case "live":
		cfg.BaseURL = shipx.ProductionURL
	case "test":
		cfg.BaseURL = shipx.SandboxURL
	default:
		u, err := url.Parse(setting)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return out, fmt.Errorf(`-carriers %q: want "sandbox", "live", "test", "off" or the http(s) address of a service with ShipX's API`, setting)
		}
		cfg.BaseURL = strings.TrimSuffix(setting, "/")
	}
	if setting != "sandbox" {
		for _, v := range []struct{ name, value string }{
			{"ORDERD_SHIPX_TOKEN", cfg.Token}, {"ORDERD_SHIPX_ORGANIZATION", cfg.OrganizationID}, {"ORDERD_SHIPX_WEBHOOK_SECRET", cfg.WebhookSecret},
		} {
			if strings.TrimSpace(v.value) == "" {
				return out, fmt.Errorf("InPost (ShipX, -carriers %s): %s is not set (docs/deploy.md#parcels-and-labels-inpost)", setting, v.name)
			}
		}
	}
	c, err := shipx.New(cfg)
	if err != nil {
		return out, fmt.Errorf("InPost (ShipX, -carriers %s): %w (docs/deploy.md#parcels-and-labels-inpost)", setting, err)
	}
	out.carriers = map[string]shipping.Carrier{c.Name(): pointcache.New(c)}
	return out, nil
}

// selfAddr is the address this daemon is reached at from its own
// process: the listener's, with an unspecified host (0.0.0.0, ::) as
// loopback.
func selfAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// sandboxParcels is /sandbox/parcels/ of a daemon with the local ShipX:
// its page that moves each parcel to its next status (as InPost would
// report it), and the switches the browser tests use to close a locker
// and to take the carrier down.
func sandboxParcels(f *shipxfake.Fake) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/sandbox/parcels/", http.StripPrefix("/sandbox/parcels", f.ControlHandler()))
	set := func(apply func(r *http.Request) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if err := apply(r); err != nil {
				http.Error(w, err.Error(), http.StatusNotFound)
				return
			}
			w.WriteHeader(http.StatusNoContent)
		}
	}
	mux.HandleFunc("POST /sandbox/parcels/close", set(func(r *http.Request) error { return f.Close(r.URL.Query().Get("code")) }))
	mux.HandleFunc("POST /sandbox/parcels/open", set(func(r *http.Request) error { return f.Open(r.URL.Query().Get("code")) }))
	mux.HandleFunc("POST /sandbox/parcels/down", set(func(r *http.Request) error {
		f.Down(r.URL.Query().Get("on") == "1")
		return nil
	}))
	// Writes from other sites are refused, as everywhere in the shop: a
	// page elsewhere must not move a local shop's parcels.
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
				http.Error(w, "cross-site request refused", http.StatusForbidden)
				return
			}
			if o := r.Header.Get("Origin"); o != "" && o != "null" && !sameHost(o, r.Host) {
				http.Error(w, "cross-site request refused", http.StatusForbidden)
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// sameHost reports whether origin ("http://localhost:8080") is host's.
func sameHost(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Host == host
}
