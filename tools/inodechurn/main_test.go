package main

import (
	"bytes"
	"os"
	"regexp"
	"testing"
)

// Each round makes the whole tree and reports it, and nothing is left
// behind in the folder it was given.
func TestRunMakesAndRemovesTheTrees(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	if err := run(&out, dir, 7, 2, 0); err != nil {
		t.Fatal(err)
	}
	lines := regexp.MustCompile(`(?m)^round (\d): 8 folders and 21 files in \d+\.\d{3} s \(\d+\.\d{3} s of system time\)$`).FindAllStringSubmatch(out.String(), -1)
	if len(lines) != 2 || lines[0][1] != "1" || lines[1][1] != "2" {
		t.Fatalf("output:\n%s", out.String())
	}
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}
