package catalog

// Safety is the product safety information every offer shows (General
// Product Safety Regulation (EU) 2023/988, art. 19; docs/legal.md#product-safety):
// who makes the products, who answers for them in the EU, the age they
// are not for, and the languages the safety text is written in. The build
// writes it from content/config.toml's [safety] and content/safety/*.md;
// the order e-mail links to the texts of the delivery country's languages.
type Safety struct {
	// MinAge: "not a toy; not for children under MinAge".
	MinAge int `json:"min_age"`
	// Manufacturer is the maker's name, postal and electronic address
	// (GPSR art. 19(a)); [company] unless [safety.manufacturer] says
	// otherwise.
	Manufacturer Party `json:"manufacturer"`
	// EUResponsible is the economic operator established in the EU for a
	// manufacturer outside it (GPSR art. 4, Regulation (EU) 2019/1020
	// art. 4); nil when the manufacturer is established in the EU.
	EUResponsible *Party `json:"eu_responsible,omitempty"`
	// Languages are the languages the safety text exists in, by code
	// (ISO 639-1, the file names of content/safety), each with its own
	// name; in code order.
	Languages []SafetyLanguage `json:"languages"`
}

// Party is an economic operator's name, postal address and electronic
// addresses.
type Party struct {
	Name    string `json:"name"`
	Street  string `json:"street"`
	Zip     string `json:"zip"`
	City    string `json:"city"`
	Country string `json:"country"`
	Email   string `json:"email"`
	Web     string `json:"web,omitempty"`
}

// Address is the party's postal address on one line.
func (p Party) Address() string {
	return p.Street + ", " + p.Zip + " " + p.City + ", " + p.Country
}

// SafetyLanguage is one language of the safety text: its code and its
// own name ("čeština").
type SafetyLanguage struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// SafetyPath is the site path of the safety text in language lang, without
// the site's locale prefix: "/safety/cs".
func SafetyPath(lang string) string { return "/safety/" + lang }

// SafetyLanguage is the safety text's language with code; ok is false for
// one the catalogue has no text in.
func (c *Catalog) SafetyLanguage(code string) (SafetyLanguage, bool) {
	for _, l := range c.Safety.Languages {
		if l.Code == code {
			return l, true
		}
	}
	return SafetyLanguage{}, false
}
