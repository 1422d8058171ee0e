package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// RunTS bundles source (TypeScript importing the repository's own modules,
// e.g. "./components/money", relative to root) for node with esbuild, runs
// it and returns what it printed. Tests use it to hold a browser module to
// its Go twin (money formats, card encryption, the creator's defaults).
// It needs node and the npm packages (npm ci).
func RunTS(t testing.TB, root, name, source string) []byte {
	t.Helper()
	res := api.Build(api.BuildOptions{
		AbsWorkingDir: root,
		Stdin:         &api.StdinOptions{Contents: source, ResolveDir: root, Sourcefile: name, Loader: api.LoaderTS},
		Bundle:        true, Platform: api.PlatformNode, Format: api.FormatESModule, Target: api.ES2022,
		Write: false, LogLevel: api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		t.Fatalf("bundle %s (is node_modules installed? npm ci): %v", name, res.Errors)
	}
	script := filepath.Join(t.TempDir(), "run.mjs")
	if err := os.WriteFile(script, res.OutputFiles[0].Contents, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", script)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v", name, err)
	}
	return out
}
