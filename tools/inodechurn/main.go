// Command inodechurn times what a build's write stage asks of a file
// system: it makes a tree shaped like a 1,000-page output (a folder and
// three files per page), removes it, waits, and makes it again, -rounds
// times (docs/benchmarks.md, "The 1,000-page build, third session").
//
//	go run ./tools/inodechurn [-dir DIR] [-pages 1000] [-rounds 3] [-wait 2s]
//
// On ext4 without a journal (this VM's root file system) the inode
// allocator skips inodes deleted in an earlier second and less than a
// minute ago, looking each one up, so the rounds after the first slow
// down with the number of recent deletions; with a journal it does not.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

func main() {
	dir := flag.String("dir", os.TempDir(), "where to make the trees (on the file system to measure)")
	pages := flag.Int("pages", 1000, "folders, each with three files")
	rounds := flag.Int("rounds", 3, "make-and-remove rounds")
	wait := flag.Duration("wait", 2*time.Second, "pause after each removal (deletions within the same second do not count as recent)")
	flag.Parse()
	if err := run(os.Stdout, *dir, *pages, *rounds, *wait); err != nil {
		fmt.Fprintln(os.Stderr, "inodechurn:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, dir string, pages, rounds int, wait time.Duration) error {
	root, err := os.MkdirTemp(dir, "inodechurn-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	body := make([]byte, 4000)
	for r := 1; r <= rounds; r++ {
		tree := filepath.Join(root, fmt.Sprint(r))
		start, sys0 := time.Now(), systemTime()
		if err := os.Mkdir(tree, 0o755); err != nil {
			return err
		}
		for p := range pages {
			page := filepath.Join(tree, fmt.Sprintf("p%04d", p))
			if err := os.Mkdir(page, 0o755); err != nil {
				return err
			}
			for _, name := range []string{"index.html", "index.html.gz", "index.html.br"} {
				if err := os.WriteFile(filepath.Join(page, name), body, 0o644); err != nil {
					return err
				}
			}
		}
		fmt.Fprintf(w, "round %d: %d folders and %d files in %.3f s (%.3f s of system time)\n",
			r, pages+1, 3*pages, time.Since(start).Seconds(), (systemTime() - sys0).Seconds())
		if err := os.RemoveAll(tree); err != nil {
			return err
		}
		time.Sleep(wait)
	}
	return nil
}

// systemTime is the kernel time this process has used so far.
func systemTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Stime.Nano())
}
