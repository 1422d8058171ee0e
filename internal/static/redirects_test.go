package static

import (
	"maps"
	"testing"
)

// The build's aliases (_redirects.json) are permanent redirects; the file
// is read with each reload and never served itself.
func TestRedirectsFromTheBuild(t *testing.T) {
	root := fixture(t)
	writeTree(t, root, map[string]string{redirectsFile: `{"redirects": {"/shop/arc-old": "/shop/arc", "/pl/sabers": "/pl/"}}`})
	h := newHandler(t, root, Options{CheckEvery: -1})
	for from, to := range map[string]string{"/shop/arc-old": "/shop/arc", "/shop/arc-old/": "/shop/arc", "/pl/sabers?x=1": "/pl/?x=1"} {
		res, _ := get(t, h, "GET", from)
		if res.StatusCode != 301 || res.Header.Get("Location") != to {
			t.Errorf("GET %s: %d to %q, want 301 to %s", from, res.StatusCode, res.Header.Get("Location"), to)
		}
	}
	for _, p := range []string{"/" + redirectsFile, "/shop/arc-older"} {
		if res, _ := get(t, h, "GET", p); res.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", p, res.StatusCode)
		}
	}

	files := fixtureFiles()
	next := maps.Clone(files)
	next[redirectsFile] = `{"redirects": {"/shop/arc-2025": "/shop/arc"}}`
	swapIn(t, root, next)
	if err := h.Reload(); err != nil {
		t.Fatal(err)
	}
	if res, _ := get(t, h, "GET", "/shop/arc-2025"); res.StatusCode != 301 {
		t.Errorf("a redirect of the new build: %d", res.StatusCode)
	}
	if res, _ := get(t, h, "GET", "/shop/arc-old"); res.StatusCode != 404 {
		t.Errorf("a redirect of the old build: %d", res.StatusCode)
	}

	// A broken file fails the reload: the previous redirects stay.
	bad := maps.Clone(files)
	bad[redirectsFile] = `{"redirects": {"/a": "https://elsewhere.example/"}}`
	swapIn(t, root, bad)
	if err := h.Reload(); err == nil {
		t.Error("a redirect off the site loaded")
	}
	if res, _ := get(t, h, "GET", "/shop/arc-2025"); res.StatusCode != 301 {
		t.Errorf("after a failed reload: %d, want the previous redirect", res.StatusCode)
	}
}
