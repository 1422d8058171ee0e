package tpaytest

import (
	"html/template"
	"net/http"
	"strings"
)

var pageTmpl = template.Must(template.New("page").Parse(`<!doctype html>
<title>tpaytest {{.Kind}}</title>
<h1>{{.Kind}}: {{.Title}}</h1>
<p>{{.Amount}} PLN</p>
<form method="post"><button name="result" value="ok">Approve</button></form>
<form method="post"><button name="result" value="fail">Fail</button></form>
`))

// handlePage serves the 3-D Secure challenge (/3ds/) or the hosted
// payment page (/pay/). A preset sandbox result (amount ending in 3 or 5)
// completes at once, like Tpay's simulated challenge.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	tx := s.lookup(r.PathValue("id"))
	if tx == nil {
		s.mu.Unlock()
		http.NotFound(w, r)
		return
	}
	preset, view := tx.threeDS, *tx
	s.mu.Unlock()
	if preset != "" && strings.HasPrefix(r.URL.Path, "/3ds/") {
		s.finish(w, r, r.PathValue("id"), preset == "ok")
		return
	}
	kind := "Tpay payment"
	if strings.HasPrefix(r.URL.Path, "/3ds/") {
		kind = "3-D Secure"
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = pageTmpl.Execute(w, map[string]string{"Kind": kind, "Title": view.Title, "Amount": view.Amount})
}

func (s *Server) handlePageResult(w http.ResponseWriter, r *http.Request) {
	s.finish(w, r, r.PathValue("id"), r.FormValue("result") == "ok")
}

// finish settles the transaction and sends the browser back to the shop.
func (s *Server) finish(w http.ResponseWriter, r *http.Request, id string, ok bool) {
	s.mu.Lock()
	tx := s.lookup(id)
	if tx == nil {
		s.mu.Unlock()
		http.NotFound(w, r)
		return
	}
	back := tx.ErrorURL
	if ok {
		if tx.Status == "pending" {
			tx.Status = "correct"
			s.autoNotify(tx)
		}
		back = tx.SuccessURL
	}
	tx.threeDS = ""
	s.mu.Unlock()
	if back == "" {
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// handleCert serves the notification certificate, as
// https://secure.tpay.com/x509/notifications-jws.pem does.
func (s *Server) handleCert(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/x-pem-file")
	_, _ = w.Write(s.keys.leafPEM)
}

// handleRoot serves the test CA, as .../x509/tpay-jws-root.pem does.
func (s *Server) handleRoot(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/x-pem-file")
	_, _ = w.Write(s.keys.rootPEM)
}
