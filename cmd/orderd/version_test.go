package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// `orderd version` names the commit the binary was built from (stamped by
// go build -buildvcs=auto in this checkout), and `serve -log-format json`
// starts with the same in a JSON "version" line.
func TestVersion(t *testing.T) {
	needBinary(t)
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	commit := strings.TrimSpace(string(head))[:12]
	top, _ := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if fi, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git")); err == nil && !fi.IsDir() {
		// The go command stamps only from a .git directory, not from the
		// .git file of a `git worktree`.
		t.Skip("a git worktree: go build does not stamp the commit here")
	}
	out := mustRun(t, "version")
	if !strings.HasPrefix(out, "orderd ") || !strings.Contains(out, "commit "+commit) || !strings.Contains(out, " go1.") {
		t.Errorf("orderd version = %q, want commit %s", out, commit)
	}

	d := startDaemon(t, dataDir(t), "-log-format", "json")
	first, _, _ := strings.Cut(d.logText(), "\n")
	var line struct{ Msg, Commit, Version string }
	if err := json.Unmarshal([]byte(first), &line); err != nil || line.Msg != "version" || !strings.HasPrefix(line.Commit, commit) {
		t.Errorf("first log line %q (%v), want a JSON version line with commit %s", first, err, commit)
	}
	for _, l := range strings.Split(strings.TrimSpace(d.logText()), "\n") {
		if !json.Valid([]byte(l)) {
			t.Errorf("not a JSON line: %q", l)
		}
	}

	if _, stderr, code := runOrderd(t, "serve", "-log-format", "yaml"); code != 2 || !strings.Contains(stderr, "want text or json") {
		t.Errorf("-log-format yaml: exit %d, %q", code, stderr)
	}
	// A reminder that would come after the cancellation is refused at start.
	if _, stderr, code := runOrderd(t, "serve", "-remind-unpaid-days", "14", "-cancel-unpaid-days", "3"); code != 2 ||
		!strings.Contains(stderr, "the reminder must come before the cancellation") {
		t.Errorf("-remind-unpaid-days 14 -cancel-unpaid-days 3: exit %d, %q", code, stderr)
	}
}
