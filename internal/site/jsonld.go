package site

import (
	"encoding/json"
	"fmt"
	"sabershop/internal/catalog"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"sabershop/internal/content"
)

// Structured data (schema.org JSON-LD) for search engines.

type ld = map[string]any

func (a *assembler) organization() ld {
	c := a.cfg.Company
	org := ld{
		"@context": "https://schema.org", "@type": "Organization",
		"name": a.cfg.Name, "legalName": c.Name, "url": a.cfg.BaseURL + "/",
		"logo": a.abs("/icons/icon-512.png"), "email": c.Email,
		"address": ld{"@type": "PostalAddress", "streetAddress": c.Street, "postalCode": c.Zip, "addressLocality": c.City, "addressCountry": c.Country},
	}
	if c.Phone != "" {
		org["telephone"] = c.Phone
	}
	var same []string
	for _, s := range a.cfg.Social {
		same = append(same, s.Href)
	}
	if len(same) > 0 {
		org["sameAs"] = same
	}
	return org
}

func (a *assembler) breadcrumbLD(crumbs []link) ld {
	items := make([]ld, len(crumbs))
	for i, c := range crumbs {
		items[i] = ld{"@type": "ListItem", "position": i + 1, "name": c.Label, "item": a.abs(c.Href)}
	}
	return ld{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// schemaCountry maps the shop's country codes
// (docs/product-rules.md#shipping) to ISO 3166-1.
func schemaCountry(code string) string {
	switch code {
	case "uk":
		return "GB"
	case "cr":
		return "HR"
	}
	return strings.ToUpper(code)
}

func decimal(minor int64) string {
	return fmt.Sprintf("%d.%02d", minor/100, minor%100)
}

func (a *assembler) productLD(p *page, pr product, prod *content.Product) ld {
	loc, _ := a.cfg.Locale(p.locale)
	cur := loc.Currency
	var shipping []ld
	var countries []string
	box, _ := a.catalog().BoxOf(string(prod.Kind))
	for _, c := range a.site.Deliveries {
		countries = append(countries, schemaCountry(c.Code))
		for _, m := range c.Methods {
			if _, _, fits := a.catalog().LockerFit(m.Carrier, catalog.Pack([]catalog.Box{box})); m.ID == "locker" && !fits {
				continue // the product does not fit this carrier's lockers
			}
			shipping = append(shipping, ld{
				"@type":               "OfferShippingDetails",
				"shippingRate":        ld{"@type": "MonetaryAmount", "value": decimal(m.Cost[cur]), "currency": cur},
				"shippingDestination": ld{"@type": "DefinedRegion", "addressCountry": schemaCountry(c.Code)},
				"deliveryTime": ld{
					"@type":        "ShippingDeliveryTime",
					"handlingTime": ld{"@type": "QuantitativeValue", "minValue": 0, "maxValue": prod.BuildDays, "unitCode": "DAY"},
					"transitTime":  ld{"@type": "QuantitativeValue", "minValue": m.DaysMin, "maxValue": m.DaysMax, "unitCode": "DAY"},
				},
			})
		}
	}
	policy := ld{"@type": "MerchantReturnPolicy", "applicableCountry": countries}
	if prod.Returnable {
		policy["returnPolicyCategory"] = "https://schema.org/MerchantReturnFiniteReturnWindow"
		policy["merchantReturnDays"] = 14
		policy["returnMethod"] = "https://schema.org/ReturnByMail"
	} else {
		policy["returnPolicyCategory"] = "https://schema.org/MerchantReturnNotPermitted"
	}
	// Photos as their 1200x630 JPEGs; the SVG artwork only without photos.
	var images []string
	if prod := a.productBySlug(pr.Slug); prod != nil {
		for _, src := range prod.Images {
			if u, ok := a.socialImage(src); ok {
				images = append(images, a.abs(u))
			}
		}
	}
	if len(images) == 0 {
		for _, img := range pr.Images {
			images = append(images, a.abs(img))
		}
	}
	product := ld{
		"@context": "https://schema.org", "@type": "Product",
		"name": pr.Title, "description": firstNonEmpty(pr.Description, pr.Summary), "sku": pr.Slug,
		"image": images, "brand": ld{"@type": "Brand", "name": a.cfg.Name},
		"offers": ld{
			"@type": "Offer", "url": a.abs(p.path), "price": decimal(pr.Price.Amount), "priceCurrency": cur,
			"availability": "https://schema.org/InStock", "itemCondition": "https://schema.org/NewCondition",
			"shippingDetails": shipping, "hasMerchantReturnPolicy": policy,
			"seller": ld{"@type": "Organization", "name": a.cfg.Name},
		},
	}
	// Who makes it and its model (GPSR art. 19(a), (c); docs/legal.md#product-safety).
	m := a.cfg.Safety.Manufacturer
	maker := ld{"@type": "Organization", "name": m.Name, "email": m.Email,
		"address": ld{"@type": "PostalAddress", "streetAddress": m.Street, "postalCode": m.Zip, "addressLocality": m.City, "addressCountry": m.Country}}
	if m.Web != "" {
		maker["url"] = m.Web
	}
	product["manufacturer"] = maker
	if prod.Model != "" {
		product["model"] = prod.Model
	}
	// The price includes the waste fee (the page's note says so); the
	// same figure, from the same rule, as a property of the product.
	if pr.WasteFee.Amount > 0 {
		product["additionalProperty"] = []ld{{
			"@type": "PropertyValue", "propertyID": "waste_management_fee_included",
			"name": a.t(p.locale, "price.waste_fee_name", nil), "value": decimal(pr.WasteFee.Amount), "unitText": cur,
		}}
	}
	return product
}

func (a *assembler) postLD(p *page, ps postSummary) ld {
	post := ld{
		"@context": "https://schema.org", "@type": "BlogPosting",
		"headline": ps.Title, "description": ps.Summary, "datePublished": ps.Date, "inLanguage": p.locale,
		"mainEntityOfPage": a.abs(p.path), "url": a.abs(p.path),
		"author":    ld{"@type": "Organization", "name": a.cfg.Name},
		"publisher": ld{"@type": "Organization", "name": a.cfg.Name, "logo": ld{"@type": "ImageObject", "url": a.abs("/icons/icon-512.png")}},
	}
	if u, ok := a.socialImage(p.doc.Cover); ok {
		post["image"] = a.abs(u)
	} else if ps.Cover != "" {
		post["image"] = a.abs(ps.Cover)
	}
	return post
}

func faqLD(entries []faqEntry) ld {
	qs := make([]ld, len(entries))
	for i, e := range entries {
		qs[i] = ld{"@type": "Question", "name": e.Question, "acceptedAnswer": ld{"@type": "Answer", "text": e.Answer}}
	}
	return ld{"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": qs}
}

// appendLD appends v as json.Marshal writes it (keys of maps in order,
// <, > and & escaped), for the value kinds structured data is made of;
// any other kind goes through encoding/json. A product page's data holds
// a shipping entry per delivery country, about 200 maps: through
// reflection and key sorting that was a quarter of the documents' time
// in a one-page rebuild (docs/benchmarks.md).
func appendLD(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case ld:
		if v == nil {
			return append(dst, "null"...), nil
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		dst = append(dst, '{')
		for i, k := range keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, k)
			dst = append(dst, ':')
			var err error
			if dst, err = appendLD(dst, v[k]); err != nil {
				return nil, err
			}
		}
		return append(dst, '}'), nil
	case []ld:
		return appendLDList(dst, v)
	case []any:
		return appendLDList(dst, v)
	case []string:
		return appendLDList(dst, v)
	case string:
		return appendJSONString(dst, v), nil
	case int:
		return strconv.AppendInt(dst, int64(v), 10), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

func appendLDList[T any](dst []byte, v []T) ([]byte, error) {
	if v == nil {
		return append(dst, "null"...), nil
	}
	dst = append(dst, '[')
	for i, x := range v {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = appendLD(dst, x); err != nil {
			return nil, err
		}
	}
	return append(dst, ']'), nil
}

const hexDigits = "0123456789abcdef"

// appendJSONString is encoding/json's string encoding with its HTML
// escaping: control characters, quote and backslash escaped, <, > and &
// as \u003c, \u003e and \u0026 (so "</script>" cannot end the element),
// U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
