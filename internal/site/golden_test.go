package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var assetHash = regexp.MustCompile(`-[A-Z0-9]{8}\.(js|css)`)

// TestHeadGolden snapshots the <head> Go writes for a product, a post and
// the Polish home page. Regenerate after an intended change with
// UPDATE_GOLDEN=1 go test ./internal/site -run TestHeadGolden.
func TestHeadGolden(t *testing.T) {
	out := fixture(t)
	for _, page := range []string{"shop/arc/index.html", "blog/second/index.html", "pl/index.html"} {
		html := read(t, out, page)
		head := html[:strings.Index(html, "</head>")+len("</head>")]
		head = assetHash.ReplaceAllString(head, "-HASH.$1")
		// How esbuild splits shared chunks changes with every island added;
		// TestModulePreloadOnlyForIslandsHydratedOnLoad checks them instead.
		head = strings.ReplaceAll(head, "<link rel=\"modulepreload\" href=\"/assets/chunk-HASH.js\" fetchpriority=\"low\">\n", "")
		golden := filepath.Join("testdata", "golden", strings.ReplaceAll(strings.TrimSuffix(page, "/index.html"), "/", "_")+".head.html")
		if os.Getenv("UPDATE_GOLDEN") != "" {
			if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(golden, []byte(head), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with UPDATE_GOLDEN=1 to create it)", err)
		}
		if string(want) != head {
			t.Errorf("%s head differs from %s; if intended, run with UPDATE_GOLDEN=1\n--- got\n%s", page, golden, head)
		}
	}
}
