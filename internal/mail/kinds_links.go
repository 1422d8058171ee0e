package mail

import (
	"fmt"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// OrderLink is one order in the "your order links" e-mail.
type OrderLink struct {
	ID        uint64
	Placed    time.Time
	Total     int64 // minor units of Currency
	Currency  string
	StatusURL string // absolute
}

type orderLinksData struct {
	Email, ShopName string
	Orders          []orderLinkData
}

type orderLinkData struct {
	Number, Placed, Total, URL string
}

// OrderLinks answers "resend my order links" (POST /v1/orders/links): the
// status links of the address's orders, newest first, in loc (the
// language of the page the shopper asked from, not the orders'). Each
// link is the only key to its order, so the message goes only to the
// address the orders were placed with.
func OrderLinks(cat *catalog.Catalog, loc, email string, orders []OrderLink) (*outbox.Message, error) {
	if cat == nil {
		return nil, fmt.Errorf("mail: %s: nil catalogue", KindOrderLinks)
	}
	if !knownLocale(loc) {
		return nil, fmt.Errorf("%w: %q", ErrLocale, loc)
	}
	if len(orders) == 0 {
		return nil, fmt.Errorf("mail: %s: no orders", KindOrderLinks)
	}
	to, err := address("", email)
	if err != nil {
		return nil, fmt.Errorf("mail: %s: %w", KindOrderLinks, err)
	}
	d := orderLinksData{Email: strings.TrimSpace(email), ShopName: cat.Shop.Name}
	for _, o := range orders {
		u, err := absURL(o.StatusURL)
		if err != nil {
			return nil, fmt.Errorf("mail: %s: order %d: %w", KindOrderLinks, o.ID, err)
		}
		d.Orders = append(d.Orders, orderLinkData{
			Number: "#" + fmt.Sprint(o.ID),
			Placed: cat.Format(loc).FormatDate(o.Placed.UTC()),
			Total:  cat.Format(loc).FormatMoney(o.Total, o.Currency),
			URL:    u,
		})
	}
	subject := oneLine(trOr(&err, loc, KindOrderLinks+".subject", "shop", cat.Shop.Name))
	pre := trOr(&err, loc, KindOrderLinks+".preheader")
	m := &outbox.Message{Kind: KindOrderLinks, Locale: loc, To: to, Subject: subject, Created: time.Now().UTC()}
	if rt, e := address(cat.Shop.Name, cat.Shop.Company.Email); e == nil {
		m.ReplyTo = rt
	}
	return finish(m, err, cat, pre, d)
}

// LinkOf is the OrderLink of o with its absolute status URL.
func LinkOf(o *order.Order, statusURL string) OrderLink {
	return OrderLink{ID: o.ID, Placed: o.CreatedAt, Total: o.Totals.Total, Currency: o.Currency, StatusURL: statusURL}
}
