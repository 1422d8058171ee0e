package daemon

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	sd "github.com/coreos/go-systemd/v22/daemon"
)

// notifyReady tells systemd (a Type=notify unit, deploy/orderd.service)
// that the daemon serves, and, when the unit sets WatchdogSec, keeps
// telling it at half that interval for as long as GET /healthz answers on
// addr: a daemon whose HTTP server hangs stops the pings and systemd
// restarts it. Outside systemd (no NOTIFY_SOCKET) it does nothing. It
// returns when ctx is done.
func notifyReady(ctx context.Context, addr string, log *slog.Logger) {
	sent, err := sd.SdNotify(false, sd.SdNotifyReady)
	if err != nil {
		log.Warn("systemd notify", "err", err)
	}
	if !sent {
		return
	}
	interval, err := sd.SdWatchdogEnabled(false)
	if err != nil || interval <= 0 {
		return
	}
	client := &http.Client{Timeout: interval / 2}
	tick := time.NewTicker(interval / 2)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		res, err := client.Get("http://" + addr + "/healthz")
		if err != nil {
			log.Warn("watchdog: /healthz does not answer", "err", err)
			continue
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			log.Warn("watchdog: /healthz", "status", res.StatusCode)
			continue
		}
		if _, err := sd.SdNotify(false, sd.SdNotifyWatchdog); err != nil {
			log.Warn("systemd watchdog", "err", err)
		}
	}
}

// notifyStopping tells systemd the daemon is shutting down on purpose.
func notifyStopping() { _, _ = sd.SdNotify(false, sd.SdNotifyStopping) }
