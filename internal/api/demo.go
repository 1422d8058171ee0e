package api

import (
	"html"

	"sabershop/internal/i18n"
)

// DemoBannerStyle is the CSS of the demo shop's banner (static.Banner): a
// yellow strip across the top of every page, above the site's header.
const DemoBannerStyle = `.demo-shop-banner{margin:0;padding:.55rem 1rem;background:#ffd43b;color:#111;` +
	`font:600 .9rem/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center;` +
	`border-bottom:3px solid #111;position:relative;z-index:1000}` +
	`@media (max-width:480px){.demo-shop-banner{padding:.4rem .75rem;font-size:.8rem}}`

// DemoBanner returns the demo shop's banner for a page in locale (in the
// messages' default locale when they lack locale): one paragraph, no
// script, styled by DemoBannerStyle.
func DemoBanner(messages *i18n.Set) func(locale string) string {
	return func(locale string) string {
		if !messages.Has(locale) {
			locale = messages.Default
		}
		text := messages.T(locale, "demo_banner", nil)
		return `<p class="demo-shop-banner" role="note" lang="` + html.EscapeString(locale) + `">` + html.EscapeString(text) + `</p>`
	}
}
