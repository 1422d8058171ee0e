// Package clientip says which address a request came from, for the
// per-address limits and the owner's audit log.
package clientip

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Of is the client's address: the last X-Forwarded-For entry when the
// daemon runs behind a proxy on the same host (trustProxy: the proxy
// appends the address it saw, and whatever the client sent is before it),
// else the connection's peer.
func Of(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			return strings.TrimSpace(parts[len(parts)-1])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// Group is the key the per-address limits count an address under: an
// IPv4 address itself, and an IPv6 address's /64, which one home
// connection or one server gets whole, so that walking through it does
// not make a guesser a crowd. Anything else (a test's "pipe") is its own
// group.
func Group(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.WithZone("").Prefix(64)
	return p.String()
}
