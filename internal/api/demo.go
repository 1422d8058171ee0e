package api

import (
	"html"
	"sync"
)

// pageMessages are the daemon's texts for what it adds to pages outside
// the API (the demo banner), loaded once.
var pageMessages = sync.OnceValues(loadMessages)

// DemoBannerStyle is the CSS of the demo shop's banner (static.Banner): a
// yellow strip across the top of every page, above the site's header.
const DemoBannerStyle = `.demo-shop-banner{margin:0;padding:.55rem 1rem;background:#ffd43b;color:#111;` +
	`font:600 .9rem/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center;` +
	`border-bottom:3px solid #111;position:relative;z-index:1000}` +
	`@media (max-width:480px){.demo-shop-banner{padding:.4rem .75rem;font-size:.8rem}}`

// DemoBanner is the demo shop's banner for a page in locale (English when
// the daemon does not speak it): one paragraph, no script, styled by
// DemoBannerStyle.
func DemoBanner(locale string) string {
	if !supported(locale) {
		locale = Locales[0]
	}
	text := "Demo shop"
	if m, err := pageMessages(); err == nil {
		text = m.T(locale, "demo_banner", nil)
	}
	return `<p class="demo-shop-banner" role="note" lang="` + locale + `">` + html.EscapeString(text) + `</p>`
}
