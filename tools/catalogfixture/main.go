// Command catalogfixture writes the tests' catalogue fixture
// (internal/catalog/catalogtest/shop.json) from the shop's content/, as
// the build writes catalog.json. The daemon's tests price from that
// frozen copy, so an editor changing a price in content/ changes no test;
// the real site keeps its own build tests (internal/site). Run it from the
// repository root after a change the tests should see:
//
//	go generate ./internal/catalog/catalogtest
package main

import (
	"flag"
	"fmt"
	"os"

	"sabershop/internal/content"
	"sabershop/internal/site"
)

func main() {
	dir := flag.String("content", "content", "the content directory")
	out := flag.String("o", "internal/catalog/catalogtest/shop.json", "the fixture file")
	flag.Parse()
	loaded, err := content.Load(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "catalogfixture:", err)
		os.Exit(1)
	}
	data, err := site.Catalog(loaded).JSON()
	if err != nil {
		fmt.Fprintln(os.Stderr, "catalogfixture:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, append(data, '\n'), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "catalogfixture:", err)
		os.Exit(1)
	}
}
