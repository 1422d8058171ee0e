package main

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// buildSide matches the packages only the site build may link: the content
// loader, the builder and its renderer, the Markdown parser and any YAML
// parser.
var buildSide = regexp.MustCompile(`^(sabershop/internal/(content|site|render)|github\.com/yuin/goldmark)(/|$)|yaml`)

// TestLinksNothingOfTheBuild: the daemon and the packages it prices from
// read catalog.json, never content/, so none of them may link the build
// side. A new import that pulls it in (say, a helper in internal/site
// called from an API handler) fails here, not in a bigger binary nobody
// looks at.
func TestLinksNothingOfTheBuild(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go tool is needed to list the dependencies")
	}
	roots := []string{
		"sabershop/internal/catalog",
		"sabershop/internal/catalog/catalogfile",
		"sabershop/internal/order",
		"sabershop/internal/api",
		"sabershop/internal/admin",
		"sabershop/internal/daemon",
		"sabershop/cmd/orderd",
	}
	// One line per root: its path, then everything it links.
	args := append([]string{"list", "-f", `{{.ImportPath}} {{join .Deps " "}}`}, roots...)
	out, err := exec.Command(goTool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(roots) {
		t.Fatalf("go list answered %d lines for %d packages:\n%s", len(lines), len(roots), out)
	}
	for _, line := range lines {
		deps := strings.Fields(line)
		if len(deps) < 2 {
			t.Fatalf("no dependencies listed: %q", line)
		}
		for _, dep := range deps[1:] {
			if buildSide.MatchString(dep) {
				t.Errorf("%s links %s", deps[0], dep)
			}
		}
	}
}
