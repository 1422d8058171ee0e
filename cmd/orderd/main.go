// Command orderd is the order daemon (docs/packages.md#the-daemon-cmdorderd): `orderd serve` runs
// the shop (the built site, the /v1 API, e-mail); every other subcommand is
// an owner's command, run inside the serving daemon over its socket or, when
// none runs, on the data file directly.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/backoffice"
	"sabershop/internal/backups"
	"sabershop/internal/buildinfo"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/daemon"
	"sabershop/internal/desk"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "serve" {
		return serve(args[1:], stderr)
	}
	if len(args) == 1 && (args[0] == "version" || args[0] == "-version" || args[0] == "--version") {
		fmt.Fprintln(stdout, buildinfo.Read())
		return 0
	}
	return command(args, stdout, stderr)
}

func serve(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("orderd serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := daemon.Config{}
	fs.StringVar(&cfg.Addr, "addr", env("ORDERD_ADDR", "127.0.0.1:8080"), "listen address (ORDERD_ADDR)")
	fs.StringVar(&cfg.Site, "site", env("ORDERD_SITE", "./public"), "built site to serve (ORDERD_SITE); empty: the API alone, with -catalog")
	fs.StringVar(&cfg.Catalog, "catalog", env("ORDERD_CATALOG", ""), "with -site '': the build's catalog.json to price from (ORDERD_CATALOG)")
	fs.StringVar(&cfg.Strings, "strings", env("ORDERD_STRINGS", ""), "directory of more translations: mail/, api/, sandbox/ with LOCALE.toml each, over the built-in ones (ORDERD_STRINGS; docs/adding-a-locale.md)")
	fs.StringVar(&cfg.Data, "data", env("ORDERD_DATA", "./var"), "data directory (ORDERD_DATA)")
	fs.StringVar(&cfg.BaseURL, "base-url", env("ORDERD_BASE_URL", ""), "public address for links in e-mails (ORDERD_BASE_URL; default: http://localhost:PORT on loopback, else the site's base_url)")
	fs.BoolVar(&cfg.TrustProxy, "trust-proxy", envBool("ORDERD_TRUST_PROXY"), "take client IPs from X-Forwarded-For (ORDERD_TRUST_PROXY)")
	fs.BoolVar(&cfg.HSTS, "hsts", envBool("ORDERD_HSTS"), "send Strict-Transport-Security (ORDERD_HSTS; only behind TLS)")
	fs.Float64Var(&cfg.WriteRate, "write-rate", envFloat("ORDERD_WRITE_RATE", 2), "writes per second per client IP (ORDERD_WRITE_RATE; 0 disables)")
	fs.IntVar(&cfg.WriteBurst, "write-burst", int(envFloat("ORDERD_WRITE_BURST", 20)), "burst of writes per client IP (ORDERD_WRITE_BURST)")
	fs.IntVar(&cfg.SigninLimit, "signin-limit", int(envFloat("ORDERD_SIGNIN_LIMIT", desk.DefaultSigninLimit)), "the desk's sign-in requests (sign-in, setup, passkeys, password asked again) per minute per client IP, in bursts of as many (ORDERD_SIGNIN_LIMIT; 0 disables)")
	fs.StringVar(&cfg.Payments, "payments", env("ORDERD_PAYMENTS", daemon.DefaultPayments), "payment providers, e.g. tpay,paypal (ORDERD_PAYMENTS; credentials in ORDERD_TPAY_*, ORDERD_PAYPAL_*)")
	fs.DurationVar(&cfg.SandboxDelay, "sandbox-delay", envDuration("ORDERD_SANDBOX_DELAY", 3*time.Second), "how long the payment sandbox waits before it confirms a payment (ORDERD_SANDBOX_DELAY)")
	fs.StringVar(&cfg.MetricsAddr, "metrics-addr", env("ORDERD_METRICS_ADDR", ""), "serve Prometheus metrics at http://ADDR/metrics, a loopback address such as 127.0.0.1:9464; empty: none (ORDERD_METRICS_ADDR)")
	fs.DurationVar(&cfg.ReadyMailAge, "ready-mail-age", envDuration("ORDERD_READY_MAIL_AGE", 30*time.Minute), "GET /readyz fails when an e-mail waits longer than this (ORDERD_READY_MAIL_AGE)")
	remindDays := fs.Float64("remind-unpaid-days", envFloat("ORDERD_REMIND_UNPAID_DAYS", 3), "days after which an unpaid order gets one payment reminder (ORDERD_REMIND_UNPAID_DAYS; 0: never)")
	cancelDays := fs.Float64("cancel-unpaid-days", envFloat("ORDERD_CANCEL_UNPAID_DAYS", 14), "days after which an unpaid order is cancelled, the shopper and the owner told (ORDERD_CANCEL_UNPAID_DAYS; 0: never)")
	fs.IntVar(&cfg.WithdrawalGrace, "withdrawal-grace-days", int(envFloat("ORDERD_WITHDRAWAL_GRACE_DAYS", 7)), "days allowed beyond the country's longest delivery time for a parcel to arrive: the withdrawal period counts from sending (ORDERD_WITHDRAWAL_GRACE_DAYS)")
	fs.StringVar(&cfg.Rates, "rates", env("ORDERD_RATES", ""), `where a euro invoice's exchange rate to złoty comes from: "nbp" (the National Bank of Poland's API), "sandbox" (made-up rates, offline), or the address of a service with NBP's API; default: the sandbox when the payments are the sandbox only, NBP otherwise (ORDERD_RATES)`)
	fs.StringVar(&cfg.KSeF, "ksef", env("ORDERD_KSEF", ""), `where invoices are sent to KSeF: "live" (the environment [ksef] in content/config.toml names, with the token in ORDERD_KSEF_TOKEN), "sandbox" (a local KSeF, offline), or the address of a service with KSeF's API; default: the sandbox when the payments are the sandbox only, live otherwise (ORDERD_KSEF)`)
	fs.StringVar(&cfg.Carriers, "carriers", env("ORDERD_SHIPX", ""), `where InPost's ShipX is, for lockers and labels: "live" (InPost's API, with ORDERD_SHIPX_TOKEN, ORDERD_SHIPX_ORGANIZATION and ORDERD_SHIPX_WEBHOOK_SECRET), "test" (InPost's sandbox environment, the same variables), "sandbox" (a local ShipX, offline), "off", or the address of a service with ShipX's API; default: the local ShipX when the payments are the sandbox only, live when ORDERD_SHIPX_TOKEN is set, off otherwise (ORDERD_SHIPX)`)
	fs.BoolVar(&cfg.Demo, "demo", envBool("ORDERD_DEMO"), "a demo shop: allows the sandbox payments on a public address; every page and e-mail says it is a demo (ORDERD_DEMO)")
	var logFormat string
	fs.StringVar(&logFormat, "log-format", env("ORDERD_LOG_FORMAT", "text"), "log lines as text (key=value) or json, one object per line (ORDERD_LOG_FORMAT)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.Getenv = os.Getenv
	cfg.Unpaid = order.Unpaid{RemindAfter: fromDays(*remindDays), CancelAfter: fromDays(*cancelDays)}
	if err := cfg.Unpaid.Check(); err != nil {
		fmt.Fprintf(stderr, "orderd serve: -remind-unpaid-days %g, -cancel-unpaid-days %g: %v\n", *remindDays, *cancelDays, err)
		return 2
	}
	var handler slog.Handler
	switch logFormat {
	case "text":
		handler = slog.NewTextHandler(stderr, nil)
	case "json":
		handler = slog.NewJSONHandler(stderr, nil)
	default:
		fmt.Fprintf(stderr, "orderd serve: -log-format %q: want text or json\n", logFormat)
		return 2
	}
	log := slog.New(handler)
	cfg.Log = log
	bi := buildinfo.Read()
	log.Info("version", "version", bi.Version, "commit", bi.Short(), "commit_time", bi.Time, "go", bi.GoVersion)
	// Secrets only from the environment, never flags (ps shows flags).
	smtp, ok, err := mail.ConfigFromEnv(os.Getenv)
	if err != nil {
		log.Error("e-mail settings", "err", err)
		return 2
	}
	if ok {
		cfg.SMTP = &smtp
	}
	cfg.MailFrom = smtp.From
	cfg.OwnerEmail = os.Getenv("ORDERD_OWNER_EMAIL")
	cfg.OwnerLocale = os.Getenv("ORDERD_OWNER_LOCALE")

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := daemon.Run(ctx, cfg); err != nil {
		if errors.Is(err, daemon.ErrSandboxPublic) {
			// Advice for the owner, in lines they can read.
			fmt.Fprintln(stderr, "orderd serve:", err)
			return 2
		}
		log.Error("orderd", "err", err)
		return 1
	}
	return 0
}

// command runs an owner's command: in the daemon when one serves the data
// directory, else on the data file itself.
func command(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("orderd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, admin.Usage) }
	data := fs.String("data", env("ORDERD_DATA", "./var"), "data directory (ORDERD_DATA)")
	site := fs.String("site", env("ORDERD_SITE", "./public"), "built site, for the catalogue (ORDERD_SITE)")
	baseURL := fs.String("base-url", env("ORDERD_BASE_URL", ""), "public address for links in e-mails (ORDERD_BASE_URL)")
	if err := fs.Parse(hoistGlobalFlags(args)); err != nil {
		return 2
	}
	args = fs.Args()
	if len(args) == 0 {
		fmt.Fprintln(stderr, admin.Usage)
		return 2
	}
	report := func(err error) int {
		if err == nil {
			return 0
		}
		var u *admin.UsageError
		if errors.As(err, &u) {
			fmt.Fprintln(stderr, u.Msg)
			return 2
		}
		fmt.Fprintln(stderr, "orderd:", err)
		return 1
	}
	if args[0] == "backup" {
		return backupCommand(*data, args[1:], stdout, stderr, report)
	}
	if args[0] == "publish" || args[0] == "rollback" {
		return releaseCommand(*site, args, stdout, stderr, report)
	}
	if args[0] == "dkim" {
		return dkimCommand(*data, *site, args[1:], stdout, stderr, report)
	}
	if args[0] == "restore" {
		if len(args) != 2 {
			fmt.Fprintln(stderr, "usage: orderd restore FILE")
			return 2
		}
		return report(restore(*data, args[1], stdout))
	}
	run := func(args []string, out io.Writer) error {
		if c, err := admin.Dial(*data); err == nil {
			return c.Run(args, out)
		}
		// No daemon: open the file here (and close it at once after).
		path := filepath.Join(*data, daemon.DBName)
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("no data file at %s: start the shop once (make run) or pass -data DIR", path)
		}
		db, err := store.Open(path, store.Options{Timeout: 2 * time.Second})
		if errors.Is(err, store.ErrLocked) {
			return fmt.Errorf("%s is held by a process that does not answer on %s; is an old orderd hanging?", path, admin.SocketName)
		}
		if err != nil {
			return err
		}
		defer db.Close()
		// Without the daemon there are no payment providers and no bank:
		// a refund says to start it, a document waiting for its rate
		// stays waiting.
		cat := offlineCatalog(*site)
		ords, err := orders.New(orders.Config{Store: db, Catalog: cat, BaseURL: *baseURL, OwnerLocale: os.Getenv("ORDERD_OWNER_LOCALE")})
		if err != nil {
			return err
		}
		env := backoffice.Office{DB: db, BaseURL: *baseURL, Catalog: cat, Orders: ords}
		return admin.Run(context.Background(), env, args, out)
	}
	if len(args) > 1 && args[0] == "invoices" && args[1] == "pdf" {
		return report(invoicePDF(args, stdout, run))
	}
	if len(args) > 1 && args[0] == "ksef" && args[1] == "upo" {
		return report(ksefUPO(args, stdout, run))
	}
	return report(run(args, stdout))
}

// globalFlags are the flags every owner's command takes.
var globalFlags = map[string]bool{"data": true, "site": true, "base-url": true}

// hoistGlobalFlags moves -data, -site and -base-url (with their values)
// in front of the command, so "orderd orders list -data /srv/var" works
// like "orderd -data /srv/var orders list". Everything after "--" stays.
func hoistGlobalFlags(args []string) []string {
	var global, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && globalFlags[name] {
			global = append(global, a)
			if !hasValue && i+1 < len(args) {
				global = append(global, args[i+1])
				i++
			}
			continue
		}
		rest = append(rest, a)
	}
	return append(global, rest...)
}

// offlineCatalog reads the built site's catalogue once, on first use.
func offlineCatalog(site string) func() *catalog.Catalog {
	var cat *catalog.Catalog
	var tried bool
	return func() *catalog.Catalog {
		if !tried {
			tried = true
			cat, _ = catalogfile.Read(site)
		}
		return cat
	}
}

const backupUsage = "usage: orderd backup FILE | orderd backup -dir DIR [-keep N]"

// backupCommand is `orderd backup FILE`, or `orderd backup -dir DIR -keep
// N`: a dated file in DIR (deploy/orderd-backup.timer runs it daily), then
// the oldest removed until N remain.
func backupCommand(data string, args []string, stdout, stderr io.Writer, report func(error) int) int {
	fs := flag.NewFlagSet("orderd backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, backupUsage) }
	dir := fs.String("dir", "", "folder of dated backups")
	keep := fs.Int("keep", 14, "how many dated backups to keep in -dir")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case *dir == "" && fs.NArg() == 1:
		return report(backup(data, fs.Arg(0), stdout))
	case *dir != "" && fs.NArg() == 0 && *keep >= 1:
		if err := backup(data, filepath.Join(*dir, backups.Name(time.Now())), stdout); err != nil {
			return report(err)
		}
		removed, err := backups.Prune(*dir, *keep)
		for _, n := range removed {
			fmt.Fprintf(stdout, "removed old backup: %s\n", filepath.Join(*dir, n))
		}
		return report(err)
	}
	fmt.Fprintln(stderr, backupUsage)
	return 2
}

func backup(data, file string, stdout io.Writer) error {
	var n int64
	var err error
	if c, derr := admin.Dial(data); derr == nil {
		n, err = admin.WriteBackup(file, c.Backup)
	} else {
		// Open would create an empty data file and back that up.
		path := filepath.Join(data, daemon.DBName)
		if _, serr := os.Stat(path); serr != nil {
			return fmt.Errorf("no data file at %s: nothing to back up (pass -data DIR)", path)
		}
		db, oerr := store.Open(path, store.Options{Timeout: 2 * time.Second})
		if oerr != nil {
			return oerr
		}
		defer db.Close()
		n, err = admin.WriteBackup(file, db.Backup)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup written: %s (%d bytes)\n", file, n)
	return nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

func envBool(key string) bool {
	v, _ := strconv.ParseBool(os.Getenv(key))
	return v
}

func envFloat(key string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(key), 64); err == nil {
		return v
	}
	return def
}

// fromDays is a number of days (fractions allowed) as a duration; a
// negative number is no duration.
func fromDays(days float64) time.Duration {
	if days <= 0 {
		return 0
	}
	return time.Duration(days * float64(24*time.Hour))
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
