package static

import (
	"net/http"
	"strings"
	"time"
)

// needsServeContent reports a request that the in-memory fast path leaves
// to http.ServeContent: ranges and the preconditions browsers do not send
// for plain page loads.
func needsServeContent(r *http.Request) bool {
	h := r.Header
	return h["Range"] != nil || h["If-Match"] != nil || h["If-Unmodified-Since"] != nil || h["If-Range"] != nil
}

var hdrAcceptRanges = []string{"bytes"}

// serveMemory answers a GET or HEAD from rp.body with precomputed headers,
// following http.ServeContent's rules for If-None-Match and
// If-Modified-Since (RFC 9110 §13.2.2).
func serveMemory(w http.ResponseWriter, r *http.Request, f *file, rp *rep) {
	unchanged := notModified(r, rp)
	memoryHeader(w.Header(), f, rp, unchanged)
	if unchanged {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(rp.body)
	}
}

// memoryHeader sets the headers of rp's answer from memory, a 200 or a
// 304 (which carries only the validators and caching's), beside the
// secure ones. The fast lane's header blocks come from here too (lane.go).
func memoryHeader(hdr http.Header, f *file, rp *rep, notModified bool) {
	hdr["Cache-Control"] = f.cacheControl
	hdr["Etag"] = rp.etag
	if f.vary != nil {
		hdr["Vary"] = f.vary
	}
	if notModified {
		return
	}
	hdr["Content-Type"] = f.contentType
	hdr["Content-Length"] = rp.length
	hdr["Last-Modified"] = rp.modified
	if rp.encoding != nil {
		hdr["Content-Encoding"] = rp.encoding
	} else {
		hdr["Accept-Ranges"] = hdrAcceptRanges
	}
}

// notModified: If-None-Match, when present, decides alone (weak
// comparison); else If-Modified-Since at one-second resolution.
func notModified(r *http.Request, rp *rep) bool {
	if inm := r.Header["If-None-Match"]; inm != nil {
		return etagListMatches(inm, rp.etag[0])
	}
	if ims := r.Header["If-Modified-Since"]; len(ims) > 0 && !isZeroTime(rp.modTime) {
		t, err := http.ParseTime(ims[0])
		return err == nil && !rp.modTime.Truncate(time.Second).After(t)
	}
	return false
}

// etagListMatches reports whether a field list of entity tags names etag
// or is "*"; W/ is ignored, as the weak comparison requires.
func etagListMatches(values []string, etag string) bool {
	for _, v := range values {
		for v != "" {
			var t string
			t, v, _ = strings.Cut(v, ",")
			t = strings.TrimSpace(t)
			if t == "*" || strings.TrimPrefix(t, "W/") == etag {
				return true
			}
		}
	}
	return false
}

// isZeroTime is ServeContent's test: no usable modification time.
func isZeroTime(t time.Time) bool {
	return t.IsZero() || t.Equal(time.Unix(0, 0))
}
