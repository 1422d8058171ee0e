package desk_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// importSpec finds the module a TS file imports: import/export ... from
// "x", import "x", import("x").
var importSpec = regexp.MustCompile(`(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']`)

// TestDeskHasNoImportCircle: no module of the desk's TypeScript (desk/)
// imports, through any others, itself. App and Shell once imported each
// other (the routes lived in App); the routes are now desk/routes.ts,
// which both import. Type-only imports count: a circle of types is still
// two modules that cannot be read one without the other.
func TestDeskHasNoImportCircle(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	graph := map[string][]string{}
	err = filepath.WalkDir(filepath.Join(root, "desk"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".ts") || strings.HasSuffix(path, ".tsx")) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		graph[filepath.ToSlash(rel)] = nil
		for _, m := range importSpec.FindAllStringSubmatch(string(src), -1) {
			if strings.HasPrefix(m[1], ".") {
				target, _ := filepath.Rel(root, filepath.Join(filepath.Dir(path), filepath.FromSlash(m[1])))
				graph[filepath.ToSlash(rel)] = append(graph[filepath.ToSlash(rel)], filepath.ToSlash(target))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(graph) < 20 {
		t.Fatalf("read only %d files under desk/", len(graph))
	}
	// An import names a module without its extension.
	module := func(spec string) string {
		for _, ext := range []string{"", ".ts", ".tsx", "/index.ts"} {
			if _, ok := graph[spec+ext]; ok {
				return spec + ext
			}
		}
		return ""
	}
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(string)
	visit = func(f string) {
		state[f] = open
		stack = append(stack, f)
		for _, spec := range graph[f] {
			m := module(spec)
			switch state[m] {
			case open:
				circle := append(slices.Clone(stack[slices.Index(stack, m):]), m)
				t.Errorf("import circle: %s", strings.Join(circle, " -> "))
			case unseen:
				if m != "" {
					visit(m)
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[f] = done
	}
	files := make([]string, 0, len(graph))
	for f := range graph {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, f := range files {
		if state[f] == unseen {
			visit(f)
		}
	}
}
