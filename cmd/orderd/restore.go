package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/daemon"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// restore puts the backup file in place of the data file. It is refused
// while a daemon serves the data directory (stop it first: the daemon
// holds the file and would keep writing to the replaced one). The backup
// is checked before anything changes; the data file it replaces is kept
// beside it as orderd.db.before-restore-STAMP.
func restore(data, file string, stdout io.Writer) error {
	if _, err := admin.Dial(data); err == nil {
		return fmt.Errorf("orderd is serving %s: stop it first (systemctl stop orderd), restore, then start it", data)
	}
	if _, err := os.Stat(file); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	n, err := checkBackup(file)
	if err != nil {
		return fmt.Errorf("%s is not a usable backup: %w", file, err)
	}
	if err := os.MkdirAll(data, 0o700); err != nil {
		return err
	}
	path := filepath.Join(data, daemon.DBName)
	kept := ""
	if _, err := os.Stat(path); err == nil {
		// Held by a process that does not answer on the socket: refuse.
		db, err := store.Open(path, store.Options{Timeout: 2 * time.Second})
		if errors.Is(err, store.ErrLocked) {
			return fmt.Errorf("%s is held by another process; is an old orderd hanging?", path)
		}
		if err == nil {
			db.Close()
		}
		kept = path + ".before-restore-" + time.Now().UTC().Format("2006-01-02T150405Z")
		if err := os.Rename(path, kept); err != nil {
			return err
		}
	}
	if err := copyFile(file, path); err != nil {
		return err
	}
	// As root (sudo orderd restore), the file goes to the data directory's
	// owner, the user the daemon runs as.
	if fi, err := os.Stat(data); err == nil && os.Geteuid() == 0 {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			if err := os.Chown(path, int(st.Uid), int(st.Gid)); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(stdout, "restored %s (%d orders) into %s\n", file, n, path)
	if kept != "" {
		fmt.Fprintf(stdout, "the replaced data file is kept as %s\n", kept)
	}
	return nil
}

// checkBackup opens a copy of file as a data file, checks its pages and
// counts its orders; the file itself is never written.
func checkBackup(file string) (int, error) {
	tmp, err := os.MkdirTemp("", "orderd-restore-check")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	probe := filepath.Join(tmp, "check.db")
	if err := copyFile(file, probe); err != nil {
		return 0, err
	}
	db, err := store.Open(probe, store.Options{Timeout: time.Second})
	if err != nil {
		return 0, err
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		return 0, err
	}
	var orders []*order.Order
	err = db.View(func(tx *store.Tx) (err error) {
		orders, err = tx.Orders(nil)
		return err
	})
	return len(orders), err
}

// copyFile copies src to dst (mode 0600) with admin.WriteBackup's atomic
// write, so dst is whole or absent.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	_, err = admin.WriteBackup(dst, func(w io.Writer) (int64, error) { return io.Copy(w, in) })
	return err
}
