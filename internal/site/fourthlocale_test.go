package site

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"golang.org/x/tools/txtar"

	"sabershop/internal/api"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/i18n"
	"sabershop/internal/mail"
	"sabershop/internal/mail/mailtest"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
)

// frenchOf is a French file made from an English one: every plural table
// gains the "many" form French needs (CLDR: a million is "many"), and the
// keys of fr get French text; the rest stays English, which is all the
// test needs to tell the locales apart.
func frenchOf(t *testing.T, en []byte, fr map[string]string) []byte {
	t.Helper()
	var data map[string]any
	if _, err := toml.Decode(string(en), &data); err != nil {
		t.Fatal(err)
	}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		if _, plural := m["other"]; plural {
			m["many"] = m["other"]
		}
		for k, v := range m {
			key := strings.TrimPrefix(prefix+"."+k, ".")
			if text, ok := fr[key]; ok {
				m[k] = text
			}
			if sub, ok := v.(map[string]any); ok {
				walk(key, sub)
			}
		}
	}
	walk("", data)
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(data); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// frenchFormat is how the French locale writes prices and dates: its
// [format] table, as an editor writes it (docs/adding-a-locale.md).
const frenchFormat = `
[format]
decimal = ","
group = "\u202f"
money = "{amount}\u00a0{symbol}"
date = "{day} {month} {year}"
date_time = "{date} à {hour}:{minute}"
months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]

[format.symbols]
EUR = "€"
`

// withFormat is the strings of src with format (a [format] table, or ""
// for none) in place of src's own.
func withFormat(t *testing.T, src []byte, format string) []byte {
	t.Helper()
	var data map[string]any
	if _, err := toml.Decode(string(src), &data); err != nil {
		t.Fatal(err)
	}
	delete(data, i18n.FormatTable)
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(data); err != nil {
		t.Fatal(err)
	}
	return append(b.Bytes(), format...)
}

// withFrench adds the locale fr (EUR) to the fixture's config.toml: one
// more [[locales]] entry and a French name in every names table.
func withFrench(t *testing.T, config string) string {
	t.Helper()
	config = strings.Replace(config, "[waste_fee]", "[[locales]]\ncode = \"fr\"\nname = \"Français\"\ncurrency = \"EUR\"\n\n[waste_fee]", 1)
	names := regexp.MustCompile(`(names = \{ en = "([^"]*)",[^}]*?) \}`)
	return names.ReplaceAllString(config, `$1, fr = "$2" }`)
}

func fixtureFile(t *testing.T, name string) []byte {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "site.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("the fixture has no %s", name)
	return nil
}

func readRepo(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../..", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFourthLocaleByConfigurationOnly adds French (EUR) to the fixture
// site the way docs/adding-a-locale.md tells an editor to — a [[locales]]
// entry, names in config and data, content/i18n/fr.toml, a content folder,
// and the daemon's strings as fr.toml files in its -strings directory —
// with no Go or TypeScript edit, builds it, and places and prices an order
// in French through the real /v1 API on a real bbolt file: the order is in
// fr and EUR with the catalogue's total, and the API's answers and the
// order's e-mail and the sandbox payment page are French.
func TestFourthLocaleByConfigurationOnly(t *testing.T) {
	out := buildFrenchSite(t)
	shop := startFrenchShop(t, loadFrenchStrings(t, out))
	total := checkFrenchQuote(t, shop)
	checkFrenchOrder(t, shop, total)
	checkFrenchSandboxPage(t, shop)
	checkFrenchMail(t, shop)
}

// buildFrenchSite builds the fixture site with French added by its
// configuration and files only, checks its pages, and returns the output
// directory.
func buildFrenchSite(t *testing.T) string {
	t.Helper()
	config := withFrench(t, string(fixtureFile(t, "config.toml")))
	deliveries := withFrench(t, string(fixtureFile(t, "data/deliveries.toml")))
	creator := withFrench(t, string(fixtureFile(t, "data/creator.toml")))
	siteFR := withFormat(t, frenchOf(t, fixtureFile(t, "i18n/en.toml"), map[string]string{"menu.shop": "Boutique", "nav.home": "Accueil"}), frenchFormat)
	contentDir := writeFixture(t, "site",
		"-- config.toml --\n"+config,
		"-- data/deliveries.toml --\n"+deliveries,
		"-- data/creator.toml --\n"+creator,
		"-- data/guarantee-notice.toml --\n"+string(fixtureFile(t, "data/guarantee-notice.toml"))+frenchNotice,
		"-- i18n/fr.toml --\n"+string(siteFR),
		"-- fr/pages/home.md --\n---\ntitle: Accueil\n---\nBienvenue.\n",
		// The product pages show the safety text in the page's language.
		"-- safety/fr.md --\n---\nlanguage: français\ntitle: Consignes de sécurité\nreviewed: false\n---\nCe n'est pas un jouet : pas avant {{safety.min_age}} ans.\n")
	out := filepath.Join(t.TempDir(), "public")
	fb := buildFixture(t, contentDir, out)
	if fb.err != nil {
		t.Fatalf("build: %v\n%v", fb.err, fb.rep)
	}
	home := read(t, out, "fr/index.html")
	for _, want := range []string{`lang="fr"`, "Boutique", "Bienvenue."} {
		if !strings.Contains(home, want) {
			t.Errorf("fr/index.html lacks %q", want)
		}
	}

	// Prices and dates the French way, from fr.toml's [format]: in the
	// page the build wrote, and (the same data in the bundles) in the
	// islands, whose server render the page holds.
	if plug := read(t, out, "fr/shop/plug/index.html"); !strings.Contains(plug, "15,00\u00a0€") {
		t.Errorf("fr/shop/plug/index.html lacks the price 15,00\u00a0€")
	}
	if blog := read(t, out, "fr/blog/index.html"); !strings.Contains(blog, ">1 février 2026</time>") {
		t.Errorf("fr/blog/index.html lacks the date 1 février 2026")
	}
	return out
}

// frenchStrings are the daemon's strings with French added, and the
// catalogue the French build wrote.
type frenchStrings struct {
	cats                    *catalogfile.Catalogs
	mail, messages, sandbox *i18n.Set
}

// loadFrenchStrings adds the daemon's French strings in a -strings
// directory, as an operator does, and checks them against the locales of
// the catalogue in out.
func loadFrenchStrings(t *testing.T, out string) frenchStrings {
	t.Helper()
	strs := t.TempDir()
	writeFile(t, filepath.Join(strs, "mail", "fr.toml"), frenchOf(t, readRepo(t, "internal/mail/locales/en.toml"),
		map[string]string{"order_placed.subject": "Commande {number} passée – payez par le lien", "order_placed.heading": "Merci pour votre commande !"}))
	writeFile(t, filepath.Join(strs, "api", "fr.toml"), frenchOf(t, readRepo(t, "internal/api/messages/en.toml"),
		map[string]string{"order_placed": "Commande passée.", "invalid_fields": "Veuillez corriger les champs signalés."}))
	writeFile(t, filepath.Join(strs, "sandbox", "fr.toml"), frenchOf(t, readRepo(t, "internal/payment/sandbox/locales/en.toml"),
		map[string]string{"tag": "Bac à sable"}))

	cats, err := catalogfile.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	cat := cats.Current()
	var locales []string
	for _, l := range cat.Locales {
		locales = append(locales, l.Code)
	}
	if strings.Join(locales, " ") != "en pl de fr" {
		t.Fatalf("catalog.json locales %v", locales)
	}
	loaded := frenchStrings{cats: cats}
	if loaded.mail, err = mail.LoadStrings(os.DirFS(filepath.Join(strs, "mail"))); err != nil {
		t.Fatal(err)
	}
	if loaded.messages, err = api.LoadMessages(os.DirFS(filepath.Join(strs, "api"))); err != nil {
		t.Fatal(err)
	}
	if loaded.sandbox, err = sandbox.LoadStrings(os.DirFS(filepath.Join(strs, "sandbox"))); err != nil {
		t.Fatal(err)
	}
	for _, set := range []*i18n.Set{loaded.mail, loaded.messages, loaded.sandbox} {
		for _, p := range set.Check(locales) {
			t.Errorf("%s", p)
		}
	}
	return loaded
}

// frenchShop is the real /v1 API on a real bbolt file, with the French
// strings and the sandbox payment provider.
type frenchShop struct {
	db     *store.DB
	api    *api.Server
	orders *orders.Service
	srv    *httptest.Server
}

func startFrenchShop(t *testing.T, strs frenchStrings) frenchShop {
	t.Helper()
	// Adds fr to what the embedded strings have; en, pl and de stay.
	if err := mail.UseStrings(strs.mail); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	box, err := sandbox.New(sandbox.Config{Strings: strs.sandbox})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(box.Stop)
	pays, err := payment.NewRegistry(box)
	if err != nil {
		t.Fatal(err)
	}
	ords, err := orders.New(orders.Config{Store: db, Catalog: strs.cats.Current, Payments: pays, BaseURL: "http://shop.test",
		Now: func() time.Time { return fixtureNow }})
	if err != nil {
		t.Fatal(err)
	}
	srvAPI, err := api.New(api.Config{Store: db, Catalogs: strs.cats, Messages: strs.messages, Orders: ords,
		Now: func() time.Time { return fixtureNow }})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(srvAPI.Handler())
	t.Cleanup(srv.Close)
	return frenchShop{db: db, api: srvAPI, orders: ords, srv: srv}
}

// post sends v as JSON and returns the answer's status and decoded body.
func (s frenchShop) post(t *testing.T, path string, v any) (int, map[string]any) {
	t.Helper()
	body, _ := json.Marshal(v)
	res, err := s.srv.Client().Post(s.srv.URL+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %d %s", path, res.StatusCode, b)
	}
	return res.StatusCode, m
}

// frenchItems are the order's items: two plugs.
var frenchItems = []order.ItemRequest{{Product: "plug", Quantity: 2}}

// checkFrenchQuote checks the quotes in French and EUR and returns the
// order's total.
func checkFrenchQuote(t *testing.T, shop frenchShop) int64 {
	t.Helper()
	// An answer with an amount in it: a code below the coupon minimum.
	if err := shop.db.Update(func(tx *store.Tx) error {
		return tx.AddCoupon(&order.Coupon{Code: "TEN", Percent: 10, Created: fixtureNow})
	}); err != nil {
		t.Fatal(err)
	}
	status, low := shop.post(t, "/v1/quote", map[string]any{"locale": "fr", "country": "pl", "items": frenchItems, "code": "TEN"})
	if msgs, _ := low["messages"].(map[string]any); status != http.StatusUnprocessableEntity || !strings.Contains(fmt.Sprint(msgs["code"]), "235,00\u00a0€") {
		t.Errorf("a code below the minimum in fr: %d %v; want the minimum as 235,00\u00a0€", status, low)
	}

	status, quote := shop.post(t, "/v1/quote", map[string]any{"locale": "fr", "country": "pl", "items": frenchItems})
	if status != http.StatusOK || quote["currency"] != "EUR" {
		t.Fatalf("quote: %d %v", status, quote)
	}
	total := int64(quote["totals"].(map[string]any)["total"].(float64))
	// Two plugs at 15.00 EUR and delivery to Poland at 5.00 EUR.
	if total != 2*1500+500 {
		t.Errorf("quote total %d, want %d", total, 2*1500+500)
	}
	return total
}

// checkFrenchOrder places the order in French and checks its locale,
// currency and total, and the API's answers.
func checkFrenchOrder(t *testing.T, shop frenchShop, total int64) {
	t.Helper()
	req := order.Request{Locale: "fr", TermsAccepted: true, ExpectedTotal: total, Items: frenchItems,
		Customer: order.Customer{FirstName: "Aline", LastName: "Martin", Email: "aline@example.com", Phone: "+33 6 12 34 56 78",
			Country: "pl", Street: "Długa 1", Zip: "00-001", City: "Warszawa"}}
	status, placed := shop.post(t, "/v1/orders", req)
	if status != http.StatusCreated {
		t.Fatalf("order: %d %v", status, placed)
	}
	o := placed["order"].(map[string]any)
	if o["locale"] != "fr" || o["currency"] != "EUR" || int64(o["totals"].(map[string]any)["total"].(float64)) != total {
		t.Errorf("order in %v %v, total %v; want fr, EUR, %d", o["locale"], o["currency"], o["totals"], total)
	}
	if placed["message"] != "Commande passée." {
		t.Errorf("the API answered %q, not in French", placed["message"])
	}
	req.Customer.Email = "not an address"
	if _, bad := shop.post(t, "/v1/orders", req); bad["message"] != "Veuillez corriger les champs signalés." {
		t.Errorf("an invalid order in fr is answered %q", bad["message"])
	}
}

// checkFrenchSandboxPage asks for the sandbox's payment page in French.
func checkFrenchSandboxPage(t *testing.T, shop frenchShop) {
	t.Helper()
	page, err := http.NewRequest(http.MethodGet, shop.srv.URL+sandbox.PagesPrefix+"3ds/no-such-payment", nil)
	if err != nil {
		t.Fatal(err)
	}
	page.Header.Set("Accept-Language", "fr-FR")
	res, err := shop.srv.Client().Do(page)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Contains(html, []byte(`lang="fr"`)) || !bytes.Contains(html, []byte("Bac à sable")) {
		t.Errorf("the sandbox's page is not in French:\n%s", html)
	}
}

// checkFrenchMail sends the outbox's e-mails to files and checks the
// shopper's is in French, its total and date too.
func checkFrenchMail(t *testing.T, shop frenchShop) {
	t.Helper()
	mails := t.TempDir()
	worker := &mail.Worker{Outbox: shop.db, Sender: mail.FileSender{Dir: mails}, Prepare: shop.orders.PrepareMail,
		Log: slog.New(slog.DiscardHandler)}
	// The shopper's e-mail, and the owner's (in the owner's language).
	if sent, failed, err := worker.DrainOnce(context.Background()); err != nil || sent != 2 || failed != 0 {
		t.Fatalf("outbox: sent %d, failed %d, %v", sent, failed, err)
	}
	emls, _ := filepath.Glob(filepath.Join(mails, "*-"+mail.KindOrderPlaced+".eml"))
	if owner, _ := filepath.Glob(filepath.Join(mails, "*-"+mail.KindOwnerOrderPlaced+".eml")); len(emls) != 1 || len(owner) != 1 {
		t.Fatalf("e-mails written: %v, to the owner %v", emls, owner)
	}
	eml, err := os.ReadFile(emls[0])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(eml, []byte("Merci pour votre commande")) || !bytes.Contains(eml, []byte("Commande")) {
		t.Errorf("the order's e-mail is not in French:\n%.1500s", eml)
	}
	// Its total and its delivery estimate the French way.
	m := mailtest.Parse(t, eml)
	frenchDate := regexp.MustCompile(`\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) 20\d\d`)
	for _, part := range []string{m.Text, m.HTML} {
		if !strings.Contains(part, "35,00\u00a0€") || !frenchDate.MatchString(part) {
			t.Errorf("the order's e-mail lacks the total 35,00\u00a0€ or a French date:\n%s", part)
		}
	}
}

// TestLocaleFormatIsRequired: a locale's file without its [format], or
// with one that is wrong, stops the build with the file, the line and the
// field (docs/adding-a-locale.md): a new language's prices are never
// guessed to read like English.
func TestLocaleFormatIsRequired(t *testing.T) {
	config := withFrench(t, string(fixtureFile(t, "config.toml")))
	strs := frenchOf(t, fixtureFile(t, "i18n/en.toml"), nil)
	for name, tc := range map[string]struct{ format, want string }{
		"missing": {"", "i18n/fr.toml:1: format: missing: the [format] table says how fr writes prices and dates"},
		"wrong": {strings.Replace(strings.Replace(frenchFormat, `"décembre"]`, `]`, 1), "EUR", "CHF", 1),
			"i18n/fr.toml:"},
	} {
		t.Run(name, func(t *testing.T) {
			contentDir := writeFixture(t, "site",
				"-- config.toml --\n"+config,
				"-- data/deliveries.toml --\n"+withFrench(t, string(fixtureFile(t, "data/deliveries.toml"))),
				"-- data/creator.toml --\n"+withFrench(t, string(fixtureFile(t, "data/creator.toml"))),
				"-- i18n/fr.toml --\n"+string(withFormat(t, strs, tc.format)))
			fb := buildFixture(t, contentDir, filepath.Join(t.TempDir(), "public"))
			if fb.err == nil || !strings.Contains(fb.err.Error(), tc.want) {
				t.Fatalf("build: %v, want %q", fb.err, tc.want)
			}
			if name == "wrong" {
				for _, want := range []string{": format.months: must be a list of the 12 months' names", ": format.symbols: no symbol for EUR, the currency of fr"} {
					if !strings.Contains(fb.err.Error(), want) {
						t.Errorf("build: %v, want %q", fb.err, want)
					}
				}
			}
		})
	}
}

// frenchNotice is a French section for the guarantee notice's file: a
// fixture of the right shape (the shop's file takes the Commission's text
// when French comes).
const frenchNotice = `
[fr]
title = ["GARANTIE", "LÉGALE"]
box = "**Garantie légale** (texte d'essai)."
intro = "Introduction d'essai :"
conditions = ["premier cas ;", "second cas."]
liable = "**Les vendeurs** (texte d'essai) :"
remedies = ["**réparation** ;", "**remboursement**."]
periods = "Durées (texte d'essai)."
more = "Plus d'informations (texte d'essai)."
qr = "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_fr.htm"
link = "europa.eu/youreurope/garanties"
todo = "Que faire"
todo_when = "(texte d'essai) ?"
steps = ["Étape un.", "Étape deux."]
garan = "Garanties commerciales (texte d'essai)."
`
