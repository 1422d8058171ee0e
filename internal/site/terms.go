package site

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
)

// termsSlug is the page of the terms and conditions.
const termsSlug = "legal-terms"

// localLink is a Markdown link to a page of the site: "](/contact)".
var localLink = regexp.MustCompile(`\]\((/[^)\s]*)\)`)

// terms is the terms page in every locale for catalog.json (catalog.Terms):
// the daemon has no Markdown of its own, and the order e-mail must carry
// the text the shopper accepted. Links are made absolute, since an e-mail
// has no site to be relative to. Its version hashes every locale's text.
func (a *assembler) terms() catalog.Terms {
	t := catalog.Terms{Text: map[string]string{}}
	sum := sha256.New()
	base := strings.TrimSuffix(a.cfg.BaseURL, "/")
	for _, l := range a.cfg.Locales {
		d := a.doc(l.Code, content.KindPage, termsSlug)
		if d == nil {
			continue
		}
		var diags content.Diagnostics // reported when the page itself is rendered
		src, _ := expandBody(d, a.vars(), &diags)
		body := string(src)
		resolve := a.resolver(l.Code)
		body = localLink.ReplaceAllStringFunc(body, func(m string) string {
			dest := localLink.FindStringSubmatch(m)[1]
			if href, ok := resolve(dest); ok {
				dest = href
			}
			return "](" + base + dest + ")"
		})
		text := "# " + d.Title + "\n\n" + strings.TrimSpace(body) + "\n"
		t.Text[l.Code] = text
		sum.Write([]byte(l.Code + "\x00" + text + "\x00"))
	}
	if len(t.Text) > 0 {
		t.Version = hex.EncodeToString(sum.Sum(nil)[:6])
	}
	return t
}
