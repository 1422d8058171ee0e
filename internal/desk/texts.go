package desk

import (
	"embed"
	"net/http"
)

//go:embed ui/*.toml
var uiFiles embed.FS

type textsAnswer struct {
	Locale string         `json:"locale"`
	Texts  map[string]any `json:"texts"`
}

// getTexts is GET /admin/api/texts: what the desk's pages say, in the
// owner's language (the sign-in page needs them, so no session is
// asked for; they hold nothing secret).
func (d *Desk) getTexts(w http.ResponseWriter, r *http.Request) {
	loc := d.locale(r)
	writeJSON(w, http.StatusOK, textsAnswer{Locale: loc, Texts: d.ui.Bundle(loc).JSON()})
}
