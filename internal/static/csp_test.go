package static

import (
	"strings"
	"testing"
)

func cspOf(t *testing.T, h *Handler) string {
	t.Helper()
	res, _ := get(t, h, "GET", "/")
	return res.Header.Get("Content-Security-Policy")
}

// directive returns the sources of one CSP directive.
func directive(csp, name string) []string {
	for _, d := range strings.Split(csp, ";") {
		f := strings.Fields(d)
		if len(f) > 0 && f[0] == name {
			return f[1:]
		}
	}
	return nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestCSPFromTheSite(t *testing.T) {
	csp := cspOf(t, newHandler(t, fixture(t), Options{}))
	script := directive(csp, "script-src")
	if !has(script, "'self'") || !has(script, cspHash([]byte(inlineScript))) {
		t.Errorf("script-src %v lacks 'self' or the inline script's hash", script)
	}
	if has(script, cspHash([]byte(jsonLD))) {
		t.Errorf("script-src %v hashes JSON-LD, which is never run", script)
	}
	if has(script, "'unsafe-inline'") || has(script, "'unsafe-eval'") {
		t.Errorf("script-src %v", script)
	}
	if style := directive(csp, "style-src"); !has(style, cspHash([]byte(inlineStyle))) || has(style, "'unsafe-inline'") {
		t.Errorf("style-src %v", style)
	}
	if img := directive(csp, "img-src"); !has(img, "'self'") || !has(img, "data:") || !has(img, "https://cdn.example.com") {
		t.Errorf("img-src %v", img)
	}
	for name, want := range map[string]string{
		"default-src": "'self'", "connect-src": "'self'", "frame-ancestors": "'none'",
		"base-uri": "'self'", "form-action": "'self'", "object-src": "'none'",
	} {
		if got := directive(csp, name); len(got) != 1 || got[0] != want {
			t.Errorf("%s %v, want %s", name, got, want)
		}
	}
	if strings.Contains(csp, "googletagmanager") {
		t.Errorf("tag manager allowed without a container id: %s", csp)
	}
}

func TestCSPExtraSources(t *testing.T) {
	csp := cspOf(t, newHandler(t, fixture(t), Options{ExtraCSP: map[string][]string{
		"form-action":  {"https://secure.tpay.com"},
		"frame-src":    {"https://sandbox.example"},
		"object-src":   {"https://plugin.example"},
		" Connect-Src": {"https://api.example", "'self'"},
	}}))
	if got := directive(csp, "form-action"); !has(got, "'self'") || !has(got, "https://secure.tpay.com") {
		t.Errorf("form-action %v", got)
	}
	if got := directive(csp, "frame-src"); len(got) != 1 || got[0] != "https://sandbox.example" {
		t.Errorf("frame-src %v", got)
	}
	if got := directive(csp, "object-src"); has(got, "'none'") || !has(got, "https://plugin.example") {
		t.Errorf("object-src %v: 'none' must go when a source is added", got)
	}
	if got := directive(csp, "connect-src"); len(got) != 2 || !has(got, "https://api.example") {
		t.Errorf("connect-src %v", got)
	}
}

func TestCSPTagManagerOnlyWhenConfigured(t *testing.T) {
	root := t.TempDir()
	props := `{&quot;tagManagerId&quot;:&quot;GTM-ABC123&quot;,&quot;privacyHref&quot;:&quot;/legal-privacy&quot;}`
	writeTree(t, root, map[string]string{"index.html": `<saber-island hydrate="idle" props="` + props + `"></saber-island>`})
	csp := cspOf(t, newHandler(t, root, Options{}))
	for _, name := range []string{"script-src", "connect-src", "img-src"} {
		if !has(directive(csp, name), "https://www.googletagmanager.com") {
			t.Errorf("%s %v lacks the tag manager", name, directive(csp, name))
		}
	}
	empty := strings.Replace(props, "GTM-ABC123", "", 1)
	writeTree(t, root, map[string]string{"index.html": `<saber-island props="` + empty + `"></saber-island>`})
	h := newHandler(t, root, Options{})
	if csp := cspOf(t, h); strings.Contains(csp, "googletagmanager") {
		t.Errorf("empty id: %s", csp)
	}
}

func TestScanHTML(t *testing.T) {
	page := `<!doctype html><!-- <script>commented()</script> -->
<SCRIPT>a()</SCRIPT><script type="module">b()</script><script type='text/javascript'>c()</script>
<script type="application/ld+json">{"x":"</p>"}</script><script type="application/json">{}</script>
<script src="/x.js"></script><script async src=/y.js></script><style media="print">p{}</style>
<img srcset="https://img.example/a.png 1x, https://img2.example/b.png 2x" src=https://img3.example/c.png alt="a > b">
<script type="importmap">{"imports":{}}</script>`
	var scripts, styles []string
	var imgs []string
	scanHTML([]byte(page), func(b inlineBlock) {
		if b.tag == "style" {
			styles = append(styles, string(b.body))
		} else if b.executable() {
			scripts = append(scripts, string(b.body))
		}
	}, func(tag string, attrs [][2]string) {
		if tag == "img" {
			for _, a := range attrs {
				imgs = append(imgs, a[0]+"="+a[1])
			}
		}
	})
	if strings.Join(scripts, "|") != `a()|b()|c()|{"imports":{}}` {
		t.Errorf("scripts %q", scripts)
	}
	if strings.Join(styles, "|") != "p{}" {
		t.Errorf("styles %q", styles)
	}
	if len(imgs) != 3 || imgs[2] != "alt=a > b" {
		t.Errorf("img attributes %q", imgs)
	}
}
