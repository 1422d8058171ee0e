package static

import (
	"bytes"
	"net/http"
	"sync/atomic"
)

// FastRequest is what the fast lane (internal/fastlane) read of a request:
// a GET or HEAD of a path, with the only two headers that choose among a
// file's answers. The lane leaves everything else to net/http.
type FastRequest struct {
	Head           bool
	Path           string // the path as sent, without the query: no escapes
	AcceptEncoding []string
	IfNoneMatch    []string
}

// FastAnswer is a whole answer but the status line's neighbours the lane
// writes itself (Date, Connection): the header lines, in the order and
// form net/http writes them, and the body (nil for HEAD and 304).
type FastAnswer struct {
	Status int
	Header []byte
	Body   []byte
}

// fastHeads are a representation's header blocks, made on first use.
type fastHeads struct {
	ok, notModified []byte
}

// Fast answers r exactly as ServeHTTP would, when it is a file kept in
// memory whose answer is a 200 or a 304 with the headers every such
// answer carries; false leaves the request to ServeHTTP (redirects,
// 404s, files on disk, the status pages' shells, conditions on dates).
// internal/daemon's TestFastLaneAnswersAsNetHTTP compares the two on every file.
func (h *Handler) Fast(r *FastRequest) (FastAnswer, bool) {
	s := h.current()
	if !validPath(r.Path) {
		return FastAnswer{}, false
	}
	f, redirect := s.route(r.Path)
	if f == nil || redirect != "" || f.statusShell {
		return FastAnswer{}, false
	}
	rp := f.identity()
	if len(f.reps) > 1 {
		rp = parseAcceptEncoding(r.AcceptEncoding).choose(f.reps)
	}
	if rp.body == nil {
		return FastAnswer{}, false
	}
	heads := rp.fast.Load()
	if heads == nil {
		heads = h.fastHeads(s, f, rp)
		rp.fast.Store(heads)
	}
	if len(r.IfNoneMatch) > 0 && etagListMatches(r.IfNoneMatch, rp.etag[0]) {
		return FastAnswer{Status: http.StatusNotModified, Header: heads.notModified}, true
	}
	a := FastAnswer{Status: http.StatusOK, Header: heads.ok}
	if !r.Head {
		a.Body = rp.body
	}
	return a, true
}

// fastHeads writes the header blocks of rp's 200 and 304 with the same
// code that fills ServeHTTP's (secure, memoryHeader), in net/http's wire
// form (http.Header.Write: sorted, canonical names).
func (h *Handler) fastHeads(s *snapshot, f *file, rp *rep) *fastHeads {
	block := func(notModified bool) []byte {
		hdr := http.Header{}
		h.secure(hdr, s)
		memoryHeader(hdr, f, rp, notModified)
		var b bytes.Buffer
		_ = hdr.Write(&b)
		return b.Bytes()
	}
	return &fastHeads{ok: block(false), notModified: block(true)}
}

// fastSlot is rep's place for its header blocks.
type fastSlot = atomic.Pointer[fastHeads]
