package daemon

import (
	"fmt"
	"net/url"
	"strings"

	"sabershop/internal/payment/sandbox"
	"sabershop/internal/rates"
	"sabershop/internal/rates/nbp"
	"sabershop/internal/rates/nbpfake"
)

// ratesSource is the exchange-rate source that setting names (Config.Rates)
// for a shop with payments: a shop that takes only sandbox payments
// issues sandbox documents, so it gets the sandbox's rates unless told
// otherwise, and works offline.
func ratesSource(setting, payments string) (rates.Source, error) {
	switch setting = strings.TrimSpace(setting); setting {
	case "":
		if onlySandbox(payments) {
			return &nbp.Client{BaseURL: "http://nbp.sandbox", Client: (&nbpfake.Fake{}).Client()}, nil
		}
		return &nbp.Client{BaseURL: nbp.URL}, nil
	case "nbp":
		return &nbp.Client{BaseURL: nbp.URL}, nil
	case "sandbox":
		return &nbp.Client{BaseURL: "http://nbp.sandbox", Client: (&nbpfake.Fake{}).Client()}, nil
	}
	u, err := url.Parse(setting)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf(`-rates %q: want "nbp", "sandbox" or the http(s) address of a service with NBP's API`, setting)
	}
	return &nbp.Client{BaseURL: setting}, nil
}

// onlySandbox reports whether every provider in the list is the sandbox.
func onlySandbox(list string) bool {
	n := 0
	for _, p := range strings.Split(list, ",") {
		if p = strings.TrimSpace(p); p != "" {
			if p != sandbox.Name {
				return false
			}
			n++
		}
	}
	return n > 0
}
