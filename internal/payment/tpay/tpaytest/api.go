package tpaytest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func apiErr(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]any{
		"result": "failure",
		"errors": []map[string]string{{"errorCode": code, "errorMessage": msg}},
	})
}

func (s *Server) handleAuth(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.oauth++
	s.mu.Unlock()
	if err := r.ParseForm(); err != nil {
		apiErr(w, http.StatusBadRequest, "invalid_request", "form expected")
		return
	}
	if r.PostForm.Get("client_id") != s.opts.ClientID || r.PostForm.Get("client_secret") != s.opts.ClientSecret {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
		return
	}
	tok := randHex(20)
	now := s.opts.Now()
	s.mu.Lock()
	s.tokens[tok] = now.Add(s.opts.TokenTTL)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"issued_at":    now.Unix(),
		"scope":        "read write",
		"token_type":   "Bearer",
		"expires_in":   int64(s.opts.TokenTTL / time.Second),
		"access_token": tok,
	})
}

// authed answers 401 to a missing, unknown or expired bearer token.
func (s *Server) authed(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		s.mu.Lock()
		exp, known := s.tokens[tok]
		s.mu.Unlock()
		if !ok || !known || !s.opts.Now().Before(exp) {
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"})
			return
		}
		h(w, r)
	}
}

type createBody struct {
	Amount            json.Number `json:"amount"`
	Description       string      `json:"description"`
	HiddenDescription string      `json:"hiddenDescription"`
	Lang              string      `json:"lang"`
	Payer             struct {
		Email string `json:"email"`
		Name  string `json:"name"`
	} `json:"payer"`
	Callbacks struct {
		PayerURLs struct {
			Success string `json:"success"`
			Error   string `json:"error"`
		} `json:"payerUrls"`
		Notification struct {
			URL string `json:"url"`
		} `json:"notification"`
	} `json:"callbacks"`
	Pay *struct {
		GroupID int `json:"groupId"`
	} `json:"pay"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	dec := json.NewDecoder(r.Body)
	dec.UseNumber()
	var b createBody
	if err := dec.Decode(&b); err != nil {
		apiErr(w, http.StatusBadRequest, "invalid_json", "request body is not JSON")
		return
	}
	amt, err := twoPlaces(string(b.Amount))
	switch {
	case err != nil:
		apiErr(w, http.StatusBadRequest, "amount", err.Error())
		return
	case b.Description == "" || b.Payer.Email == "" || b.Payer.Name == "":
		apiErr(w, http.StatusBadRequest, "required", "amount, description, payer.email and payer.name are required")
		return
	}
	if b.Lang != "" && !slices.Contains([]string{"pl", "en", "de", "fr", "ru", "it", "es"}, b.Lang) {
		apiErr(w, http.StatusBadRequest, "lang", "unsupported lang")
		return
	}
	tx := &Transaction{
		ID:                "ta_" + randHex(8),
		Title:             "TR-" + strings.ToUpper(randHex(5)),
		Amount:            amt,
		Description:       b.Description,
		HiddenDescription: b.HiddenDescription,
		Lang:              b.Lang,
		PayerEmail:        b.Payer.Email,
		PayerName:         b.Payer.Name,
		SuccessURL:        b.Callbacks.PayerURLs.Success,
		ErrorURL:          b.Callbacks.PayerURLs.Error,
		NotifyURL:         b.Callbacks.Notification.URL,
		Status:            "pending",
	}
	if b.Pay != nil {
		tx.GroupID = b.Pay.GroupID
	}
	s.mu.Lock()
	s.txs[tx.ID] = tx
	s.byTitle[tx.Title] = tx.ID
	ans := s.view(tx)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, ans)
}

// view is a transaction as Tpay's answers show it; needs s.mu.
func (s *Server) view(tx *Transaction) map[string]any {
	return map[string]any{
		"result":            "success",
		"requestId":         randHex(10),
		"transactionId":     tx.ID,
		"title":             tx.Title,
		"posId":             "ps_tpaytest",
		"status":            tx.Status,
		"amount":            json.Number(tx.Amount),
		"currency":          "PLN",
		"description":       tx.Description,
		"hiddenDescription": tx.HiddenDescription,
		"payer": map[string]string{
			"email": tx.PayerEmail, "name": tx.PayerName,
		},
		"payments":              map[string]any{"status": tx.Status},
		"transactionPaymentUrl": s.URL + "/pay/" + tx.ID,
	}
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if tx := s.pathTransaction(w, r); tx != nil {
		writeJSON(w, http.StatusOK, s.view(tx))
	}
}

func (s *Server) handlePay(w http.ResponseWriter, r *http.Request) {
	var b struct {
		GroupID         int    `json:"groupId"`
		Method          string `json:"method"`
		CardPaymentData *struct {
			Card string `json:"card"`
		} `json:"cardPaymentData"`
	}
	if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
		apiErr(w, http.StatusBadRequest, "invalid_json", "request body is not JSON")
		return
	}
	s.mu.Lock()
	tx := s.lookup(r.PathValue("id"))
	s.mu.Unlock()
	switch {
	case tx == nil:
		apiErr(w, http.StatusNotFound, "not_found", "transaction not found")
		return
	case b.GroupID != 103 || b.CardPaymentData == nil || b.CardPaymentData.Card == "":
		apiErr(w, http.StatusBadRequest, "card", "groupId 103 and cardPaymentData.card are required")
		return
	}
	last4, err := s.checkCard(b.CardPaymentData.Card)
	if err != nil {
		apiErr(w, http.StatusBadRequest, "card_data", err.Error())
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if tx.Status != "pending" {
		apiErr(w, http.StatusBadRequest, "status", "transaction is not pending")
		return
	}
	tx.CardLast4 = last4
	out := s.outcome
	if out == ByAmount {
		out, tx.threeDS = byAmount(tx.Amount)
	}
	ans := map[string]any{"result": "success", "transactionId": tx.ID, "title": tx.Title}
	switch out {
	case Accept:
		tx.Status = "correct"
		ans["status"] = "correct"
		s.autoNotify(tx)
	case Decline:
		ans["result"], ans["status"] = "failure", "declined"
	default:
		ans["status"] = "pending"
		ans["transactionPaymentUrl"] = s.URL + "/3ds/" + tx.ID
	}
	writeJSON(w, http.StatusOK, ans)
}

// byAmount is Tpay's sandbox rule on the amount's last digit.
func byAmount(amt string) (CardOutcome, string) {
	switch amt[len(amt)-1] {
	case '1':
		return Accept, ""
	case '3':
		return Challenge, "ok"
	case '5':
		return Challenge, "fail"
	case '6':
		return Decline, ""
	}
	return Challenge, ""
}

// checkCard decrypts "number|expiry|cvc|origin" and checks it like the
// sandbox: a test card, a future expiry, a three-digit CVC, an origin.
// Only the last four digits leave this function.
func (s *Server) checkCard(blob string) (string, error) {
	ct, err := base64.StdEncoding.DecodeString(blob)
	if err != nil {
		return "", fmt.Errorf("card data is not base64")
	}
	// Tpay's protocol is PKCS #1 v1.5 (jsencrypt); the fake's key is a
	// throwaway, so the padding-oracle concern does not apply.
	//lint:ignore SA1019 the provider's documented scheme, test-only key
	plain, err := rsa.DecryptPKCS1v15(rand.Reader, s.keys.card, ct)
	if err != nil {
		return "", fmt.Errorf("card data does not decrypt")
	}
	parts := strings.Split(string(plain), "|")
	if len(parts) != 4 {
		return "", fmt.Errorf("card data is not number|expiry|cvc|origin")
	}
	number, expiry, cvc, origin := parts[0], parts[1], parts[2], parts[3]
	if !slices.Contains(TestCards, number) {
		return "", fmt.Errorf("only sandbox test cards are accepted")
	}
	if len(cvc) != 3 || strings.Trim(cvc, "0123456789") != "" {
		return "", fmt.Errorf("bad CVC")
	}
	if !s.future(expiry) {
		return "", fmt.Errorf("card expired or bad expiry")
	}
	if origin == "" {
		return "", fmt.Errorf("no origin")
	}
	return number[len(number)-4:], nil
}

// future accepts MM/YY or MM/YYYY not before this month.
func (s *Server) future(exp string) bool {
	m, y, ok := strings.Cut(exp, "/")
	mm, err1 := strconv.Atoi(m)
	yy, err2 := strconv.Atoi(y)
	if !ok || err1 != nil || err2 != nil || mm < 1 || mm > 12 {
		return false
	}
	if len(y) == 2 {
		yy += 2000
	}
	now := s.opts.Now()
	return yy > now.Year() || (yy == now.Year() && mm >= int(now.Month()))
}

// twoPlaces normalises a JSON decimal to "364.00", refusing more places.
func twoPlaces(n string) (string, error) {
	whole, frac, _ := strings.Cut(n, ".")
	if whole == "" || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" || len(frac) > 2 {
		return "", fmt.Errorf("amount %q is not a decimal with at most two places", n)
	}
	if w, _ := strconv.ParseInt(whole, 10, 64); w == 0 && strings.Trim(frac, "0") == "" {
		return "", fmt.Errorf("amount must be positive")
	}
	for len(frac) < 2 {
		frac += "0"
	}
	return whole + "." + frac, nil
}
