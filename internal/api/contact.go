package api

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

type contactRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Message string `json:"message"`
	Locale  string `json:"locale"`
}

// maxMessage is the longest contact message, in characters.
const maxMessage = 5000

// postContact is POST /v1/contact: the message is kept and e-mailed to the
// owner with Reply-To the sender, in one transaction.
func (s *Server) postContact(w http.ResponseWriter, r *http.Request) {
	var req contactRequest
	form := isForm(r)
	if form {
		if err := parseForm(w, r, 32<<10); err != nil {
			s.decodeFailed(w, r, err)
			return
		}
		req = contactRequest{Name: r.PostForm.Get("name"), Email: r.PostForm.Get("email"),
			Message: r.PostForm.Get("message"), Locale: r.PostForm.Get("locale")}
	} else if err := order.DecodeJSON(r.Body, &req, 32<<10); err != nil {
		s.decodeFailed(w, r, err)
		return
	}
	locale := s.requestLocale(r, req.Locale)
	// The message keeps its lines and tabs and loses every other hidden
	// character (ESC, BEL, bidi overrides, ...) before it is kept and
	// e-mailed: the owner reads it in a mail client or a terminal.
	req.Name, req.Email, req.Message = strings.TrimSpace(req.Name), strings.TrimSpace(req.Email), strings.TrimSpace(inert.Message(req.Message))
	errs := order.FieldErrors{}
	if key := order.CheckEmail(req.Email); key != "" {
		errs["email"] = key
	}
	switch {
	case req.Message == "":
		errs["message"] = "message_required"
	case utf8.RuneCountInString(req.Message) > maxMessage:
		errs["message"] = order.KeyTooLong
	}
	if utf8.RuneCountInString(req.Name) > 100 {
		errs["name"] = order.KeyTooLong
	} else if key := order.CheckChars(req.Name); key != "" {
		errs["name"] = key
	}
	if len(errs) > 0 {
		s.failForm(w, form, locale, errs)
		return
	}
	cat := s.cfg.Catalogs.Current()
	to := s.orders.OwnerAddress()
	c := &store.Contact{Name: req.Name, Email: req.Email, Message: req.Message, Locale: locale, Created: s.cfg.Now().UTC()}
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		c.ID = 0
		if err := tx.PutContact(c); err != nil {
			return err
		}
		msg, err := s.contactMail(cat, c, to)
		if err != nil {
			return err
		}
		return tx.Enqueue(msg)
	})
	if !s.queued(w, r, locale, err) {
		return
	}
	s.doneForm(w, form, http.StatusCreated, locale, "contact_sent")
}
