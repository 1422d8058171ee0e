package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"sabershop/internal/daemon"
	"sabershop/internal/release"
)

const releaseUsage = "usage: orderd publish [-root DIR] [-strings DIR] RELEASE | orderd rollback [-root DIR] [-strings DIR]"

// releaseCommand is `orderd publish RELEASE` and `orderd rollback`: the
// site switch of docs/deploy.md, on the server. ROOT defaults to the
// folder holding -site (ORDERD_SITE=/srv/saber/current: /srv/saber).
func releaseCommand(site string, args []string, stdout, stderr io.Writer, report func(error) int) int {
	fs := flag.NewFlagSet("orderd "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, releaseUsage) }
	root := fs.String("root", filepath.Dir(filepath.Clean(site)), "the folder holding current, previous and releases/")
	strs := fs.String("strings", env("ORDERD_STRINGS", ""), "the daemon's -strings directory, if it has one (ORDERD_STRINGS)")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	check := daemon.CheckStrings(*strs)
	switch {
	case args[0] == "publish" && fs.NArg() == 1:
		replaced, err := release.Publish(*root, fs.Arg(0), check)
		if err != nil {
			return report(err)
		}
		fmt.Fprintf(stdout, "published %s\n", fs.Arg(0))
		if replaced != "" {
			fmt.Fprintf(stdout, "previous release: %s (orderd rollback goes back to it)\n", replaced)
		}
		return 0
	case args[0] == "rollback" && fs.NArg() == 0:
		now, err := release.Rollback(*root, check)
		if err != nil {
			return report(err)
		}
		fmt.Fprintf(stdout, "rolled back to %s\n", now)
		return 0
	}
	fmt.Fprintln(stderr, releaseUsage)
	return 2
}
