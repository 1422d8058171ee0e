package main

import (
	"os/exec"
	"regexp"
	"slices"
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
	roots := []string{
		"sabershop/internal/catalog",
		"sabershop/internal/catalog/catalogfile",
		"sabershop/internal/order",
		"sabershop/internal/api",
		"sabershop/internal/admin",
		"sabershop/internal/daemon",
		"sabershop/cmd/orderd",
	}
	for pkg, deps := range listDeps(t, roots...) {
		for _, dep := range deps {
			if buildSide.MatchString(dep) {
				t.Errorf("%s links %s", pkg, dep)
			}
		}
	}
}

// listDeps runs go list for the packages: each one's import path and
// everything it links (its Deps: not what its tests import).
func listDeps(t *testing.T, pkgs ...string) map[string][]string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go tool is needed to list the dependencies")
	}
	args := append([]string{"list", "-f", `{{.ImportPath}} {{join .Deps " "}}`}, pkgs...)
	out, err := exec.Command(goTool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(pkgs) {
		t.Fatalf("go list answered %d lines for %d packages:\n%s", len(lines), len(pkgs), out)
	}
	deps := map[string][]string{}
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) < 2 {
			t.Fatalf("no dependencies listed: %q", line)
		}
		deps[f[0]] = f[1:]
	}
	return deps
}

// daemonRows are the rows of the daemon's diagram in docs/packages.md, top
// to bottom. Every arrow points down: a package may link the packages of
// its own row and of the rows below, never one of a row above. The store
// is below the sender, the PDF writer, the NBP client and the desk; what
// it keeps (the queued e-mail, the accounting document, the rate, the
// account) is in leaf packages below it. The build sheet is below the
// store too: it reads an order and the catalogue, never where they are kept.
var daemonRows = [][]string{
	{"sabershop/cmd/orderd"},
	{"sabershop/internal/daemon"},
	{"sabershop/internal/health", "sabershop/internal/metrics", "sabershop/internal/backups", "sabershop/internal/buildinfo",
		"sabershop/internal/release", "sabershop/internal/static", "sabershop/internal/fastlane"},
	{"sabershop/internal/api", "sabershop/internal/admin", "sabershop/internal/desk", "sabershop/internal/clientip",
		"sabershop/internal/ratelimit"},
	{"sabershop/internal/backoffice"},
	{"sabershop/internal/orders"},
	{"sabershop/internal/payment", "sabershop/internal/payment/sandbox", "sabershop/internal/payment/tpay",
		"sabershop/internal/payment/paypal", "sabershop/internal/mail", "sabershop/internal/invoice", "sabershop/internal/ksef",
		"sabershop/internal/ksef/fa3", "sabershop/internal/ksef/ksefake", "sabershop/internal/ksef/schema",
		"sabershop/internal/rates/nbp", "sabershop/internal/rates/nbpfake",
		"sabershop/internal/shipping/shipx", "sabershop/internal/shipping/shipxfake", "sabershop/internal/shipping/pointcache"},
	{storePkg},
	{"sabershop/internal/buildsheet"},
	{"sabershop/internal/order", "sabershop/internal/accounting", "sabershop/internal/mail/outbox",
		"sabershop/internal/rates", "sabershop/internal/owners"},
	{"sabershop/internal/catalog/catalogfile"},
	{"sabershop/internal/catalog", "sabershop/internal/i18n", "sabershop/internal/inert", "sabershop/internal/guarantee",
		"sabershop/internal/shipping"},
}

const storePkg = "sabershop/internal/store"

// belowTheStore is what the store and every package below it must never
// link, from any row: the outside services and formats the packages above
// the store exist to hold.
var belowTheStore = []struct{ not, why string }{
	{`^net/smtp$|^github\.com/wneessen/go-mail(/|$)`, "an SMTP client (sending is internal/mail's)"},
	{`^github\.com/signintech/gopdf(/|$)`, "the PDF writer (the invoice PDF is internal/invoice's)"},
	{`^github\.com/go-webauthn/`, "WebAuthn (the ceremonies are the desk's; owners keeps credentials as data)"},
	{`^net/http$`, "HTTP (the NBP client is internal/rates/nbp)"},
}

// TestLayers: the daemon's packages link as docs/packages.md draws them.
// Each package of a row links no package of a row above it, so internal/order
// links nothing of the store, the mail, the API, the desk or the owner's
// commands, and nothing below those three links them; the store and what is
// below it link no SMTP client, PDF writer, WebAuthn or HTTP; and every
// package of this module the daemon links has its row, so a new one is
// drawn before it is used.
func TestLayers(t *testing.T) {
	var all []string
	row := map[string]int{}
	for i, r := range daemonRows {
		for _, p := range r {
			if _, dup := row[p]; dup {
				t.Fatalf("%s is in two rows", p)
			}
			row[p] = i
			all = append(all, p)
		}
	}
	deps := listDeps(t, all...)
	for _, pkg := range all {
		for _, dep := range deps[pkg] {
			if r, ok := row[dep]; ok && r < row[pkg] {
				t.Errorf("%s (row %d) links %s, of row %d above it: every arrow points down (docs/packages.md)",
					pkg, row[pkg]+1, dep, r+1)
			}
		}
	}
	for _, rule := range belowTheStore {
		not := regexp.MustCompile(rule.not)
		for _, pkg := range all {
			if row[pkg] < row[storePkg] {
				continue
			}
			if i := slices.IndexFunc(deps[pkg], not.MatchString); i >= 0 {
				t.Errorf("%s links %s: %s, which nothing from the store down may link", pkg, deps[pkg][i], rule.why)
			}
		}
	}
	for _, dep := range deps["sabershop/cmd/orderd"] {
		if _, ok := row[dep]; !ok && strings.HasPrefix(dep, "sabershop/") {
			t.Errorf("orderd links %s, which has no row in docs/packages.md's diagram (daemonRows)", dep)
		}
	}
}
