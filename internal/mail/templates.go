package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strconv"
	texttemplate "text/template"

	"sabershop/internal/catalog"
)

// Kinds of e-mail; each has templates/<kind>.html and templates/<kind>.txt
// (the owner's share owner_order's: templateOf) and a [<kind>] section in
// every locale file.
const (
	KindOrderPlaced      = "order_placed"
	KindPaymentReceived  = "payment_received"
	KindOrderSent        = "order_sent"
	KindOrderCancelled   = "order_cancelled"
	KindContactMessage   = "contact_message"
	KindSubscribeConfirm = "subscribe_confirm"
	KindSaleStart        = "sale_start"
	KindOrderLinks       = "order_links"
	KindPaymentReminder  = "payment_reminder"
	KindRefundIssued     = "refund_issued"
	KindStageReached     = "stage_reached"
	// KindWithdrawalReceived acknowledges a withdrawal from the contract
	// (kinds_withdrawal.go).
	KindWithdrawalReceived = "withdrawal_received"
	// KindDocumentIssued hands the buyer an invoice KSeF accepted
	// (kinds_document.go).
	KindDocumentIssued = "document_issued"
)

// Kinds lists every kind, for tests and for previews.
var Kinds = []string{
	KindOrderPlaced, KindPaymentReceived, KindOrderSent, KindOrderCancelled,
	KindContactMessage, KindSubscribeConfirm, KindSaleStart, KindOrderLinks, KindPaymentReminder, KindRefundIssued,
	KindStageReached,
	KindOwnerOrderPlaced, KindOwnerPaymentReceived, KindOwnerPaymentFailed, KindOwnerOrderExpired,
	KindWithdrawalReceived, KindOwnerWithdrawal,
	KindDocumentIssued, KindOwnerKSeFRefused, KindOwnerDigest,
}

// templateOf is the template file of kind: its own, or the one the owner's
// e-mails share.
func templateOf(kind string) string {
	if usesOwnerTemplate(kind) {
		return ownerTemplate
	}
	return kind
}

//go:embed templates/*.html templates/*.txt
var templateFS embed.FS

// view is what the layouts see; Data is the kind's own struct.
type view struct {
	Locale    string
	Subject   string
	Preheader string
	Shop      catalog.Shop
	Data      any
}

// link is a call to action: the layouts show it as a button (HTML) or a
// label and the bare URL (text).
type link struct {
	URL   string
	Label string
}

// Templates are parsed once with placeholder functions, then cloned once
// per locale with "t" bound to it (boundSets).
var htmlSets, textSets = mustParseTemplates()

func placeholderFuncs() map[string]any {
	return map[string]any{
		"t":      func(string, ...any) (string, error) { return "", nil },
		"button": func(url, label string) link { return link{url, label} },
		"add":    func(a, b int) int { return a + b },
	}
}

func mustParseTemplates() (map[string]*htmltemplate.Template, map[string]*texttemplate.Template) {
	hs := make(map[string]*htmltemplate.Template, len(Kinds))
	ts := make(map[string]*texttemplate.Template, len(Kinds))
	for _, kind := range Kinds {
		h, err := htmltemplate.New(kind).Funcs(placeholderFuncs()).
			ParseFS(templateFS, "templates/layout.html", "templates/"+templateOf(kind)+".html")
		if err != nil {
			panic(fmt.Sprintf("mail: %s.html: %v", kind, err))
		}
		t, err := texttemplate.New(kind).Funcs(placeholderFuncs()).
			ParseFS(templateFS, "templates/layout.txt", "templates/"+templateOf(kind)+".txt")
		if err != nil {
			panic(fmt.Sprintf("mail: %s.txt: %v", kind, err))
		}
		hs[kind], ts[kind] = h, t
	}
	return hs, ts
}

// translator returns the "t" template function for locale: t "key" "name"
// value ... . A missing key is an error, so a gap fails the render (and the
// tests) instead of reaching a customer as "order_placed.intro".
func translator(locale string) func(key string, kv ...any) (string, error) {
	return func(key string, kv ...any) (string, error) {
		return tr(locale, key, kv...)
	}
}

func tr(locale, key string, kv ...any) (string, error) {
	b := Strings().Bundle(locale)
	if b == nil {
		return "", fmt.Errorf("%w: %q", ErrLocale, locale)
	}
	if _, ok := b[key]; !ok {
		return "", fmt.Errorf("mail: no string %q in locale %s", key, locale)
	}
	if len(kv)%2 != 0 {
		return "", fmt.Errorf("mail: string %q: odd number of parameters", key)
	}
	params := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		name, ok := kv[i].(string)
		if !ok {
			return "", fmt.Errorf("mail: string %q: parameter name %v is not a string", key, kv[i])
		}
		params[name] = paramValue(kv[i+1])
	}
	return b.T(locale, key, params), nil
}

// paramValue normalises a template value to what i18n.Interpolate prints:
// strings, and ints for plural counts.
func paramValue(v any) any {
	switch x := v.(type) {
	case string, int, int64:
		return x
	case uint64:
		return strconv.FormatUint(x, 10)
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

// trOr is tr for strings Go code builds (subjects, details). The keys are
// constants covered by the render tests, so an error here cannot reach
// production unnoticed; it still surfaces as an error, not a panic.
func trOr(err *error, locale, key string, kv ...any) string {
	s, e := tr(locale, key, kv...)
	if e != nil && *err == nil {
		*err = e
	}
	return s
}

// render executes the kind's HTML and text templates.
func render(kind string, v view) (html, text string, err error) {
	sets, ok := current.Load().bound[setKey{kind, v.Locale}]
	if !ok {
		if _, known := htmlSets[kind]; !known {
			return "", "", fmt.Errorf("mail: unknown kind %q", kind)
		}
		return "", "", fmt.Errorf("%w: %q", ErrLocale, v.Locale)
	}
	var hb bytes.Buffer
	hb.Grow(16 << 10)
	if err := sets.html.ExecuteTemplate(&hb, "layout", v); err != nil {
		return "", "", fmt.Errorf("mail: %s.html: %w", kind, err)
	}
	var tb bytes.Buffer
	tb.Grow(4 << 10)
	if err := sets.text.ExecuteTemplate(&tb, "layout", v); err != nil {
		return "", "", fmt.Errorf("mail: %s.txt: %w", kind, err)
	}
	return hb.String(), tidyText(tb.String()), nil
}

// setKey names a template set bound to one locale.
type setKey struct{ kind, locale string }

type boundSet struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

// bindSets clones the parsed sets once per kind and locale with "t" bound
// to that locale. Cloning per message cost a third of a render (the HTML
// escaper re-analyses a fresh clone on its first execution); templates are
// safe to execute concurrently once bound.
func bindSets(locales []string) (map[setKey]boundSet, error) {
	out := make(map[setKey]boundSet, len(Kinds)*len(locales))
	for _, kind := range Kinds {
		for _, loc := range locales {
			funcs := map[string]any{"t": translator(loc)}
			h, err := htmlSets[kind].Clone()
			if err != nil {
				return nil, fmt.Errorf("mail: %s: %v", kind, err)
			}
			t, err := textSets[kind].Clone()
			if err != nil {
				return nil, fmt.Errorf("mail: %s: %v", kind, err)
			}
			out[setKey{kind, loc}] = boundSet{html: h.Funcs(funcs), text: t.Funcs(funcs)}
		}
	}
	return out, nil
}

// tidyText collapses the blank-line runs that template conditionals leave
// behind, so the plain-text part reads like a hand-written e-mail.
func tidyText(s string) string {
	var out bytes.Buffer
	blank := 0
	start := true
	for _, line := range bytes.Split([]byte(s), []byte("\n")) {
		line = bytes.TrimRight(line, " \t")
		if len(line) == 0 {
			blank++
			continue
		}
		if !start && blank > 0 {
			out.WriteString("\n")
		}
		if !start {
			out.WriteString("\n")
		}
		out.Write(line)
		start, blank = false, 0
	}
	out.WriteString("\n")
	return out.String()
}
