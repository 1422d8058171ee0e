package render

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// The shop's browser bundle runs the islands on Preact's React API, and
// nothing of React itself reaches a shopper
// (docs/decisions/islands-and-pages.md#islands-run-on-preact-in-the-browser);
// the server bundle and the owner's desk keep React.
func TestShopBrowserBundleHasPreactNotReact(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	names, err := islandEntries(root)
	if err != nil {
		t.Fatal(err)
	}
	packages := func(opts api.BuildOptions) map[string]bool {
		t.Helper()
		opts.Metafile, opts.Write = true, false
		res := api.Build(opts)
		if len(res.Errors) > 0 {
			t.Fatal(buildError(res.Errors))
		}
		var meta struct {
			Inputs map[string]json.RawMessage `json:"inputs"`
		}
		if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for in := range meta.Inputs {
			if _, rest, ok := strings.Cut(in, "node_modules/"); ok {
				seen[packageName(rest)] = true
			}
		}
		return seen
	}
	shop := packages(clientOptions(root, names, nil))
	if !shop["preact"] {
		t.Errorf("the shop's browser bundle has no Preact: %v", shop)
	}
	for _, p := range []string{"react", "react-dom", "scheduler"} {
		if shop[p] {
			t.Errorf("the shop's browser bundle includes %s", p)
		}
	}
	server := packages(serverOptions(root, filepath.Join(t.TempDir(), "server.cjs"), nil))
	if !server["react-dom"] || server["preact"] {
		t.Errorf("the server bundle should render with React alone: %v", server)
	}
	desk := packages(deskOptions(root, nil))
	if !desk["react-dom"] || desk["preact"] {
		t.Errorf("the desk should run on React alone: %v", desk)
	}
}
