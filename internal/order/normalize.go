package order

import (
	"sabershop/internal/shipping"
	"strings"
)

// Normalize trims every field and brings the case-insensitive ones to the
// form the catalogue and the store use: locale and country lower-case, zip
// and discount code upper-case, the e-mail's domain lower-case, colours
// lower-case hex. Call it before Validate, which checks the clean form; the
// stored order then holds what the courier and the owner should read.
func Normalize(req *Request) {
	req.Locale = strings.ToLower(strings.TrimSpace(req.Locale))
	req.Code = NormalizeCode(req.Code)
	normalizeCustomer(&req.Customer)
	req.Delivery.Method = shipping.Method(strings.ToLower(strings.TrimSpace(string(req.Delivery.Method))))
	req.Delivery.Point = strings.ToUpper(strings.TrimSpace(req.Delivery.Point))
	for i := range req.Items {
		it := &req.Items[i]
		it.Product = strings.TrimSpace(it.Product)
		it.Variant = strings.TrimSpace(it.Variant)
		if it.Creator != nil {
			normalizeCreator(it.Creator)
		}
	}
}

func normalizeCustomer(c *Customer) {
	c.FirstName = strings.TrimSpace(c.FirstName)
	c.LastName = strings.TrimSpace(c.LastName)
	c.Email = normalizeEmail(c.Email)
	c.Phone = strings.TrimSpace(c.Phone)
	c.Country = strings.ToLower(strings.TrimSpace(c.Country))
	c.Street = strings.TrimSpace(c.Street)
	c.Zip = strings.Join(strings.Fields(strings.ToUpper(c.Zip)), " ")
	c.City = strings.TrimSpace(c.City)
	c.Company = strings.TrimSpace(c.Company)
	c.VATID = NormalizeVATID(c.VATID)
}

// normalizeEmail lower-cases only the domain: the local part is, by the
// RFC, the receiving server's to interpret.
func normalizeEmail(s string) string {
	s = strings.TrimSpace(s)
	if at := strings.LastIndexByte(s, '@'); at >= 0 {
		s = s[:at] + strings.ToLower(s[at:])
	}
	return s
}

func normalizeCreator(cfg *CreatorConfig) {
	for slot, part := range cfg.Parts {
		cfg.Parts[slot] = strings.TrimSpace(part)
	}
	cfg.Generator = strings.TrimSpace(cfg.Generator)
	cfg.Button = strings.TrimSpace(cfg.Button)
	for i := range cfg.Presets {
		p := &cfg.Presets[i]
		p.Color = strings.ToLower(strings.TrimSpace(p.Color))
		p.Clash = strings.ToLower(strings.TrimSpace(p.Clash))
		p.Effect = strings.TrimSpace(p.Effect)
		p.Ignition = strings.TrimSpace(p.Ignition)
		p.Retraction = strings.TrimSpace(p.Retraction)
		p.Sound = strings.TrimSpace(p.Sound)
	}
}
