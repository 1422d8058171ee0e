package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sabershop/internal/testutil"
)

// The incremental bundler makes what the one-shot builds make, and its
// rebuild sees an edited component.
func TestBundlerMatchesOneShotBuildsAndSeesAnEdit(t *testing.T) {
	root := testutil.CodeCopy(t, "../..")
	constants := map[string]string{"__LOCALE_FORMATS__": `{"en":{}}`}
	oneShot := filepath.Join(t.TempDir(), "server.mjs")
	if err := BuildServer(root, oneShot, constants); err != nil {
		t.Fatal(err)
	}
	wantClient, err := BuildClient(root, constants)
	if err != nil {
		t.Fatal(err)
	}
	wantDesk, err := BuildDesk(root, constants)
	if err != nil {
		t.Fatal(err)
	}
	wantSW, err := BuildServiceWorker(root)
	if err != nil {
		t.Fatal(err)
	}

	serverOut := filepath.Join(t.TempDir(), "server.mjs")
	b := NewBundler(root, serverOut, constants)
	defer b.Close()
	for round := 0; round < 2; round++ { // the first build makes the contexts, the second rebuilds
		if err := b.Server(); err != nil {
			t.Fatal(err)
		}
		if got, want := read(t, serverOut), read(t, oneShot); !bytes.Equal(got, want) {
			t.Fatalf("round %d: server bundle differs from BuildServer's (%d vs %d bytes)", round, len(got), len(want))
		}
		client, err := b.Client()
		if err != nil {
			t.Fatal(err)
		}
		sameFiles(t, "client", client.Files, wantClient.Files)
		if client.ConsentBoot != wantClient.ConsentBoot || client.Renderer != wantClient.Renderer || client.Islands["Basket"] != wantClient.Islands["Basket"] {
			t.Fatalf("round %d: client assets differ from BuildClient's", round)
		}
		desk, err := b.Desk()
		if err != nil {
			t.Fatal(err)
		}
		sameFiles(t, "desk", desk.Files, wantDesk.Files)
		sw, err := b.ServiceWorker()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sw, wantSW) {
			t.Fatalf("round %d: service worker differs", round)
		}
	}

	// An edit to an island reaches both bundles on the next rebuild.
	file := filepath.Join(root, "components", "islands", "CartBadge.tsx")
	edited := edit(t, file, `className="cart-badge"`, `className="cart-badge-edited"`)
	if err := b.Server(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(read(t, serverOut), []byte("cart-badge-edited")) {
		t.Error("the server bundle does not have the edit")
	}
	client, err := b.Client()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range client.Files {
		found = found || bytes.Contains(f.Contents, []byte("cart-badge-edited"))
	}
	if !found || client.Islands["CartBadge"] == wantClient.Islands["CartBadge"] {
		t.Error("the client bundle does not have the edit, or its entry kept its name")
	}

	// A broken edit is an error with the file and line; the fix builds again.
	if err := os.WriteFile(file, append(edited, []byte("\nexport const = ;\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := b.Server(); err == nil || !strings.Contains(err.Error(), "CartBadge.tsx:") {
		t.Errorf("broken component: %v, want its file and line", err)
	}
	if err := os.WriteFile(file, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := b.Server(); err != nil {
		t.Errorf("after the fix: %v", err)
	}
}

// edit replaces the first old in file (a copy of the sources) with new
// and returns what it wrote; the test fails when file no longer has old,
// rather than testing nothing.
func edit(t *testing.T, file, old, new string) []byte {
	t.Helper()
	src := read(t, file)
	edited := bytes.Replace(src, []byte(old), []byte(new), 1)
	if bytes.Equal(edited, src) {
		t.Fatalf("%s no longer has %s, which this test edits", filepath.Base(file), old)
	}
	if err := os.WriteFile(file, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	return edited
}

func read(t *testing.T, f string) []byte {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func sameFiles(t *testing.T, what string, got, want []File) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d files, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i].Path != want[i].Path || !bytes.Equal(got[i].Contents, want[i].Contents) {
			t.Fatalf("%s: file %d is %s, want %s (or its contents differ)", what, i, got[i].Path, want[i].Path)
		}
	}
}

// BenchmarkBundlerAfterAnEdit is the bundling part of a component edit in
// watch mode: one island edited, then the four bundles rebuilt at once,
// as the site builder does. Compare BenchmarkOneShotBundlesAfterAnEdit.
func BenchmarkBundlerAfterAnEdit(b *testing.B) {
	benchmarkBundles(b, func(root, serverOut string, constants map[string]string) func() error {
		bundler := NewBundler(root, serverOut, constants)
		b.Cleanup(bundler.Close)
		return func() error {
			return all(bundler.Server, func() error { _, err := bundler.Client(); return err },
				func() error { _, err := bundler.Desk(); return err }, func() error { _, err := bundler.ServiceWorker(); return err })
		}
	})
}

// BenchmarkOneShotBundlesAfterAnEdit is the same with a fresh esbuild
// build of each bundle (what every build did before the Bundler).
func BenchmarkOneShotBundlesAfterAnEdit(b *testing.B) {
	benchmarkBundles(b, func(root, serverOut string, constants map[string]string) func() error {
		return func() error {
			return all(func() error { return BuildServer(root, serverOut, constants) }, func() error { _, err := BuildClient(root, constants); return err },
				func() error { _, err := BuildDesk(root, constants); return err }, func() error { _, err := BuildServiceWorker(root); return err })
		}
	})
}

func benchmarkBundles(b *testing.B, setup func(root, serverOut string, constants map[string]string) func() error) {
	root := testutil.CodeCopy(b, "../..")
	build := setup(root, filepath.Join(b.TempDir(), "server.mjs"), map[string]string{"__LOCALE_FORMATS__": `{"en":{}}`})
	if err := build(); err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(root, "components", "islands", "CartBadge.tsx")
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited := strings.Replace(string(src), `className="cart-badge"`, fmt.Sprintf(`className="cart-badge" data-edit="%d"`, i), 1)
		if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := build(); err != nil {
			b.Fatal(err)
		}
	}
}

// all runs fs at once and returns their errors joined.
func all(fs ...func() error) error {
	errs := make([]error, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = f()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// With SharedReact the server bundle imports React from node_modules, and
// pages rendered from it are the same as from the bundle with React inside.
func TestSharedReactBundleRendersTheSamePages(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	inside, cleanInside, err := TempBundlePath("")
	if err != nil {
		t.Fatal(err)
	}
	defer cleanInside()
	shared, cleanShared, err := TempBundlePath(filepath.Join(root, ".build"))
	if err != nil {
		t.Fatal(err)
	}
	defer cleanShared()
	if err := BuildServer(root, inside, nil); err != nil {
		t.Fatal(err)
	}
	b := NewBundler(root, shared, nil)
	b.SharedReact = true
	defer b.Close()
	if err := b.Server(); err != nil {
		t.Fatal(err)
	}
	code := read(t, shared)
	if !bytes.Contains(code, []byte(`"react-dom/server"`)) || len(code) >= len(read(t, inside))/2 {
		t.Fatalf("shared bundle: %d bytes (inside: %d), imports react-dom/server: %v", len(code), len(read(t, inside)), bytes.Contains(code, []byte(`"react-dom/server"`)))
	}
	assets, err := BuildClient(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	var pages []string
	for _, bundle := range []string{inside, shared} {
		p, err := NewPool(bundle, 1, initMsg(assets))
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Render(notFoundRequest("Gone & lost"))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, res.HTML)
	}
	if pages[0] != pages[1] || !strings.Contains(pages[1], "Gone &amp; lost") {
		t.Errorf("pages differ:\n%s\n%s", pages[0], pages[1])
	}
}

// The repository's package.json names no module type, so each file's
// comes from its extension and syntax (the browser tests are CommonJS, as
// the components they import). esbuild 0.28's parse cache compares the
// "type" field's package.json by pointer, and a rebuild reads package.json
// again: with "type": "module" every component missed the cache and was
// parsed anew on each rebuild, about half of a component edit's bundling
// (docs/benchmarks.md, "Edit to reload, second session of 2026-11-26").
func TestRootPackageJSONLeavesTheModuleTypeToEachFile(t *testing.T) {
	data, err := os.ReadFile("../../package.json")
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil {
		t.Fatal(err)
	}
	if pkg.Type != nil {
		t.Errorf("package.json: \"type\" is %q; leave it out", *pkg.Type)
	}
}
