package daemon_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sabershop/internal/daemon"
)

// The metrics, on their own loopback listener, count what the shop did
// (an order placed, requests by route template and status, the desk's
// password checks), read the
// outbox and the catalogue at each scrape, and name the build. The
// shop's own address does not serve them; a public metrics address is
// refused.
func TestMetrics(t *testing.T) {
	metricsAddr := make(chan string, 1)
	r := startRun(t, daemon.Config{Site: fixtureSite(t), Data: shortDir(t), MetricsAddr: "127.0.0.1:0",
		MetricsReady: func(a string) { metricsAddr <- a }})
	maddr := <-metricsAddr

	if code, ans := postOrder(t, r.base, orderJSON(t, "anna@example.com")); code != http.StatusCreated {
		t.Fatalf("POST /v1/orders: %d %v", code, ans)
	}
	if code, _ := get(t, r.base+"/v1/orders/"+strings.Repeat("x", 24)); code != http.StatusNotFound {
		t.Errorf("unknown order: %d", code)
	}
	if code, _ := get(t, r.base+"/metrics"); code != http.StatusNotFound {
		t.Errorf("the shop's address serves /metrics: %d", code)
	}
	// A sign-in at the desk for a name nobody has: one password check.
	req, _ := http.NewRequest(http.MethodPost, r.base+"/admin/api/signin", strings.NewReader(`{"name":"nobody","password":"a guess of a password"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("sign-in: %v %v", res, err)
	} else {
		res.Body.Close()
	}

	res, err := http.Get("http://" + maddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	text := string(body)
	for _, want := range []string{
		`orderd_orders_placed_total{currency="PLN"} 1`,
		`orderd_http_requests_total{code="201",method="POST",route="/v1/orders"} 1`,
		`orderd_http_requests_total{code="404",method="GET",route="/v1/orders/{hash}"} 1`,
		`orderd_http_request_duration_seconds_count{route="/v1/orders"} 1`,
		`orderd_store_scrape_errors 0`,
		"\norderd_desk_password_checks_total 1\n",
		"\norderd_desk_signins_busy_total 0\n",
		`go_goroutines `,
		`process_resident_memory_bytes `,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	for _, re := range []string{
		`(?m)^orderd_outbox_messages [0-9]+$`,
		`(?m)^orderd_outbox_oldest_age_seconds [0-9.e+-]+$`,
		`(?m)^orderd_catalog_info\{version="[0-9a-f]+"\} 1$`,
		`(?m)^orderd_build_info\{commit="[^"]+",go="go1\.[^"]+",version="[^"]+"\} 1$`,
	} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("metrics lack a line matching %s", re)
		}
	}
	// No path a stranger typed becomes a label.
	if strings.Contains(text, strings.Repeat("x", 24)) {
		t.Error("a request path is a metric label")
	}

	err = daemon.Run(t.Context(), daemon.Config{Addr: "127.0.0.1:0", Site: fixtureSite(t), Data: shortDir(t), Log: quiet, MetricsAddr: "0.0.0.0:0"})
	if err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("a public metrics address: %v", err)
	}
}
