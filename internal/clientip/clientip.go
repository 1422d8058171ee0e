// Package clientip says which address a request came from, for the
// per-address limits and the owner's audit log.
package clientip

import (
	"net"
	"net/http"
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
