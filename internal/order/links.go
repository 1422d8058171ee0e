package order

// DefaultLocale is the site version served without a prefix (docs/product-rules.md#site-versions).
const DefaultLocale = "en"

// LocalePath prefixes an unprefixed route with the locale ("/pl/status/…");
// the default locale lives at the root.
func LocalePath(locale, route string) string {
	if locale == DefaultLocale || locale == "" {
		return route
	}
	return "/" + locale + route
}

// StatusPath is the order's status page in its own locale: the link in its
// e-mails, the answer to POST /v1/orders and where providers send the
// shopper back.
func (o *Order) StatusPath() string {
	return LocalePath(o.Locale, "/status/"+o.Hash)
}
