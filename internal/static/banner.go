package static

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Banner is markup the daemon adds to every HTML page it serves (orderd
// serve -demo: "this is a demo shop"). The pages are static files built
// without it; it is added at load, so it needs neither JavaScript nor a
// change of the build, and its <style> block is hashed into the
// Content-Security-Policy like the pages' own.
type Banner struct {
	// Style is CSS put in a <style> element at the end of <head>.
	Style string
	// HTML returns the markup put right after <body> for a page in lang
	// (its <html lang>; "" when it has none). It must be safe HTML.
	HTML func(lang string) string
}

var (
	headClose = regexp.MustCompile(`(?i)</head\s*>`)
	bodyOpen  = regexp.MustCompile(`(?i)<body(?:\s[^>]*)?>`)
	htmlLang  = regexp.MustCompile(`(?i)<html\s[^>]*\blang="([^"]*)"`)
)

// addBanner rewrites every HTML file of files with b and keeps the result
// in memory as the file's only representation: the precompressed siblings
// on disk lack the banner, and a demo shop can spend the bytes.
func addBanner(root *os.Root, files map[string]*file, b *Banner) error {
	for u, f := range files {
		if !strings.HasSuffix(u, ".html") {
			continue
		}
		id := f.identity()
		page, err := root.ReadFile(id.name)
		if err != nil {
			return fmt.Errorf("static: banner %s: %w", u, err)
		}
		body := bodyOpen.FindIndex(page)
		if body == nil {
			continue // not a page (a fragment): nothing to show it in
		}
		lang := ""
		if m := htmlLang.FindSubmatch(page); m != nil {
			lang = string(m[1])
		}
		var out bytes.Buffer
		out.Grow(len(page) + 1024)
		at := body[1]
		if head := headClose.FindIndex(page[:body[0]]); head != nil && b.Style != "" {
			out.Write(page[:head[0]])
			out.WriteString("<style>" + b.Style + "</style>")
			out.Write(page[head[0]:at])
		} else {
			out.Write(page[:at])
		}
		out.WriteString(b.HTML(lang))
		out.Write(page[at:])

		r := rep{name: id.name, coding: id.coding, modTime: id.modTime, encoding: id.encoding, modified: id.modified}
		r.body = out.Bytes()
		r.size = int64(len(r.body))
		r.length = []string{strconv.FormatInt(r.size, 10)}
		// Another body, another tag: a page cached without the banner
		// (or with another text) is not revalidated as unchanged.
		h := fnv.New64a()
		h.Write(r.body)
		r.etag = []string{strings.TrimSuffix(id.etag[0], `"`) + "-b" + strconv.FormatUint(h.Sum64(), 36) + `"`}
		f.reps, f.vary = []*rep{&r}, nil
	}
	return nil
}
