package mail

import (
	"net/url"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

// Product safety information (General Product Safety Regulation (EU)
// 2023/988, art. 19 and 9(7); docs/legal.md#product-safety): the order
// e-mail links to the safety text in each language consumers of the
// delivery country read, and in the order's own, each on the site in the
// order's locale. The text itself stays on the site (one copy, the one the
// product page shows); the e-mail is a pointer to it before first use.

// safetyLink is one language's safety text: its own name and its page.
type safetyLink struct {
	Lang, Name, URL string
}

// safetyLinks are the safety texts for order o, delivered to its
// customer's country: the country's languages, then the order's language
// when it is not one of them; only languages the catalogue has a text in.
// Nil for a catalogue of an older build (no texts).
func safetyLinks(cat *catalog.Catalog, o *order.Order, statusURL string) []safetyLink {
	site, err := url.Parse(statusURL)
	if err != nil {
		return nil
	}
	var langs []string
	if d, ok := cat.Delivery(o.Customer.Country); ok {
		langs = append(langs, d.Languages...)
	}
	langs = append(langs, o.Locale)
	var out []safetyLink
	seen := map[string]bool{}
	for _, code := range langs {
		l, ok := cat.SafetyLanguage(code)
		if !ok || seen[code] {
			continue
		}
		seen[code] = true
		u := site.ResolveReference(&url.URL{Path: order.LocalePath(o.Locale, catalog.SafetyPath(code))})
		out = append(out, safetyLink{Lang: code, Name: l.Name, URL: u.String()})
	}
	return out
}
