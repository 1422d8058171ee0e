package content

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// The delimiters are found by splitDocument itself: the cases an editor's
// file can bring (a BOM, Windows line ends, a Markdown rule in the body,
// blank lines first, a forgotten closing line).
func TestFrontMatterDelimiters(t *testing.T) {
	cases := []struct {
		name, src string
		title     string // "" when the file has no front matter
		titleLine int
		body      string
		bodyLine  int
	}{
		{"yaml", "---\ntitle: A\n---\nBody.\n", "A", 2, "Body.\n", 4},
		{"toml", "+++\ntitle = \"A\"\n+++\nBody.\n", "A", 2, "Body.\n", 4},
		{"BOM", "\ufeff---\ntitle: A\n---\nBody.\n", "A", 2, "Body.\n", 4},
		{"CRLF", "---\r\ntitle: A\r\n---\r\nBody.\r\n", "A", 2, "Body.\r\n", 4},
		{"rule in the body", "---\ntitle: A\n---\nOne.\n\n---\n\nTwo.\n---\n", "A", 2, "One.\n\n---\n\nTwo.\n---\n", 4},
		{"blank lines first", "\n  \n---\ntitle: A\n---\nBody.\n", "A", 4, "Body.\n", 6},
		{"spaces after a delimiter", "--- \ntitle: A\n---\t\nBody.\n", "A", 2, "Body.\n", 4},
		{"closing at the end of the file", "---\ntitle: A\n---", "A", 2, "", 3},
		{"empty front matter", "---\n---\nBody.\n", "", 0, "Body.\n", 3},
		{"other delimiter inside", "+++\ntitle = \"\"\"\n---\"\"\"\n+++\nBody.\n", "---", 2, "Body.\n", 5},
		{"no front matter", "Body.\n---\ntitle: A\n---\n", "", 0, "Body.\n---\ntitle: A\n---\n", 1},
		{"BOM without front matter", "\ufeffBody.\n", "", 0, "Body.\n", 1},
		{"empty file", "", "", 0, "", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := splitDocument([]byte(c.src))
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := doc.front["title"].(string); got != c.title {
				t.Errorf("title %q, want %q", got, c.title)
			}
			if c.title != "" && doc.lines.lookup("title") != c.titleLine {
				t.Errorf("title on line %d, want %d", doc.lines.lookup("title"), c.titleLine)
			}
			if string(doc.body) != c.body {
				t.Errorf("body %q, want %q", doc.body, c.body)
			}
			if doc.bodyLine != c.bodyLine {
				t.Errorf("body on line %d, want %d", doc.bodyLine, c.bodyLine)
			}
		})
	}
}

// A front matter that is opened and never closed is an error on the
// opening line; read as body, its fields would be lost without a word.
func TestFrontMatterWithoutClosingLine(t *testing.T) {
	for src, want := range map[string]int{
		"---\ntitle: A\n\nBody.\n":        1,
		"\n\n+++\ntitle = \"A\"\nBody.\n": 3,
		"---\ntitle: A\n+++\nBody.\n":     1, // the other format's delimiter does not close it
		"\ufeff---\r\ntitle: A\r\n":       1,
	} {
		doc, err := splitDocument([]byte(src))
		var pe *parseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: parsed as %+v, want an error", src, doc)
			continue
		}
		if pe.line != want || !strings.Contains(err.Error(), "no closing") {
			t.Errorf("%q: error %q on line %d, want \"no closing\" on line %d", src, err, pe.line, want)
		}
	}
}

// Through the loader the error reads file:line: problem, like every other
// content error.
func TestFrontMatterWithoutClosingLineInSite(t *testing.T) {
	dir := siteWithoutDocs(t)
	write(t, dir, "en/pages/features.md", "\n---\ntitle: Features\n\nThe body.\n")
	_, err := Load(dir)
	want := "en/pages/features.md:2: front matter: no closing --- line"
	if err == nil || !strings.Contains(filepath.ToSlash(err.Error()), want) {
		t.Fatalf("error %v, want %s", err, want)
	}
}
