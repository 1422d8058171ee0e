package treecheck

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// skipDirs are not ours or not sources: installed packages, build output,
// test reports, data.
var skipDirs = map[string]bool{
	"node_modules": true, "public": true, "var": true, "test-results": true,
	"playwright-report": true, "screenshots": true,
}

// sourceExts are the files whose comments may point into docs/.
var sourceExts = map[string]bool{
	".go": true, ".ts": true, ".tsx": true, ".mjs": true, ".js": true, ".css": true,
	".toml": true, ".html": true, ".tmpl": true, ".sh": true, ".txtar": true,
}

var (
	// docLink is a pointer into docs/: a file, optionally with an anchor.
	docLink = regexp.MustCompile(`docs/((?:[A-Za-z0-9_-]+/)?[A-Za-z0-9_.-]+\.md)(#[A-Za-z0-9_-]+)?`)
	// outsideDoc cites the product specification or the architecture
	// document, neither of which is in the repository (the rules the code
	// relies on are in docs/product-rules.md, the packages in
	// docs/packages.md). The names are built so that this file does not
	// match itself.
	spec, design = "SP" + "EC", "DE" + "SIGN"
	outsideDoc   = regexp.MustCompile(`\b(` + spec + `|` + design + `)\.md|\b` + spec + `\b`)
)

// TestDocLinks fails when a source file cites the product specification
// or the architecture document instead of docs/, or points to a docs/*.md file or
// anchor that does not exist. The docs themselves are checked for their
// links into docs/ too.
func TestDocLinks(t *testing.T) {
	root := repoRoot(t)
	anchors := map[string]map[string]bool{} // docs file (as under docs/) -> its anchors
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	topical, _ := filepath.Glob(filepath.Join(root, "docs", "*", "*.md"))
	for _, p := range append(docs, topical...) {
		rel, _ := filepath.Rel(filepath.Join(root, "docs"), p)
		anchors[filepath.ToSlash(rel)] = headingAnchors(t, p)
	}
	if len(anchors["product-rules.md"]) == 0 {
		t.Fatal("docs/product-rules.md has no sections")
	}
	checked := 0
	walkTree(t, root, func(path, rel string) {
		name := filepath.Base(path)
		isDoc := strings.HasPrefix(rel, "docs/") && strings.HasSuffix(name, ".md") || rel == "README.md"
		if !sourceExts[filepath.Ext(name)] && name != "Makefile" && !isDoc {
			return
		}
		checked++
		forEachLine(t, path, func(n int, line string) {
			if !isDoc && outsideDoc.MatchString(line) {
				t.Errorf("%s:%d: cites a document that is not in the repository; point to docs/product-rules.md#<rule> or docs/packages.md: %s", rel, n, strings.TrimSpace(line))
			}
			for _, m := range docLink.FindAllStringSubmatch(line, -1) {
				file, anchor := m[1], strings.TrimPrefix(m[2], "#")
				have, ok := anchors[file]
				switch {
				case !ok:
					t.Errorf("%s:%d: docs/%s does not exist", rel, n, file)
				case anchor != "" && !have[anchor]:
					t.Errorf("%s:%d: docs/%s has no section #%s", rel, n, file, anchor)
				}
			}
		})
	})
	if checked < 100 {
		t.Fatalf("only %d files checked: is %s the repository?", checked, root)
	}
}

// TestHeadingAnchors pins the slug rule to GitHub's, which is what a
// reader clicking a link on GitHub gets.
func TestHeadingAnchors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.md")
	text := "# Top\n## Prices and the 30-day prior price\n## Waste fee\n```\n## Not a heading\n```\n## Waste fee\n### E-mails, consent & limits\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got := headingAnchors(t, p)
	for _, want := range []string{"top", "prices-and-the-30-day-prior-price", "waste-fee", "waste-fee-1", "e-mails-consent--limits"} {
		if !got[want] {
			t.Errorf("anchor %q missing from %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a line in a code block made an anchor")
	}
}

// headingAnchors are the anchors GitHub gives the headings of a Markdown
// file: lower case, punctuation dropped, spaces to hyphens, and a -1, -2
// suffix for repeats. Lines in fenced code blocks are not headings.
func headingAnchors(t *testing.T, path string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	forEachLine(t, path, func(_ int, line string) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			return
		}
		if fenced || !strings.HasPrefix(line, "#") {
			return
		}
		text := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && !strings.ContainsRune("–—‘’“”…·", r):
				b.WriteRune(r)
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	})
	return out
}

func forEachLine(t *testing.T, path string, fn func(n int, line string)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for n := 1; sc.Scan(); n++ {
		fn(n, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// walkTree calls fn for every file of the repository that is ours: not
// installed packages, build output, test reports or hidden folders. rel is
// the path from the root, with slashes.
func walkTree(t *testing.T, root string, fn func(path, rel string)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || skipDirs[d.Name()]) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		fn(path, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// repoRoot is the directory of go.mod above this package.
func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}
