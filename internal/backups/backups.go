// Package backups names the dated backup files of a backup folder and
// prunes the oldest: what `orderd backup -dir DIR -keep N` (run daily by
// deploy/orderd-backup.timer) does around writing one backup.
package backups

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

const (
	prefix = "orderd-"
	suffix = ".db"
	// stamp sorts by time as text and has no ':' (rsync, Windows shares).
	stamp = "2006-01-02T150405Z"
)

// Name is the file name of a backup taken at t: orderd-2026-11-24T125300Z.db.
func Name(t time.Time) string { return prefix + t.UTC().Format(stamp) + suffix }

// List returns the backup files in dir, oldest first. Other files are
// not backups and are left alone.
func List(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(n, prefix) || !strings.HasSuffix(n, suffix) {
			continue
		}
		if _, err := time.Parse(stamp, strings.TrimSuffix(strings.TrimPrefix(n, prefix), suffix)); err != nil {
			continue
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return names, nil
}

// Prune removes the oldest backups in dir until keep remain, and returns
// the removed names. keep < 1 is refused: the newest backup always stays.
func Prune(dir string, keep int) ([]string, error) {
	if keep < 1 {
		return nil, fmt.Errorf("keep %d: at least 1 backup must stay", keep)
	}
	names, err := List(dir)
	if err != nil || len(names) <= keep {
		return nil, err
	}
	old := names[:len(names)-keep]
	for _, n := range old {
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			return nil, err
		}
	}
	return old, nil
}
