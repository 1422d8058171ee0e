package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// importSpec finds the module a TS file imports: import/export ... from
// "x", import "x", import("x").
var importSpec = regexp.MustCompile(`(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']`)

// TestComponentsDoNotImportTemplates keeps the front end's dependencies
// pointing down: templates/ compose components/, never the other way (the
// page data's types live in components/generated, docs/contract.md).
func TestComponentsDoNotImportTemplates(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	templates := filepath.Join(root, "templates") + string(filepath.Separator)
	files := 0
	err = filepath.WalkDir(filepath.Join(root, "components"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".ts") || strings.HasSuffix(path, ".tsx")) {
			return err
		}
		files++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range importSpec.FindAllStringSubmatch(string(src), -1) {
			spec := m[1]
			if !strings.HasPrefix(spec, ".") {
				continue // a package
			}
			target := filepath.Join(filepath.Dir(path), filepath.FromSlash(spec))
			if strings.HasPrefix(target+string(filepath.Separator), templates) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s imports %q: components/ must not import from templates/", rel, spec)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Fatalf("read only %d files under components/", files)
	}
}
