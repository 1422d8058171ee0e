package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A stylesheet with an unclosed "{" is valid CSS nesting to a browser,
// so every rule after it silently matched nothing (it happened to the
// desk once). The bundler warns; the build stops on the warning with the
// file and line.
func TestBuildDeskStopsOnAWarning(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("desk/main.tsx", "import \"./desk.css\";\ndocument.title = \"desk\";\n")
	write("desk/desk.css", ".a {\n  color: red;\n}\n\n.b {\n\n.c {\n  color: blue;\n}\n")
	_, err := BuildDesk(root, nil)
	if err == nil || !strings.Contains(err.Error(), "desk/desk.css:") || !strings.Contains(err.Error(), `Expected "}"`) {
		t.Fatalf("BuildDesk = %v, want the stylesheet's unclosed brace with its line", err)
	}
	write("desk/desk.css", ".a {\n  color: red;\n}\n")
	if d, err := BuildDesk(root, nil); err != nil || d.CSS == "" {
		t.Fatalf("a good stylesheet: %+v, %v", d, err)
	}
}
