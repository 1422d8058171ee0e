// Command build turns content/, templates/ and components/ into the static
// site in public/. With -watch it rebuilds on every change; with -serve it
// serves the output (and, with -watch, reloads open pages after a rebuild).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"sabershop/internal/content"
	"sabershop/internal/devserver"
	"sabershop/internal/site"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "new" {
		os.Exit(newDocument(os.Args[2:]))
	}
	contentDir := flag.String("content", "content", "content directory (Markdown, TOML, data, static)")
	outDir := flag.String("out", "public", "output directory; replaced only when the whole build succeeds")
	root := flag.String("root", ".", "repository root with templates/, components/ and node_modules/")
	watch := flag.Bool("watch", false, "rebuild when content/, templates/ or components/ change")
	serve := flag.String("serve", "", "serve the output on this address (e.g. 127.0.0.1:8080); with -watch, with live reload")
	workers := flag.Int("workers", 0, "SSR worker processes (0 = one per core)")
	noCompress := flag.Bool("no-compress", false, "skip the .gz and .br siblings (faster; dev mode skips them anyway)")
	drafts := flag.Bool("drafts", false, "build the pages marked draft: true too, with a draft badge (-watch does)")
	cache := flag.String("cache", "", "build cache directory: bundles, server renders and written files kept across builds (default ROOT/.cache/build; \"off\": none)")
	flag.Parse()
	switch *cache {
	case "":
		*cache = filepath.Join(*root, ".cache", "build")
	case "off":
		*cache = ""
	}

	opts := site.Options{ContentDir: *contentDir, OutDir: *outDir, Root: *root, Workers: *workers, Compress: !*noCompress && !*watch,
		Drafts: *drafts || *watch, BuildCache: *cache, Progress: func(line string) { fmt.Fprintln(os.Stderr, line) }}
	site.SetBuildGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	if *watch || *serve != "" {
		err = devserver.Run(ctx, devserver.Options{Site: opts, Addr: *serve, Watch: *watch, Out: os.Stdout})
	} else {
		err = buildOnce(opts)
	}
	if err != nil {
		printError(err)
		os.Exit(1)
	}
}

func buildOnce(opts site.Options) error {
	b := site.New(opts)
	defer b.Close()
	rep, err := b.Build()
	if err != nil {
		return err
	}
	fmt.Print(devserver.Summary(rep))
	if n, err := b.PruneImages(); err != nil {
		return err
	} else if n > 0 {
		fmt.Printf("  images: removed %d unused cache entries (not used for %s)\n", n, site.ImageCacheKeep)
	}
	if n, err := b.PruneBuildCache(); err != nil {
		return err
	} else if n > 0 {
		fmt.Printf("  build cache: removed %d unused entries (not used for %s)\n", n, site.BuildCacheKeep)
	}
	return nil
}

// printError prints content problems one per line, as file:line: field:
// problem, never a stack trace.
func printError(err error) {
	var diags content.Diagnostics
	var se *site.StageError
	if errors.As(err, &se) && errors.As(err, &diags) {
		fmt.Fprintf(os.Stderr, "build failed in stage %s: %d problem(s)\n", se.Stage, len(diags))
		for _, d := range diags {
			fmt.Fprintln(os.Stderr, d.String())
		}
		return
	}
	fmt.Fprintln(os.Stderr, "build failed:", err)
}
