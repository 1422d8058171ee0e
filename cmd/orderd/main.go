// Command orderd is the order daemon (DESIGN.md §6). In this first version
// it only serves the built site; the /v1 API, the store, e-mail and payments
// arrive with their issues and answer 501 until then.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"sabershop/internal/devserver"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "serve" {
		fmt.Fprintln(os.Stderr, "usage: orderd serve [-addr 127.0.0.1:8080] [-site ./public] [-data ./var]")
		os.Exit(2)
	}
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := fs.String("addr", env("ORDERD_ADDR", "127.0.0.1:8080"), "listen address (ORDERD_ADDR)")
	siteDir := fs.String("site", env("ORDERD_SITE", "./public"), "built site to serve (ORDERD_SITE)")
	_ = fs.String("data", env("ORDERD_DATA", "./var"), "data directory (ORDERD_DATA); unused until orders land")
	_ = fs.Parse(os.Args[2:])

	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotImplemented)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": "not_implemented", "message": "The shop API is not available yet."})
	})
	mux.Handle("/", devserver.Static(*siteDir))
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	log.Info("serving", "site", *siteDir, "url", "http://"+*addr+"/")
	if err := srv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
		log.Error("serve", "err", err)
		os.Exit(1)
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}
