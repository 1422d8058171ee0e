// Package catalogtest is the tests' catalogue: a frozen copy of the
// shop's catalog.json (shop.json, written from content/ by
// tools/catalogfixture). The daemon's packages test their prices, texts
// and rules against it, so an editor's change to content/ fails no test
// of theirs; what the real content builds into is the site's tests'
// concern (internal/site).
package catalogtest

//go:generate go run ../../../tools/catalogfixture -content ../../../content -o shop.json

import (
	_ "embed"
	"testing"

	"sabershop/internal/catalog"
)

//go:embed shop.json
var shopJSON []byte

// JSON is the fixture as the build writes catalog.json.
func JSON() []byte { return shopJSON }

// Shop is a fresh copy of the fixture catalogue: a test may change it.
func Shop(t testing.TB) *catalog.Catalog {
	t.Helper()
	cat, err := catalog.Parse(shopJSON)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}
