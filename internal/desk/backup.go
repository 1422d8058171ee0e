package desk

import (
	"fmt"
	"net/http"

	"sabershop/internal/store"
)

// getBackup is GET /admin/api/backup: a consistent copy of the data file
// (the CLI's backup: one read transaction, so the shop keeps taking
// orders while it streams) to keep off the server. It holds every
// customer's data, so the download is in the activity log.
func (d *Desk) getBackup(w http.ResponseWriter, r *http.Request) {
	in := current(r)
	if err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		return d.audit(tx, r, in.owner.Name, "backup.download", "", "")
	}); err != nil {
		d.internal(w, r, err)
		return
	}
	name := fmt.Sprintf("orderd-%s.db", d.cfg.Now().UTC().Format("2006-01-02-1504"))
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	if _, err := d.cfg.Store.Backup(w); err != nil {
		// The headers are gone: the download ends short, and the log says why.
		d.cfg.Log.Error("desk: backup download", "err", err)
	}
}
