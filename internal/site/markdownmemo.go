package site

import (
	"bytes"
	"maps"
	"strconv"

	"sabershop/internal/content"
)

// markdownMemo is one Markdown body's HTML with everything it depended
// on, kept for the builder's next build (watch mode renders every body on
// every save otherwise): the same body and placeholders, and the same
// answers from the link and photo lookups, asked again in the same order,
// give the same HTML and problems without parsing again.
type markdownMemo struct {
	body     []byte
	bodyLine int
	vars     map[string]string
	links    []lookup
	photos   []lookup
	html     string
	diags    content.Diagnostics
}

// lookup is one question a body asked while rendering and its answer.
type lookup struct {
	dest, alt, out string
	ok             bool
}

// markdownMemos are the memos of one build, by body (memoKey).
type markdownMemos map[string]*markdownMemo

func memoKey(d *content.Doc) string { return d.File + "\x00" + strconv.Itoa(d.BodyLine) }

// holds reports whether m is still d's rendering with these lookups.
func (m *markdownMemo) holds(d *content.Doc, vars map[string]string, resolve linkResolver, photo photoMarkup) bool {
	if m.bodyLine != d.BodyLine || !bytes.Equal(m.body, d.Body) || !maps.Equal(m.vars, vars) {
		return false
	}
	for _, l := range m.links {
		if out, ok := resolve(l.dest); out != l.out || ok != l.ok {
			return false
		}
	}
	for _, p := range m.photos {
		if out, ok := photo(p.dest, p.alt); out != p.out || ok != p.ok {
			return false
		}
	}
	return true
}

// markdown renders d's body, or takes the previous build's rendering
// when it still holds.
func (a *assembler) markdown(d *content.Doc) string {
	key, vars, resolve := memoKey(d), a.vars(), a.resolver(d.Locale)
	if m := a.memos[key]; m != nil && m.holds(d, vars, resolve, a.markdownPhoto(d)) {
		a.diags = append(a.diags, m.diags...)
		a.nextMemos[key] = m
		return m.html
	}
	// A fresh photo lookup: the one asked above has moved past the
	// page's main picture.
	photo := a.markdownPhoto(d)
	m := &markdownMemo{body: d.Body, bodyLine: d.BodyLine, vars: vars}
	var diags content.Diagnostics
	html, err := renderMarkdown(d, func(dest string) (string, bool) {
		out, ok := resolve(dest)
		m.links = append(m.links, lookup{dest: dest, out: out, ok: ok})
		return out, ok
	}, func(dest, alt string) (string, bool) {
		out, ok := photo(dest, alt)
		m.photos = append(m.photos, lookup{dest: dest, alt: alt, out: out, ok: ok})
		return out, ok
	}, vars, &diags)
	a.diags = append(a.diags, diags...)
	if err != nil {
		a.diags = append(a.diags, content.Diagnostic{File: d.File, Line: d.BodyLine, Problem: err.Error()})
		return html
	}
	m.html, m.diags = html, diags
	a.nextMemos[key] = m
	return html
}
