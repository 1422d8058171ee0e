package shipxfake

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"sabershop/internal/shipping"
)

// texts are the control page's words by language.
var texts = map[string]map[string]string{
	"pl": {
		"title": "Przesyłki w piaskownicy InPost", "none": "Brak przesyłek.",
		"id": "Nr", "status": "Status", "tracking": "Numer przesyłki", "to": "Dokąd",
		"ref": "Zamówienie", "next": "Następny status", "intro": "Fałszywy ShipX: każda zmiana statusu wysyła webhook do sklepu.",
	},
	"en": {
		"title": "InPost sandbox parcels", "none": "No parcels yet.",
		"id": "No.", "status": "Status", "tracking": "Tracking number", "to": "To",
		"ref": "Order", "next": "Next status", "intro": "A fake ShipX: each status change sends the shop a webhook.",
	},
	"de": {
		"title": "InPost-Sandbox-Sendungen", "none": "Noch keine Sendungen.",
		"id": "Nr.", "status": "Status", "tracking": "Sendungsnummer", "to": "Ziel",
		"ref": "Bestellung", "next": "Nächster Status", "intro": "Ein nachgebautes ShipX: jede Statusänderung schickt dem Shop einen Webhook.",
	},
}

// statusWords are the shop's statuses by language.
var statusWords = map[string]map[shipping.Status]string{
	"pl": {
		shipping.StatusCreated: "utworzona", shipping.StatusConfirmed: "potwierdzona (etykieta)",
		shipping.StatusCollected: "nadana", shipping.StatusInTransit: "w drodze",
		shipping.StatusReadyForPickup: "w paczkomacie", shipping.StatusDelivered: "doręczona",
		shipping.StatusReturned: "zwrócona", shipping.StatusCancelled: "anulowana", shipping.StatusFailed: "błąd",
	},
	"en": {
		shipping.StatusCreated: "created", shipping.StatusConfirmed: "confirmed (label)",
		shipping.StatusCollected: "handed over", shipping.StatusInTransit: "in transit",
		shipping.StatusReadyForPickup: "in the locker", shipping.StatusDelivered: "delivered",
		shipping.StatusReturned: "returned", shipping.StatusCancelled: "cancelled", shipping.StatusFailed: "failed",
	},
	"de": {
		shipping.StatusCreated: "angelegt", shipping.StatusConfirmed: "bestätigt (Etikett)",
		shipping.StatusCollected: "eingeliefert", shipping.StatusInTransit: "unterwegs",
		shipping.StatusReadyForPickup: "im Paketautomaten", shipping.StatusDelivered: "zugestellt",
		shipping.StatusReturned: "zurückgeschickt", shipping.StatusCancelled: "storniert", shipping.StatusFailed: "fehlgeschlagen",
	},
}

var controlPage = template.Must(template.New("control").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.T.title}}</title>
<style>
body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:12px;color:#111;background:#fafafa}
h1{font-size:1.25rem;margin:0 0 4px}
p.intro{margin:0 0 12px;color:#555;font-size:.9rem}
nav a{display:inline-block;padding:10px 12px 10px 0;min-height:24px}
ul{list-style:none;margin:0;padding:0}
li{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px;margin:0 0 10px}
dl{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;margin:0 0 8px}
dt{color:#555}dd{margin:0;overflow-wrap:anywhere}
.num{font-family:ui-monospace,monospace}
button{font:inherit;padding:8px 14px;border:0;border-radius:6px;background:#ffcd00;color:#111;min-height:44px;width:100%}
button:disabled{background:#ddd;color:#777}
.msg{background:#fee;border:1px solid #c00;padding:8px;border-radius:6px;margin-bottom:10px}
</style></head><body>
<nav><a href="./?lang=pl">pl</a><a href="./?lang=en">en</a><a href="./?lang=de">de</a></nav>
<h1>{{.T.title}}</h1>
<p class="intro">{{.T.intro}}</p>
{{if .Msg}}<p class="msg">{{.Msg}}</p>{{end}}
{{if not .Shipments}}<p>{{.T.none}}</p>{{end}}
<ul>{{range .Shipments}}<li>
<dl><dt>{{$.T.id}}</dt><dd class="num">{{.ID}}</dd>
<dt>{{$.T.status}}</dt><dd>{{index $.S .Status}} <small>({{.Carrier}})</small></dd>
<dt>{{$.T.tracking}}</dt><dd class="num">{{.Tracking}}</dd>
<dt>{{$.T.to}}</dt><dd>{{if .Point}}{{.Point}} · {{end}}{{.Receiver}}</dd>
<dt>{{$.T.ref}}</dt><dd>{{.Reference}}</dd></dl>
<form method="post" action="advance"><input type="hidden" name="id" value="{{.ID}}"><input type="hidden" name="lang" value="{{$.Lang}}">
<button{{if not (index $.Movable .ID)}} disabled{{end}}>{{$.T.next}}</button></form>
</li>{{end}}</ul>
</body></html>`))

// ControlHandler is the sandbox's page of parcels: each with a button
// that moves it to its next status (Advance), for the owner to watch the
// shop follow. It works under any path prefix (the daemon mounts it at
// /sandbox/parcels/): its links and its form are relative, and a POST to
// .../advance redirects back to the page.
func (f *Fake) ControlHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang := r.FormValue("lang")
		if texts[lang] == nil {
			lang = "pl"
		}
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "advance") {
			back := "./?lang=" + lang
			if _, err := f.Advance(r.PostFormValue("id")); err != nil {
				back += "&msg=" + url.QueryEscape(err.Error())
			}
			// Set by hand: http.Redirect makes a relative target
			// absolute from the path it sees, which is wrong when the
			// daemon strips its prefix before this handler.
			w.Header().Set("Location", back)
			w.WriteHeader(http.StatusSeeOther)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		list := f.Shipments()
		movable := map[string]bool{}
		for _, s := range list {
			switch s.Carrier {
			case "created", "delivered", "canceled":
			default:
				movable[s.ID] = true
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = controlPage.Execute(w, map[string]any{
			"Lang": lang, "T": texts[lang], "S": statusWords[lang], "Shipments": list, "Movable": movable, "Msg": r.FormValue("msg"),
		})
	})
}
