package paypaltest

import (
	"html/template"
	"net/http"
	"net/url"
)

var checkoutPage = template.Must(template.New("").Parse(`<!doctype html>
<title>PayPal (fake)</title>
<h1>Pay {{.Value}} {{.Currency}} to {{.Brand}}</h1>
<form method="post" action="/checkoutnow/approve?token={{.ID}}"><button id="approve">Pay Now</button></form>
<p><a id="cancel" href="/checkoutnow/cancel?token={{.ID}}">Cancel and return</a></p>
`))

// handleCheckoutPage is the approval page the payer-action link opens.
func (s *Server) handleCheckoutPage(w http.ResponseWriter, r *http.Request) {
	o, ok := s.Order(r.URL.Query().Get("token"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	checkoutPage.Execute(w, o)
}

// handleApprove (GET or POST /checkoutnow/approve?token=ID) approves and
// sends the browser to return_url with token and PayerID, as PayPal does.
func (s *Server) handleApprove(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("token")
	o, err := s.approve(id)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	target := withQuery(o.ReturnURL, url.Values{"token": {o.ID}, "PayerID": {o.PayerID}})
	s.mu.Unlock()
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// handleCancel sends the browser to cancel_url with the token.
func (s *Server) handleCancel(w http.ResponseWriter, r *http.Request) {
	o, ok := s.Order(r.URL.Query().Get("token"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	http.Redirect(w, r, withQuery(o.CancelURL, url.Values{"token": {o.ID}}), http.StatusSeeOther)
}

// ReturnURL is where approving order id sends the browser (for tests that
// approve with Approve and then play the browser's part).
func (s *Server) ReturnURL(id string) (string, bool) {
	o, ok := s.Order(id)
	if !ok || o.PayerID == "" {
		return "", false
	}
	return withQuery(o.ReturnURL, url.Values{"token": {o.ID}, "PayerID": {o.PayerID}}), true
}

// withQuery adds v to u's query, keeping what is there (?order=HASH).
func withQuery(u string, v url.Values) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	q := p.Query()
	for k, vs := range v {
		q[k] = vs
	}
	p.RawQuery = q.Encode()
	return p.String()
}
