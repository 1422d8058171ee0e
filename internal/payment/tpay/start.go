package tpay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"sabershop/internal/payment"
)

type payer struct {
	Email string `json:"email"`
	Name  string `json:"name"`
}

type payerURLs struct {
	Success string `json:"success,omitempty"`
	Error   string `json:"error,omitempty"`
}

type callbackURL struct {
	URL string `json:"url"`
}

type callbacks struct {
	PayerURLs    payerURLs   `json:"payerUrls"`
	Notification callbackURL `json:"notification"`
}

type cardPaymentData struct {
	Card string `json:"card"`
}

type payData struct {
	GroupID         int              `json:"groupId,omitempty"`
	Method          string           `json:"method,omitempty"`
	CardPaymentData *cardPaymentData `json:"cardPaymentData,omitempty"`
}

type createRequest struct {
	Amount            amount    `json:"amount"`
	Description       string    `json:"description"`
	HiddenDescription string    `json:"hiddenDescription"`
	Lang              string    `json:"lang,omitempty"`
	Payer             payer     `json:"payer"`
	Callbacks         callbacks `json:"callbacks"`
	Pay               *payData  `json:"pay,omitempty"`
}

// transaction is the part of Tpay's transaction answers this adapter reads.
type transaction struct {
	Result                string `json:"result"`
	TransactionID         string `json:"transactionId"`
	Title                 string `json:"title"`
	Status                string `json:"status"`
	Amount                amount `json:"amount"`
	Currency              string `json:"currency"`
	HiddenDescription     string `json:"hiddenDescription"`
	TransactionPaymentURL string `json:"transactionPaymentUrl"`
}

// Start implements payment.Provider: create the transaction, then for a
// card pay it with the browser's encrypted blob.
func (p *Provider) Start(ctx context.Context, req payment.StartRequest) (payment.StartResult, error) {
	o := req.Order
	if !strings.EqualFold(o.Currency, "PLN") {
		return payment.StartResult{}, fmt.Errorf("%w: order %d is in %s", ErrCurrency, o.ID, o.Currency)
	}
	if o.Amount <= 0 {
		return payment.StartResult{}, fmt.Errorf("tpay: order %d: amount must be positive", o.ID)
	}
	name := o.Name
	var pay *payData
	switch req.Method {
	case payment.Card:
		if p.cfg.PublicKey == "" {
			return payment.StartResult{}, errors.New("tpay: cards are not configured (no card public key)")
		}
		if req.Card == nil || req.Card.Encrypted == "" {
			return payment.StartResult{}, fmt.Errorf("tpay: order %d: no card data", o.ID)
		}
		if n := strings.TrimSpace(req.Card.Name); n != "" {
			name = n // the name on the card travels as the payer's name
		}
		pay = &payData{GroupID: p.cfg.CardGroupID}
	case payment.Bank:
		if p.cfg.BankGroupID != 0 {
			pay = &payData{GroupID: p.cfg.BankGroupID}
		}
	default:
		return payment.StartResult{}, fmt.Errorf("tpay: method %q not supported", req.Method)
	}
	cr := createRequest{
		Amount:            amount(o.Amount),
		Description:       cut(o.Description, 128),
		HiddenDescription: o.Hash,
		Lang:              lang(o.Locale),
		Payer:             payer{Email: o.Email, Name: name},
		Callbacks: callbacks{
			PayerURLs:    payerURLs{Success: req.ReturnURL, Error: req.ReturnURL},
			Notification: callbackURL{URL: req.NotifyURL},
		},
		Pay: pay,
	}
	var tx transaction
	if err := p.call(ctx, http.MethodPost, "/transactions", cr, &tx); err != nil {
		return payment.StartResult{}, err
	}
	if tx.TransactionID == "" || tx.Result == "failure" {
		return payment.StartResult{}, fmt.Errorf("tpay: order %d: transaction not created (result %q)", o.ID, tx.Result)
	}
	p.cfg.Log.Info("tpay: transaction created", "order", o.ID, "transaction", tx.TransactionID, "method", string(req.Method))
	if req.Method == payment.Bank {
		if err := checkURL(tx.TransactionPaymentURL); err != nil {
			return payment.StartResult{}, fmt.Errorf("tpay: transaction %s: payment URL: %w", tx.TransactionID, err)
		}
		return payment.StartResult{Outcome: payment.OutcomeRedirect, URL: tx.TransactionPaymentURL, Reference: tx.TransactionID,
			NotifyRef: tx.Title}, nil
	}
	res, err := p.payCard(ctx, o.ID, tx.TransactionID, req.Card.Encrypted)
	res.NotifyRef = tx.Title
	return res, err
}

// payCard sends the encrypted blob as it came from the browser. Neither
// the blob nor the request body is ever logged or put into an error.
func (p *Provider) payCard(ctx context.Context, orderID uint64, txID, blob string) (payment.StartResult, error) {
	req := payData{GroupID: p.cfg.CardGroupID, Method: "sale", CardPaymentData: &cardPaymentData{Card: blob}}
	var ans transaction
	err := p.call(ctx, http.MethodPost, "/transactions/"+url.PathEscape(txID)+"/pay", req, &ans)
	var ae *apiError
	if errors.As(err, &ae) && ae.Status == http.StatusBadRequest {
		// Tpay answers 400 to card data it cannot use (undecryptable,
		// wrong number): to the shopper that is "check your card data".
		p.cfg.Log.Info("tpay: card refused", "order", orderID, "transaction", txID, "http", ae.Status)
		return payment.StartResult{}, fmt.Errorf("%w (transaction %s)", payment.ErrDeclined, txID)
	}
	if err != nil {
		return payment.StartResult{}, err
	}
	res := payment.StartResult{Reference: txID}
	switch {
	case ans.Status == "correct" || ans.Status == "paid":
		res.Outcome = payment.OutcomePending // booked; the notification makes it paid
	case ans.Result == "failure" || ans.Status == "declined" || ans.TransactionPaymentURL == "":
		p.cfg.Log.Info("tpay: card declined", "order", orderID, "transaction", txID, "status", ans.Status)
		return payment.StartResult{}, fmt.Errorf("%w (transaction %s)", payment.ErrDeclined, txID)
	default:
		if err := checkURL(ans.TransactionPaymentURL); err != nil {
			return payment.StartResult{}, fmt.Errorf("tpay: transaction %s: 3-D Secure URL: %w", txID, err)
		}
		res.Outcome, res.URL = payment.Outcome3DS, ans.TransactionPaymentURL
	}
	p.cfg.Log.Info("tpay: card payment started", "order", orderID, "transaction", txID, "outcome", string(res.Outcome))
	return res, nil
}

// checkURL keeps the shopper from being sent anywhere but an absolute
// http(s) page.
func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("not an absolute http(s) URL")
	}
	return nil
}

// lang maps the shop's locale to Tpay's lang (en, pl, de, fr, ru, it, es).
func lang(locale string) string {
	l, _, _ := strings.Cut(strings.ToLower(locale), "-")
	switch l {
	case "pl", "en", "de", "fr", "ru", "it", "es":
		return l
	}
	return "en"
}

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
