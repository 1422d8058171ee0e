package paypal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"

	"sabershop/internal/payment"
)

// Orders v2 request and answer shapes, only the fields this package uses.
type (
	money struct {
		CurrencyCode string `json:"currency_code"`
		Value        string `json:"value"`
	}
	purchaseUnitRequest struct {
		ReferenceID string `json:"reference_id"`
		CustomID    string `json:"custom_id"`
		InvoiceID   string `json:"invoice_id"`
		Description string `json:"description,omitempty"`
		Amount      money  `json:"amount"`
	}
	experienceContext struct {
		BrandName          string `json:"brand_name,omitempty"`
		Locale             string `json:"locale,omitempty"`
		ShippingPreference string `json:"shipping_preference"`
		UserAction         string `json:"user_action"`
		ReturnURL          string `json:"return_url"`
		CancelURL          string `json:"cancel_url"`
	}
	orderRequest struct {
		Intent        string                `json:"intent"`
		PurchaseUnits []purchaseUnitRequest `json:"purchase_units"`
		PaymentSource struct {
			PayPal struct {
				ExperienceContext experienceContext `json:"experience_context"`
			} `json:"paypal"`
		} `json:"payment_source"`
	}
	capture struct {
		ID                string `json:"id"`
		Status            string `json:"status"`
		Amount            money  `json:"amount"`
		CustomID          string `json:"custom_id"`
		InvoiceID         string `json:"invoice_id"`
		SupplementaryData struct {
			RelatedIDs struct {
				OrderID string `json:"order_id"`
			} `json:"related_ids"`
		} `json:"supplementary_data"`
	}
	purchaseUnit struct {
		ReferenceID string `json:"reference_id"`
		CustomID    string `json:"custom_id"`
		InvoiceID   string `json:"invoice_id"`
		Amount      money  `json:"amount"`
		Payments    struct {
			Captures []capture `json:"captures"`
		} `json:"payments"`
	}
	link struct {
		Href   string `json:"href"`
		Rel    string `json:"rel"`
		Method string `json:"method"`
	}
	order struct {
		ID            string         `json:"id"`
		Status        string         `json:"status"`
		PurchaseUnits []purchaseUnit `json:"purchase_units"`
		Links         []link         `json:"links"`
	}
)

// PayPal's locales for the shop's languages.
var locales = map[string]string{"en": "en-US", "pl": "pl-PL", "de": "de-DE"}

// orderIDPattern keeps ids from the browser out of URL paths unless they
// look like PayPal's (17 upper-case letters and digits, with some room).
var orderIDPattern = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)

// PayPal's limit on custom_id, invoice_id and description.
const maxField = 127

// Start creates the order and sends the shopper to PayPal's approval page.
func (p *Provider) Start(ctx context.Context, req payment.StartRequest) (payment.StartResult, error) {
	o := req.Order
	if req.Method != payment.PayPal {
		return payment.StartResult{}, fmt.Errorf("paypal: method %q not supported", req.Method)
	}
	if o.Hash == "" || len(o.Hash) > maxField {
		return payment.StartResult{}, fmt.Errorf("paypal: order hash of %d bytes", len(o.Hash))
	}
	for _, u := range []string{req.ReturnURL, req.CancelURL} {
		if pu, err := url.Parse(u); err != nil || !pu.IsAbs() {
			return payment.StartResult{}, fmt.Errorf("paypal: return and cancel URLs must be absolute, got %q", u)
		}
	}
	value, err := formatAmount(o.Amount, o.Currency)
	if err != nil {
		return payment.StartResult{}, err
	}
	body := orderRequest{
		Intent: "CAPTURE",
		PurchaseUnits: []purchaseUnitRequest{{
			ReferenceID: o.Hash,
			CustomID:    o.Hash,
			InvoiceID:   o.Hash,
			Description: truncate(o.Description, maxField),
			Amount:      money{CurrencyCode: o.Currency, Value: value},
		}},
	}
	body.PaymentSource.PayPal.ExperienceContext = experienceContext{
		BrandName:          truncate(p.cfg.BrandName, maxField),
		Locale:             locales[o.Locale],
		ShippingPreference: "NO_SHIPPING",
		UserAction:         "PAY_NOW",
		ReturnURL:          req.ReturnURL,
		CancelURL:          req.CancelURL,
	}
	var created order
	if err := p.call(ctx, http.MethodPost, "/v2/checkout/orders", startRequestID(req, value), body, &created); err != nil {
		return payment.StartResult{}, fmt.Errorf("paypal: create order: %w", err)
	}
	if !orderIDPattern.MatchString(created.ID) {
		return payment.StartResult{}, fmt.Errorf("paypal: create order: answer without a usable id %q", created.ID)
	}
	for _, l := range created.Links {
		if l.Rel != "payer-action" && l.Rel != "approve" {
			continue
		}
		if u, err := url.Parse(l.Href); err != nil || (u.Scheme != "https" && u.Scheme != "http") {
			return payment.StartResult{}, fmt.Errorf("paypal: create order: approval link %q", l.Href)
		}
		return payment.StartResult{Outcome: payment.OutcomeRedirect, URL: l.Href, Reference: created.ID}, nil
	}
	return payment.StartResult{}, fmt.Errorf("paypal: create order %s: no approval link (status %s)", created.ID, created.Status)
}

// startRequestID is the API's idempotency key; without one, a key derived
// from the hash and the amount, so a retry reuses the order but a changed
// total (a coupon added) makes a new one.
func startRequestID(req payment.StartRequest, value string) string {
	id := req.IdempotencyKey
	if id == "" {
		id = "sabershop-" + req.Order.Hash + "-" + value + req.Order.Currency
	}
	if len(id) > 100 { // PayPal's limit is around 108; stay clear of it
		sum := sha256.Sum256([]byte(id))
		id = "sabershop-" + hex.EncodeToString(sum[:20])
	}
	return id
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// Return captures the order the shopper approved. The browser's query
// (?order=HASH&token=ORDER_ID&PayerID=...) only says which order to ask
// PayPal about; the result is PayPal's answer.
func (p *Provider) Return(ctx context.Context, r *http.Request) (payment.Notification, error) {
	q := r.URL.Query()
	hash, id := q.Get("order"), q.Get("token")
	if hash == "" || !orderIDPattern.MatchString(id) {
		return payment.Notification{}, errors.New("paypal: return without order and token")
	}
	n, err := p.captureOrder(ctx, id)
	if err != nil {
		return payment.Notification{}, err
	}
	if n.OrderHash != hash {
		p.cfg.Log.Warn("paypal: return for another order", "paypal_order", id)
		return payment.Notification{}, fmt.Errorf("paypal: PayPal order %s belongs to another shop order than the return link says", id)
	}
	return n, nil
}

// captureOrder captures order id once however often it is called: the
// request id is fixed per order, and an already captured order is read.
func (p *Provider) captureOrder(ctx context.Context, id string) (payment.Notification, error) {
	var o order
	err := p.call(ctx, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", "capture-"+id, nil, &o)
	declined := false
	switch issueOf(err) {
	case "":
	case "ORDER_ALREADY_CAPTURED", "ORDER_NOT_APPROVED":
		// Captured by another request, or not approved (a hand-made
		// return link): the order itself tells.
		err = p.call(ctx, http.MethodGet, "/v2/checkout/orders/"+id, "", nil, &o)
	case "INSTRUMENT_DECLINED", "TRANSACTION_REFUSED":
		declined = true
		err = p.call(ctx, http.MethodGet, "/v2/checkout/orders/"+id, "", nil, &o)
	}
	if err != nil {
		return payment.Notification{}, fmt.Errorf("paypal: capture %s: %w", id, err)
	}
	n, err := notificationFromOrder(o)
	if declined && err == nil {
		n.Status = payment.StatusFailed
	}
	return n, err
}

// Query reads the order without acting on it.
func (p *Provider) Query(ctx context.Context, ref string) (payment.Notification, error) {
	if !orderIDPattern.MatchString(ref) {
		return payment.Notification{}, payment.ErrUnknown
	}
	var o order
	if err := p.call(ctx, http.MethodGet, "/v2/checkout/orders/"+ref, "", nil, &o); err != nil {
		var ae *APIError
		if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
			return payment.Notification{}, payment.ErrUnknown
		}
		return payment.Notification{}, fmt.Errorf("paypal: get order %s: %w", ref, err)
	}
	return notificationFromOrder(o)
}

// notificationFromOrder states what an order as PayPal answered it means
// for the shop: the last capture decides; without one, the order status.
func notificationFromOrder(o order) (payment.Notification, error) {
	if len(o.PurchaseUnits) == 0 {
		return payment.Notification{}, fmt.Errorf("paypal: order %s has no purchase unit", o.ID)
	}
	pu := o.PurchaseUnits[0]
	n := payment.Notification{Provider: "paypal", Reference: o.ID, OrderHash: pu.CustomID}
	amount := pu.Amount
	if c := pu.Payments.Captures; len(c) > 0 {
		last := c[len(c)-1]
		n.Status = captureStatus(last.Status)
		n.Capture = last.ID
		if last.Amount.Value != "" {
			amount = last.Amount
		}
		if n.OrderHash == "" {
			n.OrderHash = last.CustomID
		}
	} else {
		n.Status = orderStatus(o.Status)
	}
	if n.OrderHash == "" {
		return payment.Notification{}, fmt.Errorf("paypal: order %s carries no custom_id", o.ID)
	}
	if amount.Value != "" {
		v, err := parseAmount(amount.Value, amount.CurrencyCode)
		if err != nil {
			return payment.Notification{}, err
		}
		n.Amount, n.Currency = v, amount.CurrencyCode
	}
	return n, nil
}

func captureStatus(s string) payment.Status {
	switch s {
	case "COMPLETED":
		return payment.StatusPaid
	case "PENDING":
		return payment.StatusPending
	case "DECLINED", "FAILED":
		return payment.StatusFailed
	}
	return "" // REFUNDED, PARTIALLY_REFUNDED: not the payment flow's business
}

func orderStatus(s string) payment.Status {
	switch s {
	case "APPROVED":
		return payment.StatusPending // the capture follows (Return or webhook)
	case "VOIDED":
		return payment.StatusFailed
	}
	return "" // CREATED, SAVED, PAYER_ACTION_REQUIRED: the shopper has not decided
}
