package daemon_test

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/daemon"
)

// demoSite is fixtureSite with pages as the build writes them (<html
// lang>, <head>, <body>), for the banner.
func demoSite(t *testing.T) string {
	t.Helper()
	dir := fixtureSite(t)
	for loc, prefix := range map[string]string{"en": "", "pl": "pl/", "de": "de/"} {
		page := `<!doctype html><html lang="` + loc + `"><head><title>home</title></head><body><header>Saber Forge</header><p>home</p></body></html>`
		if err := os.WriteFile(filepath.Join(dir, prefix+"index.html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// The sandbox (the default) took payments whatever the shop's
// address, so the test card would pay real orders. On a public address it
// is refused at start, with what to do; on localhost it starts as before.
func TestSandboxRefusedOnPublicAddress(t *testing.T) {
	site := demoSite(t)
	for _, base := range []string{"https://saberforge.example", "http://192.0.2.7:8080", "http://localhost.example.com"} {
		err := daemon.Run(t.Context(), daemon.Config{Addr: "127.0.0.1:0", Site: site, Data: shortDir(t), Log: quiet, BaseURL: base})
		if !errors.Is(err, daemon.ErrSandboxPublic) {
			t.Fatalf("%s: %v, want ErrSandboxPublic", base, err)
		}
		for _, want := range []string{base, "4242 4242 4242 4242", "-payments tpay,paypal", "-demo", "ORDERD_DEMO=1", "127.0.0.1:PORT"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: the message does not say %q:\n%v", base, want, err)
			}
		}
	}
	for _, base := range []string{"http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080", "http://shop.localhost"} {
		r := startRun(t, daemon.Config{Site: site, Data: shortDir(t), BaseURL: base})
		if code, body := get(t, r.base+"/"); code != http.StatusOK || strings.Contains(body, "demo-shop-banner") {
			t.Errorf("%s: GET / %d with a banner:\n%s", base, code, body)
		}
		if err := r.stop(t); err != nil {
			t.Errorf("%s: %v", base, err)
		}
	}
}

// With -demo the sandbox runs on a public address, every page carries the
// banner in its language, GET /v1/shop says demo, and every e-mail has the
// [DEMO] subject and the notice.
func TestDemoShop(t *testing.T) {
	site, data := demoSite(t), shortDir(t)
	r := startRun(t, daemon.Config{Site: site, Data: data, BaseURL: "https://saberforge.example", Demo: true})

	for path, want := range map[string]string{
		"/":    `<body><p class="demo-shop-banner" role="note" lang="en">Demo shop: nothing here is for sale.`,
		"/pl/": `<body><p class="demo-shop-banner" role="note" lang="pl">Sklep demonstracyjny: nic tu nie jest na sprzedaż.`,
		"/de/": `<body><p class="demo-shop-banner" role="note" lang="de">Demo-Shop: Hier wird nichts verkauft.`,
	} {
		code, body := get(t, r.base+path)
		if code != http.StatusOK || !strings.Contains(body, want) || !strings.Contains(body, "<style>.demo-shop-banner{") {
			t.Errorf("GET %s: %d\n%s", path, code, body)
		}
	}
	_, body := get(t, r.base+"/v1/shop")
	var shop struct {
		Demo bool `json:"demo"`
	}
	if err := json.Unmarshal([]byte(body), &shop); err != nil || !shop.Demo {
		t.Errorf("GET /v1/shop: %s", body)
	}

	if code, ans := postOrder(t, r.base, orderJSON(t, "anna@example.com")); code != http.StatusCreated {
		t.Fatalf("POST /v1/orders: %d %v", code, ans)
	}
	eml := string(orderPlacedEML(t, data))
	// The order is Polish (orderJSON): subject and notice in Polish.
	msg, err := mail.ReadMessage(strings.NewReader(eml))
	if err != nil {
		t.Fatal(err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil || !strings.HasPrefix(subject, "[DEMO] Zamówienie #1") {
		t.Errorf("subject %q (%v)", subject, err)
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	n := 0
	for {
		p, err := parts.NextPart() // decodes quoted-printable
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		if !strings.Contains(string(b), "Ta wiadomość pochodzi ze sklepu demonstracyjnego") {
			t.Errorf("%s part without the demo notice:\n%s", p.Header.Get("Content-Type"), b)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d parts, want text and HTML", n)
	}
}
