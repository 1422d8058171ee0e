package site

import (
	"path"
	"strings"

	"sabershop/internal/content"
)

// Fixed pages: the file name under content/LOCALE/pages and the route and
// template it makes. Any other page file is a plain page at /NAME.
var fixedPages = map[string]struct{ route, template string }{
	"home":                 {"/", "home"},
	"shop":                 {"/shop", "shop"},
	"custom-saber-creator": {"/shop/custom-saber-creator", "creator"},
	"blog":                 {"/blog", "blog"},
	"faq":                  {"/faq", "faq"},
	"contact":              {"/contact", "contact"},
	"gallery":              {"/gallery", "gallery"},
	"basket":               {"/basket", "basket"},
	"status":               {"/status/", "status"},
	"404":                  {"/404", "notFound"},
	"offline":              {"/offline", "page"},
}

// unindexed pages carry noindex, no canonical, and stay out of the sitemap.
var unindexed = map[string]bool{"404": true, "basket": true, "status": true, "offline": true}

// requiredPages must exist in the default locale: the routes of
// docs/product-rules.md#pages.
var requiredPages = []string{
	"home", "application", "construction", "contact", "faq", "features", "gallery",
	"generator", "get-started", "shop", "custom-saber-creator", "blog", "basket", "status", "404",
	"offline", // the service worker's fallback when a page is neither cached nor reachable
	// The footer, the cookie banner and the checkout's terms checkbox link
	// to these (components/page.ts legalHref): the shopper must be able to
	// read what they accept, on this site, offline too.
	"legal-terms", "legal-privacy", "legal-withdrawal",
}

// localePrefix is "" for the default locale and "/pl" for the others.
func localePrefix(cfg content.Config, locale string) string {
	if locale == cfg.DefaultLocale().Code {
		return ""
	}
	return "/" + locale
}

// localePath puts route under locale: "/shop" -> "/pl/shop", "/" -> "/pl/".
func localePath(cfg content.Config, locale, route string) string {
	return localePrefix(cfg, locale) + route
}

// outputFile is where a URL path is written: "/shop/arc" -> "shop/arc/index.html".
func outputFile(urlPath string) string {
	if strings.HasSuffix(urlPath, "/404") {
		return strings.TrimPrefix(urlPath, "/") + ".html"
	}
	p := strings.Trim(urlPath, "/")
	if p == "" {
		return "index.html"
	}
	return path.Join(p, "index.html")
}

// normalize drops a trailing slash so "/status/" and "/status" compare equal.
func normalize(p string) string {
	if len(p) > 1 {
		return strings.TrimRight(p, "/")
	}
	return p
}

func pageRoute(name string) (route, template string) {
	if f, ok := fixedPages[name]; ok {
		return f.route, f.template
	}
	return "/" + name, "page"
}
