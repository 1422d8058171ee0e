package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/i18n"
)

// newDocument is `build new post|product|faq|page NAME`: it writes the
// document in every locale from content/archetypes/ and prints the paths.
func newDocument(args []string) int {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	contentDir := fs.String("content", "content", "content directory")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: go run ./cmd/build new [-content DIR] post|product|faq|page NAME")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	// "Today" is the workshop's day, not the editor's laptop's.
	written, err := content.NewDocument(*contentDir, fs.Arg(0), fs.Arg(1), time.Now().In(i18n.Workshop))
	for _, p := range written {
		fmt.Println("wrote", p)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "build new:", err)
		return 1
	}
	fmt.Println("The files say draft: true: `make dev` shows them with a draft badge; delete that line to publish.")
	return 0
}
