package static

import "strings"

// coding is a content coding the build stores precompressed siblings for.
type coding uint8

const (
	identity coding = iota
	gzip
	brotli
)

func (c coding) ext() string {
	switch c {
	case gzip:
		return ".gz"
	case brotli:
		return ".br"
	}
	return ""
}

func (c coding) token() string {
	switch c {
	case gzip:
		return "gzip"
	case brotli:
		return "br"
	}
	return "identity"
}

// accepted holds the q-values (in thousandths) of an Accept-Encoding header
// for the codings served here; -1 means not mentioned.
type accepted struct {
	q    [3]int // by coding
	star int
}

// parseAcceptEncoding reads every Accept-Encoding field line. It allocates
// nothing: it runs on every request.
func parseAcceptEncoding(values []string) accepted {
	a := accepted{q: [3]int{-1, -1, -1}, star: -1}
	for _, v := range values {
		for v != "" {
			var elem string
			elem, v, _ = strings.Cut(v, ",")
			name, params, _ := strings.Cut(elem, ";")
			name = strings.TrimSpace(name)
			q, ok := qValue(params)
			if !ok {
				continue
			}
			switch {
			case strings.EqualFold(name, "br"):
				a.q[brotli] = q
			case strings.EqualFold(name, "gzip"), strings.EqualFold(name, "x-gzip"):
				a.q[gzip] = q
			case strings.EqualFold(name, "identity"):
				a.q[identity] = q
			case name == "*":
				a.star = q
			}
		}
	}
	return a
}

// qValue finds q= among an element's parameters: 1000 without one, ok false
// for a malformed one (the element is then ignored).
func qValue(params string) (int, bool) {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		p = strings.TrimSpace(p)
		if len(p) < 2 || (p[0] != 'q' && p[0] != 'Q') || p[1] != '=' {
			continue
		}
		return parseQ(p[2:])
	}
	return 1000, true
}

// parseQ parses the RFC 9110 qvalue grammar: 0[.ddd] or 1[.000].
func parseQ(s string) (int, bool) {
	if s == "" || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	q := int(s[0]-'0') * 1000
	if len(s) > 1 {
		if s[1] != '.' {
			return 0, false
		}
		scale := 100
		for _, c := range []byte(s[2:]) {
			if c < '0' || c > '9' {
				return 0, false
			}
			q += int(c-'0') * scale
			scale /= 10
		}
	}
	if q > 1000 {
		return 0, false
	}
	return q, true
}

// of is the q-value of c: its own, else the wildcard's.
func (a accepted) of(c coding) int {
	if a.q[c] >= 0 {
		return a.q[c]
	}
	return a.star
}

// choose picks the representation to send. The highest q wins, ties go to
// the order of reps (br, gzip, identity). Identity not mentioned at all is
// acceptable but preferred last; when nothing is acceptable (identity;q=0
// and no sibling the client takes) the original is sent anyway, as most
// servers do rather than answer 406.
func (a accepted) choose(reps []*rep) *rep {
	var best *rep
	bestQ := 0
	for _, r := range reps {
		q := a.of(r.coding)
		if q > bestQ {
			best, bestQ = r, q
		}
	}
	if best == nil {
		return reps[len(reps)-1]
	}
	return best
}
