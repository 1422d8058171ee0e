package render

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// importFrom finds the module of an import or re-export (over several lines
// too), a side-effect import and a dynamic import(); group 2 is "type " for
// an import of types only, which esbuild drops.
var importFrom = regexp.MustCompile(`(?m)(?:^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+|^\s*import\s+|\bimport\()["']([^"']+)["']`)

// An editor's install stays small: building the site needs only `npm ci
// --omit=dev`. So every package the bundles import (components/,
// templates/, desk/) must be in package.json's "dependencies"; test,
// type-checking and Lighthouse packages stay in devDependencies.
func TestBundledPackagesAreDependencies(t *testing.T) {
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	b, err := os.ReadFile("../../package.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, dir := range []string{"components", "templates", "desk"} {
		err := filepath.WalkDir(filepath.Join("../..", dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			name := d.Name()
			if !(strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".tsx")) || strings.Contains(name, ".test.") || strings.HasSuffix(name, ".d.ts") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range importFrom.FindAllStringSubmatch(string(src), -1) {
				typesOnly, spec := m[1] != "", m[2]
				if typesOnly || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "node:") {
					continue
				}
				seen++
				if name := packageName(spec); pkg.Dependencies[name] == "" {
					t.Errorf("%s imports %q: put %s in package.json \"dependencies\" (npm ci --omit=dev leaves devDependencies out)", p, spec, name)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if seen == 0 {
		t.Fatal("no package imports found: the scan is broken")
	}
	for _, dev := range []string{"@playwright/test", "lighthouse", "typescript"} {
		if pkg.Dependencies[dev] != "" {
			t.Errorf("%s is a dependency; the site builds without it: move it to devDependencies", dev)
		}
	}
}

// packageName is the npm package of an import: "react-dom/client" ->
// "react-dom", "@scope/pkg/sub" -> "@scope/pkg".
func packageName(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}
