package content

import (
	"errors"
	"path"
	"regexp"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
)

var (
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
	colorPattern    = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	// consent_version travels in an HTML attribute and localStorage: short and plain.
	consentVersionPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,32}$`)
)

// The cookie choice's lifetime (docs/legal.md#cookies-and-consent): six
// months unless the owner sets another, as the CNIL's guidance recommends;
// at most 13, the longest life it accepts for a tracker.
const (
	defaultConsentMonths  = 6
	maxConsentMonths      = 13
	defaultConsentVersion = "1"
)

// readConsent reads consent_months (how long Accept and Decline are kept)
// and consent_version (a new value asks every visitor again).
func readConsent(f *fields) (months int, version string) {
	months = defaultConsentMonths
	if f.has("consent_months") {
		months = f.Int("consent_months", false, 1, maxConsentMonths)
	}
	version = defaultConsentVersion
	if f.has("consent_version") {
		version = f.String("consent_version", true)
		if version != "" && !consentVersionPattern.MatchString(version) {
			f.errorf("consent_version", "must be 1 to 32 letters, digits, dots, dashes or underscores, got %q", version)
		}
	}
	return months, version
}

func (l *loader) loadConfig() (Config, bool) {
	f, ok := l.tomlFile("config.toml")
	if !ok {
		return Config{}, false
	}
	var c Config
	c.Name = f.String("name", true)
	c.ShortName = f.String("short_name", false)
	if c.ShortName == "" {
		c.ShortName = c.Name
	}
	c.BaseURL = strings.TrimRight(f.String("base_url", true), "/")
	if c.BaseURL != "" && !strings.HasPrefix(c.BaseURL, "http://") && !strings.HasPrefix(c.BaseURL, "https://") {
		f.errorf("base_url", "must be an absolute http(s) URL, got %q", c.BaseURL)
	}
	c.ThemeColor = f.String("theme_color", true)
	if c.ThemeColor != "" && !colorPattern.MatchString(c.ThemeColor) {
		f.errorf("theme_color", "must be a colour like #b21826, got %q", c.ThemeColor)
	}
	c.TagManagerID = f.String("tag_manager_id", false)
	c.OrdersOpen = f.Bool("orders_open", true)
	c.ConsentMonths, c.ConsentVersion = readConsent(f)
	seen := map[string]bool{}
	for _, t := range f.Tables("locales") {
		loc := Locale{Code: t.String("code", true), Name: t.String("name", true), Currency: t.String("currency", true)}
		if loc.Currency != "" && !currencyPattern.MatchString(loc.Currency) {
			t.errorf("currency", "must be an ISO 4217 code like EUR, got %q", loc.Currency)
		}
		if seen[loc.Code] {
			t.errorf("code", "duplicate locale %q", loc.Code)
		}
		seen[loc.Code] = true
		t.unknownFields()
		c.Locales = append(c.Locales, loc)
		l.localeLines = append(l.localeLines, t.line("code"))
	}
	if len(c.Locales) == 0 {
		f.errorf("locales", "at least one [[locales]] entry is needed")
		f.unknownFields()
		return c, false
	}
	c.WasteFee = readAmounts(c, f.Table("waste_fee", true), true)
	c.CouponMinimum = readAmounts(c, f.Table("coupon_minimum", true), true)
	cats := map[string]bool{}
	for _, t := range f.Tables("categories") {
		cat := Category{Slug: t.String("slug", true), Names: readNames(c, t.Table("names", true))}
		t.uniqueSlug("slug", cat.Slug, "category", cats)
		t.unknownFields()
		c.Categories = append(c.Categories, cat)
	}
	for _, t := range f.Tables("menu") {
		c.Menu = append(c.Menu, MenuItem{Key: t.String("key", true), Href: t.String("href", true)})
		t.unknownFields()
	}
	co := f.Table("company", true)
	c.Company = catalog.Company{
		Name: co.String("name", true), Owner: co.String("owner", true), Street: co.String("street", true),
		Zip: co.String("zip", true), City: co.String("city", true), Country: co.String("country", true),
		TaxID: co.String("tax_id", false), Email: co.String("email", true), Phone: co.String("phone", false),
	}
	co.unknownFields()
	c.Safety = readSafety(c, f)
	h := f.Table("hours", true)
	c.Hours = Hours{Days: h.String("days", true), Open: h.String("open", true), Close: h.String("close", true)}
	h.unknownFields()
	v := f.Table("vat", true)
	c.VAT = catalog.VAT{Scheme: v.String("scheme", true), Home: v.String("home", true)}
	if c.VAT.Scheme != "" && c.VAT.Scheme != catalog.VATPolish && c.VAT.Scheme != catalog.VATOSS {
		v.errorf("scheme", "%q is not a VAT scheme: %q (Polish VAT on every sale) or %q (the EU One-Stop-Shop)", c.VAT.Scheme, catalog.VATPolish, catalog.VATOSS)
	}
	// Both optional, with the safe defaults: an invoice for everyone, and
	// the rate the Polish VAT Act names.
	c.VAT.Consumers, c.VAT.ExchangeRate = catalog.ConsumersInvoice, catalog.RateNBP
	if v.has("consumers") {
		c.VAT.Consumers = v.String("consumers", true)
		if c.VAT.Consumers != catalog.ConsumersInvoice && c.VAT.Consumers != catalog.ConsumersReceipt {
			v.errorf("consumers", "%q: want %q (a VAT invoice for every order) or %q (a sales receipt for a consumer, an invoice for a company)",
				c.VAT.Consumers, catalog.ConsumersInvoice, catalog.ConsumersReceipt)
		}
	}
	if v.has("exchange_rate") {
		c.VAT.ExchangeRate = v.String("exchange_rate", true)
		if c.VAT.ExchangeRate != catalog.RateNBP {
			v.errorf("exchange_rate", "%q: want %q (the National Bank of Poland's table A rate of the working day before the sale)",
				c.VAT.ExchangeRate, catalog.RateNBP)
		}
	}
	v.unknownFields()
	c.KSeF = readKSeF(f)
	c.Stages = readProduction(c, f)
	c.Retention = readRetention(f)
	c.Legal = readLegal(f)
	s := f.Table("social", false)
	for _, k := range s.Keys() {
		c.Social = append(c.Social, SocialLink{Name: k, Href: s.String(k, true)})
	}
	f.unknownFields()
	return c, true
}

// readKSeF is [ksef], optional: without it nothing is sent (KSeFOff),
// and the environment is KSeF's test one until the owner names production.
func readKSeF(f *fields) catalog.KSeF {
	k := catalog.KSeF{Send: catalog.KSeFOff, Environment: catalog.KSeFTest}
	t := f.Table("ksef", false)
	if t.has("send") {
		k.Send = t.String("send", true)
		if k.Send != catalog.KSeFOff && k.Send != catalog.KSeFBusiness && k.Send != catalog.KSeFAll {
			t.errorf("send", "%q: want %q (nothing), %q (invoices to companies, required from 2027) or %q (every invoice)",
				k.Send, catalog.KSeFOff, catalog.KSeFBusiness, catalog.KSeFAll)
		}
	}
	if t.has("environment") {
		k.Environment = t.String("environment", true)
		if k.Environment != catalog.KSeFTest && k.Environment != catalog.KSeFDemo && k.Environment != catalog.KSeFProduction {
			t.errorf("environment", "%q: want %q, %q or %q", k.Environment, catalog.KSeFTest, catalog.KSeFDemo, catalog.KSeFProduction)
		}
	}
	t.unknownFields()
	return k
}

// uniqueSlug reports a slug of field that is not lower-case letters,
// digits and dashes, or that seen (the list's slugs so far) has already;
// it adds it to seen.
func (f *fields) uniqueSlug(field, slug, what string, seen map[string]bool) {
	if slug != "" && !slugPattern.MatchString(slug) {
		f.errorf(field, "%q must be lower-case letters, digits and dashes", slug)
	}
	if seen[slug] {
		f.errorf(field, "duplicate %s %q", what, slug)
	}
	seen[slug] = true
}

// tomlFile reads and decodes a TOML file under the content directory; a
// missing file or a syntax error is reported with its line.
func (l *loader) tomlFile(parts ...string) (*fields, bool) {
	src, ok := l.read(parts...)
	if !ok {
		return nil, false
	}
	r := l.reporter(l.rel(parts...))
	key := path.Join(parts...)
	c, ok := l.tomls[key]
	if !ok || string(c.src) != string(src) {
		c = cachedTOML{src: src}
		c.data, c.lines, c.err = decodeTOMLFile(src)
		if l.tomls != nil {
			l.tomls[key] = c
		}
	}
	data, lines, err := c.data, c.lines, c.err
	if err != nil {
		line, msg := 0, err.Error()
		var pe *parseError
		if errors.As(err, &pe) {
			line, msg = pe.line, pe.msg
		}
		r.add(line, "", "%s", msg)
		return nil, false
	}
	return newFields(r, lines, "", data), true
}

// readAmounts reads {EUR = 0.04, PLN = 0.12}; with all, every currency of
// the site is required.
func readAmounts(c Config, f *fields, all bool) Amounts {
	out := Amounts{}
	for _, cur := range c.Currencies() {
		if v, ok := f.Money(cur, false); ok {
			out[cur] = v
		} else if all && !f.has(cur) {
			f.r.add(f.lines.lookup(f.path), f.key(cur), "price missing for currency %s", cur)
		}
	}
	f.unknownFields()
	return out
}

// readNames reads {en = "...", pl = "...", de = "..."}: one per locale.
func readNames(c Config, f *fields) Names {
	out := Names{}
	for _, loc := range c.Locales {
		out[loc.Code] = f.String(loc.Code, true)
	}
	f.unknownFields()
	return out
}

// loadBundles reads content/i18n/LOCALE.toml through i18n.Flatten and
// checks every locale against the default one with i18n.Compare (the same
// checks as the daemon's string sets), reporting with line numbers. The
// file's [format] table is not strings (Flatten skips it) but the locale's
// way of writing prices and dates: it is read by i18n.ReadFormat into
// formats, and is
// required of every locale (a locale without its own cannot be guessed to
// write like English).
func (l *loader) loadBundles(c Config) (map[string]i18n.Bundle, map[string]i18n.Format) {
	bundles := map[string]i18n.Bundle{}
	formats := map[string]i18n.Format{}
	lines := map[string]lineMap{}
	flats := map[string]*flatBundle{}
	for _, loc := range c.Locales {
		f, ok := l.tomlFile("i18n", loc.Code+".toml")
		if !ok {
			continue
		}
		lines[loc.Code] = f.lines
		formats[loc.Code] = readFormat(f, loc)
		flat := l.flatten(loc.Code, f)
		b, problems := flat.bundle, flat.problems
		flats[loc.Code] = flat
		for _, p := range problems {
			f.r.add(p.Line, p.Key, "%s", p.Text)
		}
		bundles[loc.Code] = b
	}
	def := c.DefaultLocale().Code
	base, ok := flats[def]
	if !ok {
		return bundles, formats
	}
	for _, loc := range c.Locales[1:] {
		flat, ok := flats[loc.Code]
		if !ok {
			continue
		}
		r := l.reporter(l.rel("i18n", loc.Code+".toml"))
		for _, p := range l.compare(def, base, loc.Code, flat) {
			if p.Missing {
				// Point at the table the key belongs in (or the top).
				if p.Line = lines[loc.Code].lookup(parentKey(p.Key)); p.Line == 0 {
					p.Line = 1
				}
			}
			r.add(p.Line, p.Key, "%s", p.Text)
		}
	}
	return bundles, formats
}

// i18nKey is the i18n file of locale, as tomlFile keys it.
func i18nKey(locale string) string { return path.Join("i18n", locale+".toml") }

// flatten is i18n.Flatten of locale's file f, kept with the file's decoded
// TOML for the next load (watch mode) while the file's bytes stay the same:
// tomlFile replaces the entry, and so drops both, when they change.
func (l *loader) flatten(locale string, f *fields) *flatBundle {
	key := i18nKey(locale)
	c, ok := l.tomls[key]
	if ok && c.flat != nil {
		return c.flat
	}
	b, problems := i18n.Flatten(locale, f.data, f.lines.lookup)
	flat := &flatBundle{bundle: b, problems: problems}
	if ok {
		c.flat, c.compared = flat, nil
		l.tomls[key] = c
	}
	return flat
}

// compare is i18n.Compare of locale's bundle against the default's, kept
// while neither file changed: a change of locale's file drops it (flatten),
// one of the default's makes a new base.
func (l *loader) compare(def string, base *flatBundle, locale string, flat *flatBundle) []i18n.Problem {
	key := i18nKey(locale)
	c, ok := l.tomls[key]
	if ok && c.compared != nil && c.compared.base == base {
		return c.compared.problems
	}
	problems := i18n.Compare(def, base.bundle, locale, flat.bundle)
	if ok {
		c.compared = &comparedBundle{base: base, problems: problems}
		l.tomls[key] = c
	}
	return problems
}

// readFormat reads the [format] table of f, the file of loc, and checks
// that it names a symbol for loc's own currency.
func readFormat(f *fields, loc Locale) i18n.Format {
	table, ok := f.data[i18n.FormatTable].(map[string]any)
	if !ok {
		line := f.lines.lookup("format")
		if line == 0 {
			line = 1
		}
		f.r.add(line, "format", "missing: the [format] table says how %s writes prices and dates (see docs/adding-a-locale.md)", loc.Code)
		return i18n.Format{}
	}
	format, problems := i18n.ReadFormat(table, f.lines.lookup)
	for _, p := range problems {
		f.r.add(p.Line, p.Key, "%s", p.Text)
	}
	if _, ok := format.Symbols[loc.Currency]; !ok && format.Symbols != nil {
		f.r.add(f.lines.lookup("format.symbols"), "format.symbols", "no symbol for %s, the currency of %s", loc.Currency, loc.Code)
	}
	return format
}

// parentKey is "a.b" for "a.b.c" and "" for "a".
func parentKey(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[:i]
	}
	return ""
}

// readRetention reads [retention] (optional; every field has a default).
// The orders' period is refused below the tax law's minimum.
func readRetention(f *fields) catalog.Retention {
	t := f.Table("retention", false)
	r := catalog.Retention{
		OrdersYears:     t.Int("orders_years", false, catalog.MinOrdersYears, 20),
		MessagesMonths:  t.Int("messages_months", false, 1, 120),
		UnconfirmedDays: t.Int("unconfirmed_days", false, 2, 365),
	}
	t.unknownFields()
	return r.OrDefaults()
}
