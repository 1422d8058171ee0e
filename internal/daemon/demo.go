package daemon

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	"sabershop/internal/payment/sandbox"
)

// ErrSandboxPublic is returned by Run when the sandbox payments (test
// cards, no money) are configured for a shop whose address is not
// localhost and the owner did not ask for a demo shop (-demo): the test
// card 4242 4242 4242 4242 would "pay" real orders.
var ErrSandboxPublic = errors.New("the sandbox payments are on for a public shop")

// checkSandbox refuses the sandbox on a public address unless cfg.Demo.
// The address is the one links in e-mails use: baseURL (from -base-url, or
// http://localhost:PORT on a loopback listener), else the catalogue's
// base_url.
func checkSandbox(cfg Config, baseURL, catalogURL, listen string) error {
	if cfg.Demo || !hasProvider(cfg.Payments, sandbox.Name) {
		return nil
	}
	addr, from := baseURL, "-base-url / ORDERD_BASE_URL"
	if baseURL == "" {
		addr = catalogURL
		from = "base_url in content/config.toml, used because -base-url is not set and -addr " + listen + " is not a loopback address"
	}
	if localURL(addr) {
		return nil
	}
	return fmt.Errorf(`%w: the shop's address is %q (%s), not localhost, so anyone could "pay" a real order with the test card 4242 4242 4242 4242. Do one of these:
  - take real payments: -payments tpay,paypal (ORDERD_PAYMENTS=tpay,paypal) with the ORDERD_TPAY_* and ORDERD_PAYPAL_* settings (docs/payments.md);
  - run a demo shop on purpose: add -demo (ORDERD_DEMO=1); every page then shows a demo banner and every e-mail a demo notice;
  - try the shop on this machine only: -addr 127.0.0.1:PORT without -base-url, or -base-url http://localhost:PORT`, ErrSandboxPublic, addr, from)
}

func hasProvider(list, name string) bool {
	for p := range strings.SplitSeq(list, ",") {
		if strings.TrimSpace(p) == name {
			return true
		}
	}
	return false
}

// localURL reports an http(s) URL whose host is localhost (or a name under
// .localhost, RFC 6761) or a loopback IP: reachable from this machine only.
func localURL(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return false
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
