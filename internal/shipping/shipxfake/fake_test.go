package shipxfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/testutil"
)

func call(t *testing.T, f *Fake, method, target, token string, body any) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, "https://sandbox-api-shipx-pl.easypack24.net"+target, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := f.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func lockerBody(point string) map[string]any {
	return map[string]any{
		"receiver":          map[string]any{"email": "a@example.com", "phone": "600100200", "first_name": "A", "last_name": "B"},
		"parcels":           []any{map[string]any{"template": "small"}},
		"custom_attributes": map[string]any{"target_point": point, "sending_method": "parcel_locker"},
		"service":           "inpost_locker_standard",
		"reference":         "order 1",
	}
}

// Errors come in ShipX's documented shape.
func TestErrorShape(t *testing.T) {
	f := New()
	tests := []struct {
		name, method, target, token string
		body                        any
		code                        int
		key                         string
	}{
		{"no token", "POST", "/v1/organizations/1234/shipments", "", lockerBody("KRA01M"), 401, "token_invalid"},
		{"other org", "POST", "/v1/organizations/77/shipments", f.Token, lockerBody("KRA01M"), 403, "forbidden"},
		{"no org", "POST", "/v1/organizations/x/shipments", f.Token, lockerBody("KRA01M"), 404, "resource_not_found"},
		{"invalid", "POST", "/v1/organizations/1234/shipments", f.Token, lockerBody("NOPE1M"), 400, "validation_failed"},
		{"no shipment", "GET", "/v1/shipments/1", f.Token, nil, 404, "resource_not_found"},
		{"no point", "GET", "/v1/points/NOPE1M", "", nil, 404, "resource_not_found"},
		{"bad per_page", "GET", "/v1/points?per_page=x", "", nil, 400, "validation_failed"},
		{"bad postcode", "GET", "/v1/points?relative_post_code=30363", "", nil, 400, "validation_failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, b := call(t, f, tt.method, tt.target, tt.token, tt.body)
			var e struct {
				Status  int             `json:"status"`
				Error   string          `json:"error"`
				Message string          `json:"message"`
				Details json.RawMessage `json:"details"`
			}
			if err := json.Unmarshal(b, &e); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if resp.StatusCode != tt.code || e.Status != tt.code || e.Error != tt.key || e.Message == "" || len(e.Details) == 0 {
				t.Fatalf("%d %s, want %d %s", resp.StatusCode, b, tt.code, tt.key)
			}
		})
	}
}

func TestPointsPaging(t *testing.T) {
	f := New()
	_, b := call(t, f, "GET", "/v1/points?city=krakow&per_page=5&page=2", "", nil)
	var l struct {
		Count, Page, PerPage, TotalPages int
		Items                            []point
	}
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	// 21 lockers in Kraków, one of them out of service but listed: the
	// status filter is the caller's.
	if l.Count != 21 || len(l.Items) != 5 || l.Items[0].Distance != nil {
		t.Fatalf("count %d, %d items, first %+v", l.Count, len(l.Items), l.Items[0])
	}
	_, b = call(t, f, "GET", "/v1/points?relative_point=50.0297,19.9358&status=Operating&per_page=1", "", nil)
	if err := json.Unmarshal(b, &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Items) != 1 || l.Items[0].Name != "KRA01M" || *l.Items[0].Distance != 0 {
		t.Fatalf("nearest to KRA01M's spot: %+v", l.Items)
	}
}

func TestHaversine(t *testing.T) {
	// A degree of latitude is 111.195 km on the mean sphere.
	if d := haversine(location{50, 20}, location{51, 20}); d < 111185 || d > 111205 {
		t.Fatalf("a degree %0.f m", d)
	}
}

func TestLabelPageSizes(t *testing.T) {
	f := New()
	f.ProcessDelay = time.Millisecond
	_, b := call(t, f, "POST", "/v1/organizations/1234/shipments", f.Token, lockerBody("KRA01M"))
	var s struct{ ID int64 }
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	id := jsonID(s.ID)
	waitFor(t, func() bool {
		l := f.Shipments()
		return len(l) == 1 && l[0].Status == shipping.StatusConfirmed
	})
	for typ, want := range map[string]string{"A6": "MediaBox [ 0 0 297.64 419.53 ]", "normal": "MediaBox [ 0 0 595.00 842.00 ]"} {
		resp, pdf := call(t, f, "GET", "/v1/shipments/"+id+"/label?format=Pdf&type="+typ, f.Token, nil)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatalf("%s: %d %s", typ, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		if !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("%s label: no %s", typ, want)
		}
	}
	if resp, _ := call(t, f, "GET", "/v1/shipments/"+id+"/label?format=Zpl", f.Token, nil); resp.StatusCode != 400 {
		t.Errorf("Zpl: %d, want 400 (the fake renders Pdf only)", resp.StatusCode)
	}
}

func jsonID(id int64) string { b, _ := json.Marshal(id); return string(b) }

// waitFor waits for cond until the test's deadline (a loaded machine
// may take its time).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	testutil.Eventually(t, "the condition", func() error {
		if !cond() {
			return errors.New("not yet")
		}
		return nil
	})
}

func TestControlPage(t *testing.T) {
	f := New()
	f.ProcessDelay = time.Millisecond
	call(t, f, "POST", "/v1/organizations/1234/shipments", f.Token, lockerBody("KRA01M"))
	waitFor(t, func() bool { l := f.Shipments(); return len(l) == 1 && l[0].Tracking != "" })
	id := f.Shipments()[0].ID

	mux := http.NewServeMux()
	mux.Handle("/sandbox/parcels/", f.ControlHandler())
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for lang, want := range map[string]string{"": "Następny status", "pl": "Następny status", "en": "Next status", "de": "Nächster Status", "xx": "Następny status"} {
		resp, err := http.Get(srv.URL + "/sandbox/parcels/?lang=" + lang)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page := string(b)
		if !strings.Contains(page, want) || !strings.Contains(page, id) || !strings.Contains(page, `action="advance"`) ||
			strings.Contains(page, "<script") || !strings.Contains(page, `name="viewport"`) {
			t.Errorf("lang %q: page lacks %q or its parcel:\n%s", lang, want, page)
		}
	}

	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noRedirect.PostForm(srv.URL+"/sandbox/parcels/advance", url.Values{"id": {id}, "lang": {"de"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "./?lang=de" {
		t.Fatalf("advance: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if s := f.Shipments()[0]; s.Status != shipping.StatusCollected {
		t.Fatalf("after the button: %+v", s)
	}
	// Following the redirect lands on the page under its prefix.
	resp, err = http.PostForm(srv.URL+"/sandbox/parcels/advance", url.Values{"id": {id}, "lang": {"en"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Request.URL.Path != "/sandbox/parcels/" || !strings.Contains(string(b), "in transit") {
		t.Fatalf("after redirect at %s:\n%s", resp.Request.URL, b)
	}
	if _, err := f.Advance("nope"); !errors.Is(err, ErrNoShipment) {
		t.Fatal(err)
	}
}
