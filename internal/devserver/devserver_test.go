package devserver

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/testutil"
)

// TestEditShowsInOpenPage is the editor's loop for real: a page served by
// the dev server, an edit of its Markdown, the reload event, and the new
// text on the next request. A broken edit sends the problem instead.
func TestEditShowsInOpenPage(t *testing.T) {
	dir, addr, events := startDev(t)
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	code, body := get("/pl/features")
	if code != 200 || !strings.Contains(body, ReloadPath) {
		t.Fatalf("status %d; live reload script present: %v", code, strings.Contains(body, ReloadPath))
	}
	file := filepath.Join(dir, "pl", "pages", "features.md")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(append([]byte{}, orig...), "\nZupełnie nowy akapit.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go func() {
		name, _, _ := nextEvent(events)
		done <- name
	}()
	select {
	case name := <-done:
		if name != "reload" {
			t.Fatalf("event %q, want reload", name)
		}
	case <-testutil.UntilDeadline(t):
		t.Fatal("no reload event after an edit")
	}
	if _, body := get("/pl/features"); !strings.Contains(body, "Zupełnie nowy akapit.") {
		t.Error("the edit is not in the served page")
	}

	// A broken edit: the page gets the problem, the last good page stays.
	if err := os.WriteFile(file, []byte("---\ntitle: [\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	name, data, err := nextEvent(events)
	if err != nil || name != "problem" || !strings.Contains(data, "pages/features.md:2") {
		t.Fatalf("event %q %q %v, want a problem naming features.md:2", name, data, err)
	}
	if code, body := get("/pl/features"); code != 200 || !strings.Contains(body, "Zupełnie nowy akapit.") {
		t.Error("a failed rebuild must keep serving the last good page")
	}
	if code, _ := get("/pl/status/0123abcd"); code != 200 {
		t.Errorf("/pl/status/HASH = %d, want the status shell", code)
	}
	if code, body := get("/de/gibt-es-nicht"); code != 404 || !strings.Contains(body, `lang="de"`) {
		t.Errorf("unknown German path = %d, want the German 404 page", code)
	}
}
