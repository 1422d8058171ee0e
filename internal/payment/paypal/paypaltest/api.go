package paypaltest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
)

var valuePattern = regexp.MustCompile(`^\d{1,10}\.\d{2}$`)

func (s *Server) handleToken(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if !ok || id != s.opts.ClientID || secret != s.opts.Secret {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	if r.ParseForm() != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"})
		return
	}
	s.mu.Lock()
	s.tokenCalls++
	tok := s.newID("A21AA")
	s.tokens[tok] = time.Now().Add(s.opts.TokenTTL)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"scope":        "https://uri.paypal.com/services/payments/payment",
		"access_token": tok,
		"token_type":   "Bearer",
		"app_id":       "APP-80W284485P519543T",
		"expires_in":   int64(s.opts.TokenTTL / time.Second),
		"nonce":        time.Now().UTC().Format(time.RFC3339) + "fake",
	})
}

func (s *Server) auth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		s.mu.Lock()
		exp, known := s.tokens[tok]
		s.mu.Unlock()
		if !ok || !known || time.Now().After(exp) {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "Token signature verification failed"})
			return
		}
		next(w, r)
	}
}

// createRequest is what the fake validates of a create-order body.
type createRequest struct {
	Intent        string `json:"intent"`
	PurchaseUnits []struct {
		ReferenceID string `json:"reference_id"`
		CustomID    string `json:"custom_id"`
		InvoiceID   string `json:"invoice_id"`
		Description string `json:"description"`
		Amount      struct {
			CurrencyCode string `json:"currency_code"`
			Value        string `json:"value"`
		} `json:"amount"`
	} `json:"purchase_units"`
	PaymentSource *struct {
		PayPal *struct {
			ExperienceContext experience `json:"experience_context"`
		} `json:"paypal"`
	} `json:"payment_source"`
	ApplicationContext *experience `json:"application_context"`
}

type experience struct {
	BrandName          string `json:"brand_name"`
	Locale             string `json:"locale"`
	ShippingPreference string `json:"shipping_preference"`
	UserAction         string `json:"user_action"`
	ReturnURL          string `json:"return_url"`
	CancelURL          string `json:"cancel_url"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	reqID := r.Header.Get("PayPal-Request-Id")
	if reqID != "" {
		s.mu.Lock()
		id, seen := s.byRequestID[reqID]
		var body map[string]any
		if seen {
			body = s.orderJSON(s.orders[id])
		}
		s.mu.Unlock()
		if seen { // idempotent: the first request's order again
			writeJSON(w, http.StatusOK, body)
			return
		}
	}
	var req createRequest
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", err.Error())
		return
	}
	var ctx *experience
	legacy := false
	switch {
	case req.PaymentSource != nil && req.PaymentSource.PayPal != nil:
		ctx = &req.PaymentSource.PayPal.ExperienceContext
	case req.ApplicationContext != nil:
		ctx, legacy = req.ApplicationContext, true
	}
	if issue, desc := validateCreate(req, ctx); issue != "" {
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", issue, desc)
		return
	}
	pu := req.PurchaseUnits[0]
	s.mu.Lock()
	o := &Order{
		ID: s.newID(""), RequestID: reqID, Status: "PAYER_ACTION_REQUIRED",
		Intent: req.Intent, ReferenceID: pu.ReferenceID, CustomID: pu.CustomID,
		InvoiceID: pu.InvoiceID, Description: pu.Description,
		Currency: pu.Amount.CurrencyCode, Value: pu.Amount.Value,
		ReturnURL: ctx.ReturnURL, CancelURL: ctx.CancelURL, Locale: ctx.Locale,
		UserAction: ctx.UserAction, ShippingPreference: ctx.ShippingPreference,
		Brand: ctx.BrandName, Outcome: Completed,
	}
	if legacy {
		o.Status = "CREATED"
	}
	s.orders[o.ID] = o
	if reqID != "" {
		s.byRequestID[reqID] = o.ID
	}
	body := s.orderJSON(o)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, body)
}

// validateCreate returns the PayPal issue a bad body would get.
func validateCreate(req createRequest, ctx *experience) (issue, desc string) {
	switch {
	case req.Intent != "CAPTURE" && req.Intent != "AUTHORIZE":
		return "INVALID_PARAMETER_VALUE", "intent must be CAPTURE or AUTHORIZE"
	case len(req.PurchaseUnits) != 1:
		return "INVALID_ARRAY_MAX_ITEMS", "the fake takes exactly one purchase unit"
	}
	pu := req.PurchaseUnits[0]
	switch {
	case len(pu.Amount.CurrencyCode) != 3 || strings.ToUpper(pu.Amount.CurrencyCode) != pu.Amount.CurrencyCode:
		return "INVALID_CURRENCY_CODE", "currency_code must be ISO 4217"
	case !valuePattern.MatchString(pu.Amount.Value) || strings.Trim(pu.Amount.Value, "0.") == "":
		return "DECIMAL_PRECISION", "value must be positive with two decimals"
	case len(pu.CustomID) > 127 || len(pu.InvoiceID) > 127 || len([]rune(pu.Description)) > 127:
		return "INVALID_STRING_MAX_LENGTH", "custom_id, invoice_id, description at most 127"
	case pu.CustomID == "":
		return "MISSING_REQUIRED_PARAMETER", "the fake wants custom_id (the shop relies on it)"
	case ctx == nil:
		return "MISSING_REQUIRED_PARAMETER", "payment_source.paypal.experience_context or application_context"
	case !absolute(ctx.ReturnURL) || !absolute(ctx.CancelURL):
		return "INVALID_PARAMETER_SYNTAX", "return_url and cancel_url must be absolute URLs"
	case ctx.UserAction != "" && ctx.UserAction != "PAY_NOW" && ctx.UserAction != "CONTINUE":
		return "INVALID_PARAMETER_VALUE", "user_action"
	}
	return "", ""
}

func absolute(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "https" || p.Scheme == "http") && p.Host != ""
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	o, ok := s.orders[r.PathValue("id")]
	var body map[string]any
	if ok {
		body = s.orderJSON(o)
	}
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.")
		return
	}
	writeJSON(w, http.StatusOK, body)
}

func (s *Server) handleCapture(w http.ResponseWriter, r *http.Request) {
	reqID := r.Header.Get("PayPal-Request-Id")
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[r.PathValue("id")]
	if !ok {
		writeError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.")
		return
	}
	o.CaptureCalls++
	switch {
	case o.Captures > 0 && reqID != "" && reqID == o.captureRequestID:
		writeJSON(w, http.StatusOK, s.orderJSON(o)) // idempotent replay
	case o.Captures > 0:
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED",
			"Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.")
	case o.Status != "APPROVED":
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED",
			"Payer has not yet approved the Order for payment.")
	default:
		o.Captures++
		o.captureRequestID = reqID
		o.CaptureID = s.newID("")
		o.CaptureStatus = o.Outcome
		o.Status = "COMPLETED"
		writeJSON(w, http.StatusCreated, s.orderJSON(o))
	}
}

// orderJSON is the order as PayPal represents it (Prefer:
// return=representation). Call with s.mu held.
func (s *Server) orderJSON(o *Order) map[string]any {
	amount := map[string]string{"currency_code": o.Currency, "value": o.Value}
	pu := map[string]any{
		"reference_id": o.ReferenceID, "custom_id": o.CustomID, "invoice_id": o.InvoiceID,
		"description": o.Description, "amount": amount,
	}
	if o.Captures > 0 {
		pu["payments"] = map[string]any{"captures": []any{s.captureJSON(o)}}
	}
	links := []map[string]string{{"href": s.srv.URL + "/v2/checkout/orders/" + o.ID, "rel": "self", "method": "GET"}}
	switch o.Status {
	case "PAYER_ACTION_REQUIRED":
		links = append(links, map[string]string{"href": s.checkoutURL(o.ID), "rel": "payer-action", "method": "GET"})
	case "CREATED":
		links = append(links, map[string]string{"href": s.checkoutURL(o.ID), "rel": "approve", "method": "GET"})
	case "APPROVED":
		links = append(links, map[string]string{"href": s.srv.URL + "/v2/checkout/orders/" + o.ID + "/capture", "rel": "capture", "method": "POST"})
	}
	body := map[string]any{
		"id": o.ID, "intent": o.Intent, "status": o.Status,
		"purchase_units": []any{pu}, "links": links,
	}
	if o.PayerID != "" {
		body["payer"] = map[string]any{"payer_id": o.PayerID, "email_address": "buyer@example.com"}
	}
	return body
}

// captureJSON is the capture resource, as in the order and in
// PAYMENT.CAPTURE.* webhooks. Call with s.mu held.
func (s *Server) captureJSON(o *Order) map[string]any {
	c := map[string]any{
		"id": o.CaptureID, "status": o.CaptureStatus,
		"amount":     map[string]string{"currency_code": o.Currency, "value": o.Value},
		"custom_id":  o.CustomID,
		"invoice_id": o.InvoiceID, "final_capture": true,
		"supplementary_data": map[string]any{"related_ids": map[string]string{"order_id": o.ID}},
	}
	if o.CaptureStatus == Pending {
		c["status_details"] = map[string]string{"reason": "PENDING_REVIEW"}
	}
	return c
}

func (s *Server) checkoutURL(id string) string {
	return s.srv.URL + "/checkoutnow?token=" + url.QueryEscape(id)
}
