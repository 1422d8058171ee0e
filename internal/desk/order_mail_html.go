package desk

import "net/http"

// mailCSP sandboxes an e-mail's HTML shown in the desk's frame: no
// script runs (the sandbox directive, with no allow-scripts), nothing is
// fetched but the shop's own images, and only the desk may frame it. The
// HTML came from the shop's own templates, which escaped what the
// shopper typed; this is the second lock.
const mailCSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

// getOrderMailHTML is GET /admin/api/orders/{id}/mails/{mail}/html: the
// e-mail as the shopper's mail client showed it, for the desk's frame.
func (d *Desk) getOrderMailHTML(w http.ResponseWriter, r *http.Request) {
	o, ok := d.pathOrder(w, r)
	if !ok {
		return
	}
	_, body, ok := d.pathMail(w, r, o.Hash)
	if !ok {
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", mailCSP)
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(body.HTML))
}
