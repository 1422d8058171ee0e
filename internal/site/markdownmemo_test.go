package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A body kept from the previous build is checked against what it linked
// to: a page it links to that is gone is a problem in the next build of
// the same builder, though the body did not change, and back again when
// the page returns.
func TestUnchangedMarkdownSeesItsLinkTargetGo(t *testing.T) {
	dir := writeFixture(t, "site", "-- en/pages/features.md --\n---\ntitle: Features\n---\nFeatures.\n\nSee [the second post](/blog/second).\n")
	out := filepath.Join(t.TempDir(), "public")
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, InPlace: true,
		Now: func() time.Time { return fixtureNow }})
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if page := read(t, out, "features/index.html"); !strings.Contains(page, `href="/blog/second"`) {
		t.Fatal("the link is not in the first build's page")
	}
	post := filepath.Join(dir, "en", "blog", "second.md")
	body, err := os.ReadFile(post)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(post); err != nil {
		t.Fatal(err)
	}
	_, err = b.Build()
	if err == nil || !strings.Contains(err.Error(), `features.md:6: link: no page or file at "/blog/second"`) {
		t.Fatalf("build without the linked post: %v, want the broken link in features.md with its line", err)
	}
	if err := os.WriteFile(post, body, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(); err != nil {
		t.Fatalf("the post is back: %v", err)
	}
	if page := read(t, out, "features/index.html"); !strings.Contains(page, `href="/blog/second"`) {
		t.Error("the link is not in the page after the post came back")
	}
}
