package site

import (
	"strings"
	"testing"

	"sabershop/internal/content"
)

var condVars = map[string]string{"legal.creator_returnable": "true", "legal.other": "false", "company.name": "Saber Forge"}

// render is body rendered as a page whose body starts at line 5 of
// content/en/pages/x.md; every link to /nowhere is broken.
func renderBody(t *testing.T, body string, vars map[string]string) (string, []string) {
	t.Helper()
	doc := &content.Doc{File: "content/en/pages/x.md", BodyLine: 5, Body: []byte(body)}
	var diags content.Diagnostics
	html, err := renderMarkdown(doc, func(dest string) (string, bool) { return dest, dest != "/nowhere" }, nil, vars, &diags)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range diags {
		out = append(out, d.String())
	}
	return html, out
}

// {{if}} … {{else}} … {{end}} keeps the branch the condition names and
// drops the other and the directives; the lines after a block are
// reported where they are in the file.
func TestConditionalBlocks(t *testing.T) {
	body := "Before.\n\n{{if legal.creator_returnable}}\nYes, {{company.name}}.\n{{else}}\nNo.\n{{end}}\n\n" +
		"{{ if legal.other }}\nOther.\n{{ end }}\n\nAfter [a](/nowhere).\n"
	html, diags := renderBody(t, body, condVars)
	if html != "<p>Before.</p>\n<p>Yes, Saber Forge.</p>\n<p>After <a href=\"/nowhere\">a</a>.</p>\n" {
		t.Errorf("on:\n%s", html)
	}
	// "After" is line 13 of the body, 17 of the file.
	if len(diags) != 1 || diags[0] != `content/en/pages/x.md:17: link: no page or file at "/nowhere"` {
		t.Errorf("on: diagnostics %q", diags)
	}
	off := map[string]string{"legal.creator_returnable": "false", "legal.other": "true", "company.name": "Saber Forge"}
	html, diags = renderBody(t, body, off)
	if html != "<p>Before.</p>\n<p>No.</p>\n<p>Other.</p>\n<p>After <a href=\"/nowhere\">a</a>.</p>\n" {
		t.Errorf("off:\n%s", html)
	}
	if len(diags) != 1 || !strings.HasPrefix(diags[0], "content/en/pages/x.md:17: link:") {
		t.Errorf("off: diagnostics %q", diags)
	}
	// A placeholder after a block that dropped lines is reported on its line.
	_, diags = renderBody(t, "{{if legal.other}}\na\nb\n{{end}}\n{{company.nope}}\n", condVars)
	if len(diags) != 1 || !strings.HasPrefix(diags[0], "content/en/pages/x.md:9: {{company.nope}}: unknown placeholder") {
		t.Errorf("placeholder: diagnostics %q", diags)
	}
}

// Every misuse is a file:line: field: problem, and the rest of the page
// still renders.
func TestConditionalBlockErrors(t *testing.T) {
	for _, c := range []struct{ name, body, want string }{
		{"unknown condition", "x\n{{if legal.nope}}\na\n{{end}}\n",
			`x.md:6: {{if legal.nope}}: unknown condition "legal.nope" (known: legal.creator_returnable, legal.other)`},
		{"a placeholder that is not a condition", "{{if company.name}}\na\n{{end}}\n", `x.md:5: {{if company.name}}: unknown condition "company.name"`},
		{"no condition", "{{if}}\na\n{{end}}\n", `x.md:5: {{if}}: unknown condition ""`},
		{"else without if", "a\n\n{{else}}\n", "x.md:7: {{else}}: {{else}} without {{if}}"},
		{"end without if", "a\n{{end}}\n", "x.md:6: {{end}}: {{end}} without {{if}}"},
		{"if without end", "a\n\n{{if legal.other}}\nb\n", "x.md:7: {{if legal.other}}: {{if}} without {{end}}"},
		{"nested", "{{if legal.other}}\n{{if legal.creator_returnable}}\nb\n{{end}}\n{{end}}\n",
			"x.md:6: {{if legal.creator_returnable}}: conditional blocks do not nest: the {{if}} of line 5 is still open"},
		{"two elses", "{{if legal.other}}\na\n{{else}}\nb\n{{else}}\nc\n{{end}}\n", "x.md:9: {{else}}: a second {{else}} in the block of line 5"},
		{"inline", "a {{if legal.other}}b{{end}} c\n", "x.md:5: {{if legal.other}}: {{if}}, {{else}} and {{end}} must each stand on a line of their own"},
	} {
		_, diags := renderBody(t, c.body, condVars)
		found := false
		for _, d := range diags {
			found = found || strings.Contains(d, c.want)
		}
		if !found {
			t.Errorf("%s: diagnostics %q, want %q", c.name, diags, c.want)
		}
	}
}

// The shop's legal and creator pages are written in both versions: with
// [legal] creator_returnable on and off, every locale renders without a
// problem or a directive left, the two versions differ, and so does the
// terms' version (the text the shopper accepts changed).
func TestLegalPagesFollowCreatorReturnable(t *testing.T) {
	s, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	versions := map[bool]string{}
	html := map[bool]map[string]string{}
	for _, on := range []bool{false, true} {
		cfg := s.Config
		cfg.Legal.CreatorReturnable = on
		a := &assembler{site: s, cfg: cfg}
		versions[on] = a.terms().Version
		html[on] = map[string]string{}
		for _, l := range s.Config.Locales {
			for _, slug := range []string{"legal-terms", "legal-withdrawal", "custom-saber-creator", "contact"} {
				doc := a.doc(l.Code, content.KindPage, slug)
				if doc == nil {
					t.Fatalf("no %s page in %s", slug, l.Code)
				}
				var diags content.Diagnostics
				out, err := renderMarkdown(doc, func(dest string) (string, bool) { return dest, true }, nil, a.vars(), &diags)
				if err != nil || len(diags) > 0 {
					t.Fatalf("%s %s (on %v): %v %v", l.Code, slug, on, err, diags)
				}
				if strings.Contains(out, "{{") {
					t.Errorf("%s %s (on %v): a directive is left", l.Code, slug, on)
				}
				html[on][l.Code+"/"+slug] = out
			}
		}
	}
	for k := range html[false] {
		if html[false][k] == html[true][k] {
			t.Errorf("%s: the same with creator_returnable on and off", k)
		}
	}
	if versions[false] == "" || versions[false] == versions[true] {
		t.Errorf("terms versions %q (off) and %q (on): want two", versions[false], versions[true])
	}
	// The English terms say which: the exclusion, or the 14 days.
	if en := html[false]["en/legal-terms"]; !strings.Contains(en, "no right of withdrawal for sabers designed in the custom saber creator") {
		t.Errorf("en terms, off: the exclusion is missing")
	}
	if en := html[true]["en/legal-terms"]; strings.Contains(en, "no right of withdrawal for sabers designed") || !strings.Contains(en, "14 days") {
		t.Errorf("en terms, on: still the exclusion, or no 14 days")
	}
}
