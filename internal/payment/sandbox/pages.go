package sandbox

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"fmt"
	"sabershop/internal/payment"
)

// Pages serves the sandbox's own pages, where a real provider would have
// its own: GET shows the choice, POST records it and sends the browser back
// to the shop's status page (303). Paths: /v1/sandbox/{3ds,bank,paypal}/{ref}
// (the prefix may also have been stripped by the mount).
func (p *Provider) Pages() http.Handler {
	return http.HandlerFunc(p.servePage)
}

func (p *Provider) servePage(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(strings.TrimPrefix(r.URL.Path, PagesPrefix), "/")
	kind, ref, _ := strings.Cut(rest, "/")
	pay, ok := p.lookup(ref)
	if !ok || pay.page == "" || pay.page != kind {
		loc := p.strings.Default
		if al := r.Header.Get("Accept-Language"); len(al) >= 2 {
			loc = p.locale(al[:2])
		}
		t := func(key string) string { return p.strings.T(loc, key, nil) }
		writePage(w, http.StatusNotFound, pageCSPFor(), pageData{Lang: loc, Tag: t("tag"), Title: t("not_found_title"), Lead: t("not_found")})
		return
	}

	switch r.Method {
	case http.MethodGet, http.MethodHead:
		p.mu.Lock()
		decided, redirect := pay.Decided, pay.Redirect
		p.mu.Unlock()
		if decided {
			// Back or reload after choosing: the choice stands.
			http.Redirect(w, r, redirect, http.StatusSeeOther)
			return
		}
		p.showChoice(w, pay)
	case http.MethodPost:
		r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
		var status payment.Status
		switch r.PostFormValue("decision") {
		case "approve", "pay":
			status = payment.StatusPaid
		case "fail", "cancel":
			status = payment.StatusFailed
		default:
			http.Error(w, "decision must be approve, pay, fail or cancel", http.StatusBadRequest)
			return
		}
		redirect := pay.returnURL
		if status == payment.StatusFailed && pay.page == "paypal" && pay.cancelURL != "" {
			redirect = pay.cancelURL
		}
		p.mu.Lock()
		if p.decide(pay, status, redirect) {
			p.log.Info("sandbox: shopper decided", "ref", pay.ref, "page", pay.page, "status", string(status))
		}
		redirect = pay.Redirect
		p.mu.Unlock()
		if redirect == "" { // stopped before deciding
			redirect = pay.returnURL
		}
		http.Redirect(w, r, redirect, http.StatusSeeOther)
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	}
}

func (p *Provider) showChoice(w http.ResponseWriter, pay *pending) {
	loc := p.locale(pay.order.Locale)
	t := func(key string) string { return p.strings.T(loc, key, nil) }
	kind, values := pay.page, decisions[pay.page]
	order := pay.order.Description
	if pay.order.ID != 0 {
		order = "#" + strconv.FormatUint(pay.order.ID, 10)
	}
	writePage(w, http.StatusOK, pageCSPFor(pay.returnURL, pay.cancelURL), pageData{
		Lang: loc, Tag: t("tag"), Title: t(kind + ".title"), Lead: t(kind + ".lead"),
		AmountLabel: t("amount"), Amount: amountText(pay.order),
		OrderLabel: t("order"), Order: order,
		Yes: t(kind + ".yes"), YesValue: values.yes, No: t(kind + ".no"), NoValue: values.no, Note: t("note"),
	})
}

// decisions are the values of each page kind's two buttons; their labels
// are the strings' KIND.yes and KIND.no.
var decisions = map[string]struct{ yes, no string }{
	"3ds":    {"approve", "fail"},
	"bank":   {"pay", "fail"},
	"paypal": {"approve", "cancel"},
}

// locale is l if the pages have strings in it, else their default.
func (p *Provider) locale(l string) string {
	if l = strings.ToLower(l); p.strings.Has(l) {
		return l
	}
	return p.strings.Default
}

// pageStyle is the pages' only style; the CSP allows exactly it by hash,
// so the pages need no stylesheet request and run no script at all.
const pageStyle = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d0d12;color:#f2f2f5;` +
	`font:16px/1.5 system-ui,sans-serif}main{box-sizing:border-box;width:100%;max-width:28rem;padding:1.5rem}` +
	`.tag{display:inline-block;margin:0;padding:.125rem .5rem;border:1px solid #ff5a66;border-radius:1rem;color:#ff5a66;` +
	`font-size:.75rem;letter-spacing:.08em;text-transform:uppercase}h1{font-size:1.5rem;margin:.75rem 0}` +
	`dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1.5rem 0;padding:1rem;background:#1a1a22;border-radius:.5rem}` +
	`dt{color:#a8a8b3}dd{margin:0;text-align:right;font-weight:600}.amount{font-size:1.25rem}` +
	`form{display:grid;gap:.75rem}button{font:inherit;font-weight:600;min-height:3rem;border-radius:.5rem;cursor:pointer}` +
	`.yes{background:#b21826;color:#fff;border:0}.no{background:transparent;color:#f2f2f5;border:1px solid #5a5a66}` +
	`button:focus-visible{outline:3px solid #fff;outline-offset:2px}.note{color:#a8a8b3;font-size:.875rem}`

var styleHash = func() string {
	sum := sha256.Sum256([]byte(pageStyle))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// pageCSPFor allows the style by hash and the form to post here; the form's
// answer is a redirect to the status page, and browsers hold redirects
// after a form post to form-action too, so the shop's origins are added
// when they differ from the daemon's.
func pageCSPFor(redirects ...string) string {
	formAction := "'self'"
	seen := map[string]bool{}
	for _, s := range redirects {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			continue
		}
		o := origin(u)
		if seen[o] || strings.ContainsAny(o, " ;,'\"") {
			continue
		}
		seen[o] = true
		formAction += " " + o
	}
	return "default-src 'none'; style-src " + styleHash + "; base-uri 'none'; form-action " + formAction + "; frame-ancestors 'none'"
}

type pageData struct {
	Lang, Tag, Title, Lead string
	AmountLabel, Amount    string
	OrderLabel, Order      string
	Yes, YesValue          string
	No, NoValue            string
	Note                   string
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title><style>{{.Style}}</style></head>
<body><main><p class="tag">{{.Tag}}</p><h1>{{.Title}}</h1><p>{{.Lead}}</p>
{{- if .Amount}}
<dl><dt>{{.AmountLabel}}</dt><dd class="amount">{{.Amount}}</dd>{{if .Order}}<dt>{{.OrderLabel}}</dt><dd>{{.Order}}</dd>{{end}}</dl>
<form method="post"><button class="yes" name="decision" value="{{.YesValue}}">{{.Yes}}</button>
<button class="no" name="decision" value="{{.NoValue}}">{{.No}}</button></form>
<p class="note">{{.Note}}</p>
{{- end}}
</main></body></html>
`))

func writePage(w http.ResponseWriter, status int, csp string, d pageData) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_ = pageTemplate.Execute(w, struct {
		pageData
		Style template.CSS
	}{d, template.CSS(pageStyle)})
}

// amountText is the amount as the shop wrote it for the shopper; without
// that, plainly in minor units' decimal form and the currency's code.
func amountText(o payment.Order) string {
	if o.AmountText != "" {
		return o.AmountText
	}
	sign, n := "", o.Amount
	if n < 0 {
		sign, n = "-", -n
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, n/100, n%100, o.Currency)
}
