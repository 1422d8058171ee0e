package desk

import (
	"strconv"
	"sync"

	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/orders"
)

// uiTexts are the desk's texts as embedded, for what names an order
// outside a request (the terminal's orderd orders show).
var uiTexts = sync.OnceValues(func() (*i18n.Set, error) {
	return i18n.LoadEmbedded("desk-ui", "en", uiFiles, "ui", nil)
})

// TimelineText is timeline event e in locale, from the [timeline] texts
// desk/timeline.ts names it from too (order.Describe reads the event):
// amounts in format, a production stage by stage's name for its id; every
// parameter inert.
func TimelineText(locale string, e order.Event, format i18n.Format, stage func(id string) string) string {
	set, err := uiTexts()
	if err != nil {
		return inert.String(e.Cause)
	}
	d := order.Describe(e)
	named := func(key, fallback string) string {
		if s, ok := set.Lookup(locale, key, nil); ok {
			return s
		}
		return fallback
	}
	params := map[string]any{}
	for k, v := range d.Params {
		params[k] = inert.String(v)
	}
	p := d.Params
	if a, err := strconv.ParseInt(p["amount"], 10, 64); err == nil && p["currency"] != "" {
		params["amount"] = format.FormatMoney(a, inert.String(p["currency"]))
	}
	if m, ok := p["method"]; ok {
		params["method"] = named("timeline.methods."+m, inert.String(m))
	}
	if pr, ok := p["provider"]; ok {
		params["provider"] = named("timeline.providers."+pr, inert.String(pr))
	}
	switch d.Code {
	case order.DescStage:
		if stage != nil {
			params["stage"] = inert.String(stage(p["stage"]))
		}
		if p["by"] == orders.Terminal {
			params["by"] = set.T(locale, "timeline.terminal", nil)
		}
	case order.DescParcel:
		params["status"] = named("shipment.statuses."+p["status"], inert.String(p["status"]))
	case order.DescText:
		params["status"] = set.T(locale, "orders.statuses."+string(e.Status), nil)
	}
	if c, err := strconv.Atoi(p["count"]); err == nil {
		params["count"] = c
	}
	return set.T(locale, "timeline."+d.Code, params)
}
