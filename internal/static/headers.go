package static

import (
	"mime"
	"path"
	"strings"
)

// types are the media types of what the build writes. A table of our own
// rather than mime.TypeByExtension alone, which reads the system's
// mime.types and may, for example, say application/javascript.
var types = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json; charset=utf-8",
	".map":         "application/json; charset=utf-8",
	".webmanifest": "application/manifest+json; charset=utf-8",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".gif":         "image/gif",
	".ico":         "image/x-icon",
	".woff2":       "font/woff2",
	".woff":        "font/woff",
	".pdf":         "application/pdf",
	".wasm":        "application/wasm",
}

func contentType(name string) string {
	if path.Base(name) == "atom.xml" {
		return "application/atom+xml; charset=utf-8"
	}
	ext := strings.ToLower(path.Ext(name))
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	// Never sniffed (nosniff is sent): unknown bytes are a download.
	return "application/octet-stream"
}

// Cache-Control values.
const (
	cacheImmutable  = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
	// Images, icons and other files keep their names across builds, so a
	// browser may reuse them for an hour and then revalidates by ETag.
	cacheModerate = "public, max-age=3600"
	cacheNone     = "no-store"
	// Redirects are cached for a day only, so that a change of the
	// canonical form heals without clearing browser caches.
	cacheRedirect = "public, max-age=86400"
)

// cachePolicy is the Cache-Control of a file by its URL path.
func cachePolicy(urlPath string) string {
	if isHashedAsset(urlPath) {
		return cacheImmutable
	}
	switch path.Ext(urlPath) {
	// Documents change with every build under the same name: HTML, the
	// service worker (an immutable sw.js would pin old code for a year),
	// catalog.json (prices), the manifest, sitemaps and feeds.
	case ".html", ".js", ".mjs", ".json", ".webmanifest", ".xml", ".txt", ".css":
		return cacheRevalidate
	}
	return cacheModerate
}

// isHashedAsset reports a bundler output under /assets/ whose name carries
// a content hash, as esbuild names them: runtime-AXNJJZNH.js, or a photo
// the image pipeline made under /_img/: front-640-K3Q2ZB7A.avif. The check
// is strict (8+ characters of A-Z and 0-9 after the last '-'), because
// calling a file immutable by mistake pins it in browsers for a year.
func isHashedAsset(urlPath string) bool {
	rest, ok := strings.CutPrefix(urlPath, "/assets/")
	if !ok {
		rest, ok = strings.CutPrefix(urlPath, "/_img/")
	}
	if !ok || strings.Contains(rest, "/") {
		return false
	}
	stem, _, _ := strings.Cut(rest, ".")
	i := strings.LastIndexByte(stem, '-')
	if i < 0 {
		return false
	}
	hash := stem[i+1:]
	if len(hash) < 8 {
		return false
	}
	for _, c := range []byte(hash) {
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// Security headers sent on every response. Referrer-Policy is stricter on
// status pages, whose URL holds the order's secret hash. Geolocation is the
// shop's own (never a frame's): the checkout's "near me" asks for the
// location on the shopper's tap, to search parcel lockers around it
// (docs/shipping.md#at-the-checkout).
const (
	permissionsPolicy = "accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(self), usb=(), browsing-topics=()"
	hstsValue         = "max-age=31536000"
)

var (
	hdrNosniff       = []string{"nosniff"}
	hdrReferrer      = []string{"strict-origin-when-cross-origin"}
	hdrNoReferrer    = []string{"no-referrer"}
	hdrFrameDeny     = []string{"DENY"}
	hdrCOOP          = []string{"same-origin"}
	hdrPermissions   = []string{permissionsPolicy}
	hdrHSTS          = []string{hstsValue}
	hdrNoIndex       = []string{"noindex"}
	hdrCacheNone     = []string{cacheNone}
	hdrCacheRedirect = []string{cacheRedirect}
	hdrHTML          = []string{"text/html; charset=utf-8"}
	hdrAllow         = []string{"GET, HEAD"}
	hdrTextPlain     = []string{"text/plain; charset=utf-8"}
)
