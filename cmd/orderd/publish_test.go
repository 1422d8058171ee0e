package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/testutil"
)

// release copies the built site to ROOT/releases/name, changing its
// catalogue with edit (nil: as built).
func makeRelease(t *testing.T, root, name string, edit func(cat map[string]any)) string {
	t.Helper()
	dir := filepath.Join(root, "releases", name)
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-a", sitePath, dir).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	if edit != nil {
		file := filepath.Join(dir, "catalog.json")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var cat map[string]any
		if err := json.Unmarshal(b, &cat); err != nil {
			t.Fatal(err)
		}
		edit(cat)
		b, _ = json.Marshal(cat)
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// dearerBeltClip raises every PLN price of the belt clip by 1.00 zł.
func dearerBeltClip(version string) func(map[string]any) {
	return func(cat map[string]any) {
		cat["version"] = version
		for _, p := range cat["products"].([]any) {
			prod := p.(map[string]any)
			if prod["slug"] != "belt-clip" {
				continue
			}
			for _, pr := range prod["prices"].([]any) {
				am := pr.(map[string]any)["amounts"].(map[string]any)
				am["PLN"] = am["PLN"].(float64) + 100
			}
		}
	}
}

// A new build published twice under a steady load, and rolled back: every
// request answered well, and the prices follow the switch without a
// restart. Builds that would break the shop are refused before it.
func TestPublishUnderLoad(t *testing.T) {
	needBinary(t)
	root := t.TempDir()
	a := makeRelease(t, root, "a", nil)
	b := makeRelease(t, root, "b", dearerBeltClip("release-b"))
	mustRun(t, "publish", "-root", root, a)
	d := startDaemon(t, dataDir(t), "-site", filepath.Join(root, "current"))

	client := &http.Client{Timeout: 30 * time.Second}
	quoteBody := []byte(`{"locale":"pl","country":"pl","code":"","items":[{"product":"belt-clip","quantity":1}]}`)
	subtotal := func() (int64, error) {
		res, err := client.Post(d.base+"/v1/quote", "application/json", bytes.NewReader(quoteBody))
		if err != nil {
			return 0, err
		}
		defer res.Body.Close()
		var q struct {
			Totals struct{ Subtotal int64 } `json:"totals"`
		}
		if res.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("quote: %d", res.StatusCode)
		}
		err = json.NewDecoder(res.Body).Decode(&q)
		return q.Totals.Subtotal, err
	}
	priceA, err := subtotal()
	if err != nil || priceA <= 0 {
		t.Fatalf("the belt clip's price: %d %v", priceA, err)
	}

	var (
		requests, failures atomic.Int64
		firstErr           atomic.Value
		stop               = make(chan struct{})
		wg                 sync.WaitGroup
	)
	fail := func(err error) {
		failures.Add(1)
		firstErr.CompareAndSwap(nil, err.Error())
	}
	for w := range 6 {
		wg.Go(func() {
			paths := []string{"/", "/pl/shop", "/de/shop/arc", "/blog"}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				requests.Add(1)
				if (w+i)%3 == 0 {
					if _, err := subtotal(); err != nil {
						fail(err)
					}
					continue
				}
				res, err := client.Get(d.base + paths[(w+i)%len(paths)])
				if err != nil {
					fail(err)
					continue
				}
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					fail(fmt.Errorf("GET %s: %d", res.Request.URL.Path, res.StatusCode))
				}
			}
		})
	}
	// The price in force, polled until it is want (the daemon notices
	// the switch within moments).
	waitPrice := func(want int64) {
		t.Helper()
		testutil.Eventually(t, fmt.Sprintf("the price %d in force", want), func() error {
			got, err := subtotal()
			if err == nil && got != want {
				err = fmt.Errorf("price %d", got)
			}
			return err
		})
	}

	out := mustRun(t, "publish", "-root", root, b)
	if !strings.Contains(out, "previous release: "+a) {
		t.Errorf("publish said %q", out)
	}
	waitPrice(priceA + 100)
	c := makeRelease(t, root, "c", dearerBeltClip("release-c"))
	mustRun(t, "publish", "-root", root, c) // the second publish: same prices as b, another version
	out = mustRun(t, "rollback", "-root", root)
	if !strings.Contains(out, "rolled back to "+b) {
		t.Errorf("rollback said %q", out)
	}
	if out := mustRun(t, "rollback", "-root", root); !strings.Contains(out, "rolled back to "+c) {
		t.Errorf("the second rollback (undoing the first) said %q", out)
	}
	mustRun(t, "rollback", "-root", root) // and b again
	a2 := makeRelease(t, root, "a2", nil)
	if out := mustRun(t, "publish", "-root", root, a2); !strings.Contains(out, "previous release: "+b) {
		t.Errorf("the third publish said %q", out)
	}
	waitPrice(priceA)
	close(stop)
	wg.Wait()
	if n := failures.Load(); n > 0 {
		t.Errorf("%d of %d requests failed during the switches; the first: %v", n, requests.Load(), firstErr.Load())
	}
	t.Logf("%d requests during two publishes, three rollbacks and a third publish", requests.Load())

	// Refused before the switch: current stays where it is.
	before, _ := os.Readlink(filepath.Join(root, "current"))
	broken := makeRelease(t, root, "broken", nil)
	if err := os.WriteFile(filepath.Join(broken, "catalog.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	future := makeRelease(t, root, "future", func(cat map[string]any) { cat["file_format"] = 99 })
	noGerman := makeRelease(t, root, "no-german", nil)
	if err := os.RemoveAll(filepath.Join(noGerman, "de")); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{broken: "catalog.json", future: "file format 99", noGerman: "locale de"} {
		_, stderr, code := runOrderd(t, "publish", "-root", root, dir)
		if code != 1 || !strings.Contains(stderr, "not published") || !strings.Contains(stderr, want) {
			t.Errorf("publish %s: exit %d, %q (want %q)", filepath.Base(dir), code, stderr, want)
		}
	}
	if after, _ := os.Readlink(filepath.Join(root, "current")); after != before {
		t.Errorf("a refused publish switched current: %s -> %s", before, after)
	}
}
