package api

import (
	"net/http"

	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// shopView is GET /v1/shop: what the basket and status pages need before
// they let a shopper order or pay.
type shopView struct {
	OrdersOpen bool         `json:"orders_open"`
	Paused     *pausedTexts `json:"paused,omitempty"`
	// Reopens is the day a paused shop takes orders again (YYYY-MM-DD),
	// when the owner named one (orderd shop pause --until, the desk).
	Reopens        string            `json:"reopens,omitempty"`
	CouponMinimum  map[string]int64  `json:"coupon_minimum"`
	Currencies     map[string]string `json:"currencies"` // locale -> currency
	PaymentMethods []payment.Method  `json:"payment_methods"`
	CardPublicKey  string            `json:"card_public_key"`
	CatalogVersion string            `json:"catalog_version"`
	Demo           bool              `json:"demo"` // a demo shop: payments are simulated (orderd serve -demo)
}

// pausedTexts are the texts of a paused shop
// (docs/product-rules.md#paused-orders), translated.
type pausedTexts struct {
	Title   string `json:"title"`
	Button  string `json:"button"`
	Message string `json:"message"`
}

func (s *Server) getShop(w http.ResponseWriter, r *http.Request) {
	locale := s.requestLocale(r, "")
	cat := s.cfg.Catalogs.Current()
	open, err := s.ordersOpen()
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	v := shopView{OrdersOpen: open, CouponMinimum: cat.Coupons.Minimum, Currencies: map[string]string{},
		PaymentMethods: []payment.Method{}, CardPublicKey: s.orders.Payments().CardKey(), CatalogVersion: cat.Version, Demo: s.cfg.Demo}
	v.PaymentMethods = append(v.PaymentMethods, s.orders.Payments().Methods()...)
	for _, l := range cat.Locales {
		v.Currencies[l.Code] = l.Currency
	}
	if !open {
		v.Paused = s.pausedTexts(locale)
		if err := s.cfg.Store.View(func(tx *store.Tx) (err error) {
			v.Reopens, err = tx.OrdersReopen()
			return err
		}); err != nil {
			s.internal(w, r, locale, err)
			return
		}
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) pausedTexts(locale string) *pausedTexts {
	return &pausedTexts{Title: s.msg.T(locale, "orders_paused_title", nil),
		Button: s.msg.T(locale, "orders_paused_button", nil), Message: s.msg.T(locale, "orders_paused", nil)}
}

// ordersOpen is the owner's switch (orderd shop pause|resume); before the
// owner ever used it, the catalogue's orders_open (content/config.toml).
func (s *Server) ordersOpen() (bool, error) {
	var open bool
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		v, set, err := tx.OrdersOpen()
		if err != nil {
			return err
		}
		if !set {
			v = s.cfg.Catalogs.Current().OrdersOpen
		}
		open = v
		return nil
	})
	return open, err
}
