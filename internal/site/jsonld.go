package site

import (
	"fmt"
	"strings"

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
	for _, c := range a.site.Deliveries {
		countries = append(countries, schemaCountry(c.Code))
		shipping = append(shipping, ld{
			"@type":               "OfferShippingDetails",
			"shippingRate":        ld{"@type": "MonetaryAmount", "value": decimal(c.Cost[cur]), "currency": cur},
			"shippingDestination": ld{"@type": "DefinedRegion", "addressCountry": schemaCountry(c.Code)},
			"deliveryTime": ld{
				"@type":        "ShippingDeliveryTime",
				"handlingTime": ld{"@type": "QuantitativeValue", "minValue": 0, "maxValue": prod.BuildDays, "unitCode": "DAY"},
				"transitTime":  ld{"@type": "QuantitativeValue", "minValue": c.DaysMin, "maxValue": c.DaysMax, "unitCode": "DAY"},
			},
		})
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
