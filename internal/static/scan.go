package static

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"
)

// siteFacts is what the pages need from the Content-Security-Policy.
type siteFacts struct {
	scriptHashes map[string]bool   // 'sha256-...' of executable inline scripts
	styleHashes  map[string]bool   // 'sha256-...' of inline <style> blocks
	imgOrigins   map[string]bool   // origins of absolute <img>/<source> URLs
	tagManager   bool              // a page configures a tag manager container
	canonical    map[string]string // page directory -> path of its rel=canonical link
}

// inlineBlock is the body of a <script> or <style> element without src.
type inlineBlock struct {
	tag  string // "script" or "style"
	typ  string // the type attribute, lower case
	body []byte
}

// executable reports whether the browser runs a script of this type (and
// so checks it against script-src). JSON-LD and other data blocks are not
// run and need no hash.
func (b inlineBlock) executable() bool {
	switch t := strings.TrimSpace(b.typ); t {
	case "", "module", "importmap", "speculationrules":
		return true
	default:
		return strings.Contains(t, "javascript") || strings.Contains(t, "ecmascript") || strings.Contains(t, "jscript")
	}
}

func cspHash(body []byte) string {
	sum := sha256.Sum256(body)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// The tag manager id travels to the browser in the consent element's props
// (<saber-consent props=...>, components/CookieBanner.tsx); an empty id
// loads nothing.
var tagManagerProp = regexp.MustCompile(`"tagManagerId"\s*:\s*"([^"]+)"`)

// scanSite reads every HTML page of the site for what the CSP must allow.
func scanSite(root interface{ ReadFile(string) ([]byte, error) }, files map[string]*file) (siteFacts, error) {
	facts := siteFacts{scriptHashes: map[string]bool{}, styleHashes: map[string]bool{}, imgOrigins: map[string]bool{}, canonical: map[string]string{}}
	for u, f := range files {
		if !strings.HasSuffix(u, ".html") {
			continue
		}
		b := f.identity().body // a page with a Banner is only in memory
		if b == nil {
			var err error
			if b, err = root.ReadFile(f.identity().name); err != nil {
				return facts, fmt.Errorf("static: scan %s: %w", u, err)
			}
		}
		if c := facts.add(b); c != "" {
			if dir, ok := strings.CutSuffix(u, "/index.html"); ok {
				facts.canonical[dir] = c
			}
		}
	}
	return facts, nil
}

// add records what one page needs and returns the path of its
// rel=canonical link, if any.
func (facts *siteFacts) add(page []byte) (canonical string) {
	scanHTML(page, func(b inlineBlock) {
		switch {
		case b.tag == "style":
			facts.styleHashes[cspHash(b.body)] = true
		case b.executable():
			facts.scriptHashes[cspHash(b.body)] = true
		}
	}, func(tag string, attrs [][2]string) {
		for _, a := range attrs {
			switch name, val := a[0], a[1]; {
			case (tag == "img" || tag == "source") && (name == "src" || name == "srcset"):
				for _, u := range srcsetURLs(val) {
					if o := origin(u); o != "" {
						facts.imgOrigins[o] = true
					}
				}
			case name == "props" && !facts.tagManager:
				facts.tagManager = tagManagerProp.MatchString(val)
			}
		}
		if tag == "link" && attrValue(attrs, "rel") == "canonical" {
			if u, err := url.Parse(attrValue(attrs, "href")); err == nil {
				canonical = u.Path
			}
		}
	})
	return canonical
}

func attrValue(attrs [][2]string, name string) string {
	for _, a := range attrs {
		if a[0] == name {
			return a[1]
		}
	}
	return ""
}

// scanHTML is a small tokenizer for what the CSP needs, not a full HTML
// parser: it reports the inline bodies of <script> and <style> (raw text:
// hashed exactly as written, as browsers do) and every attribute of every
// start tag, entity-decoded. Comments are skipped.
func scanHTML(page []byte, block func(inlineBlock), startTag func(tag string, attrs [][2]string)) {
	for i := 0; i < len(page); {
		lt := bytes.IndexByte(page[i:], '<')
		if lt < 0 {
			return
		}
		i += lt
		if bytes.HasPrefix(page[i:], []byte("<!--")) {
			end := bytes.Index(page[i+4:], []byte("-->"))
			if end < 0 {
				return
			}
			i += 4 + end + 3
			continue
		}
		j := i + 1
		for j < len(page) && isNameByte(page[j]) {
			j++
		}
		tag := strings.ToLower(string(page[i+1 : j]))
		if tag == "" {
			i++
			continue
		}
		attrs, end := parseAttrs(page, j)
		hasSrc := false
		typ := ""
		startTag(tag, attrs)
		for _, a := range attrs {
			switch a[0] {
			case "src":
				hasSrc = true
			case "type":
				typ = strings.ToLower(a[1])
			}
		}
		i = end
		if tag != "script" && tag != "style" {
			continue
		}
		closing := indexFold(page[i:], "</"+tag)
		if closing < 0 {
			closing = len(page) - i
		}
		if !hasSrc {
			block(inlineBlock{tag: tag, typ: typ, body: page[i : i+closing]})
		}
		i += closing
	}
}

// parseAttrs reads the attributes of a start tag from i to its '>' and
// returns them (name lower case, value decoded) and the index after '>'.
func parseAttrs(page []byte, i int) ([][2]string, int) {
	var out [][2]string
	for i < len(page) {
		for i < len(page) && isSpace(page[i]) || i < len(page) && page[i] == '/' {
			i++
		}
		if i >= len(page) {
			break
		}
		if page[i] == '>' {
			return out, i + 1
		}
		start := i
		for i < len(page) && !isSpace(page[i]) && page[i] != '=' && page[i] != '>' && page[i] != '/' {
			i++
		}
		name := strings.ToLower(string(page[start:i]))
		for i < len(page) && isSpace(page[i]) {
			i++
		}
		val := ""
		if i < len(page) && page[i] == '=' {
			i++
			for i < len(page) && isSpace(page[i]) {
				i++
			}
			if i < len(page) && (page[i] == '"' || page[i] == '\'') {
				q := page[i]
				end := bytes.IndexByte(page[i+1:], q)
				if end < 0 {
					end = len(page) - i - 1
				}
				val = string(page[i+1 : i+1+end])
				i += end + 2
			} else {
				vs := i
				for i < len(page) && !isSpace(page[i]) && page[i] != '>' {
					i++
				}
				val = string(page[vs:i])
			}
		}
		if name == "" {
			i++ // a stray byte such as a lone '='
			continue
		}
		out = append(out, [2]string{name, html.UnescapeString(val)})
	}
	return out, len(page)
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func indexFold(b []byte, s string) int {
	needle := []byte(s)
	for i := 0; i+len(needle) <= len(b); i++ {
		if bytes.EqualFold(b[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}

// srcsetURLs splits a src or srcset value into its URLs.
func srcsetURLs(v string) []string {
	var out []string
	for _, cand := range strings.Split(v, ",") {
		if f := strings.Fields(cand); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// origin is scheme://host of an absolute http(s) URL, else "".
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
