package testutil

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Sources is the text of each non-test Go file in dirs, by path: for the
// tests that read the code for what it writes literally (the answers'
// codes, the audit log's actions) and check each has its text.
func Sources(t testing.TB, dirs ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = string(src)
		}
	}
	return out
}
