package treecheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	// moduleSpecifier is what an import, export-from, dynamic import or
	// require names.
	moduleSpecifier = regexp.MustCompile(`(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'\s]+)["']`)
	scriptExts      = map[string]bool{".ts": true, ".tsx": true, ".mjs": true, ".js": true, ".cjs": true}
)

// TestEveryImportIsDeclared fails when a script, test or component imports
// a package that package.json does not declare. Such a package is only
// there because another one depends on it, and goes away, or changes its
// major version, when that one is updated (scripts/lighthouse.mjs imported
// chrome-launcher that way).
func TestEveryImportIsDeclared(t *testing.T) {
	root := repoRoot(t)
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
	}
	b, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		t.Fatal(err)
	}
	declared := func(name string) bool {
		_, dep := pkg.Dependencies[name]
		_, dev := pkg.DevDependencies[name]
		return dep || dev
	}
	imports := 0
	walkTree(t, root, func(path, rel string) {
		if !scriptExts[filepath.Ext(path)] || strings.HasSuffix(path, ".d.ts") {
			return
		}
		forEachLine(t, path, func(n int, line string) {
			for _, m := range moduleSpecifier.FindAllStringSubmatch(line, -1) {
				name, ok := packageName(m[1])
				if !ok {
					continue
				}
				imports++
				if !declared(name) {
					t.Errorf("%s:%d: imports %q, which package.json does not declare (npm install --save-dev %s@<the version in package-lock.json>)", rel, n, name, name)
				}
			}
		})
	})
	if imports < 20 {
		t.Fatalf("only %d package imports found: is the pattern still right?", imports)
	}
}

// packageName is the npm package a specifier names ("react-dom/client" ->
// "react-dom", "@axe-core/playwright"), or false for a relative path, a URL
// or a Node built-in.
func packageName(spec string) (string, bool) {
	if strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.Contains(spec, ":") {
		return "", false // relative, absolute, node:fs, https://...
	}
	parts := strings.Split(spec, "/")
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return "", false
		}
		return parts[0] + "/" + parts[1], true
	}
	return parts[0], true
}
