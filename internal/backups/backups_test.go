package backups

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestPruneKeepsTheNewest(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Date(2026, 11, 1, 3, 0, 0, 0, time.UTC)
	var all []string
	for i := range 5 {
		n := Name(t0.Add(time.Duration(i) * 24 * time.Hour))
		all = append(all, n)
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Not backups: left alone.
	for _, n := range []string{"notes.txt", "orderd-latest.db", "orderd.db"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if all[0] != "orderd-2026-11-01T030000Z.db" {
		t.Errorf("Name = %s", all[0])
	}
	removed, err := Prune(dir, 3)
	if err != nil || !slices.Equal(removed, all[:2]) {
		t.Fatalf("Prune: %v %v, want %v", removed, err, all[:2])
	}
	left, _ := List(dir)
	if !slices.Equal(left, all[2:]) {
		t.Errorf("left %v, want %v", left, all[2:])
	}
	for _, n := range []string{"notes.txt", "orderd-latest.db", "orderd.db"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	if _, err := Prune(dir, 0); err == nil {
		t.Error("keep 0 was accepted")
	}
}
