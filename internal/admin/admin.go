// Package admin is the owner's commands (orderd orders|shop|coupons|
// subscribers|notify|invoices|ksef|backup). A command runs where the data file is open:
// inside the running daemon, reached over an owner-only Unix socket in the
// data directory (bbolt allows one process per file), or in the command's
// own process when no daemon runs. Either way the same Run executes it.
package admin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/catalog"
)

// UsageError is a mistake in the command line; the message says what to
// type instead.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// Usage lists the commands.
const Usage = `usage: orderd <command> [arguments]

  serve [-addr 127.0.0.1:8080] [-site ./public] [-data ./var]   run the shop
  orders list [--status placed|payment_pending|paid|sent|cancelled|waiting|to_build] [--stage STAGE]
              [--country pl] [--currency PLN] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--limit N]
                                           oldest first; --to's day included; --limit N: the newest N;
                                           waiting: placed or paying; to_build: paid, no stage yet
  orders search QUERY [--limit N]          by number (12, #12), name (start of a word, accents
                                           optional: lukasz) or e-mail address (or its start)
  orders show ID|HASH                      items, build sheet, customer, timeline, e-mails
  orders send ID --tracking NUMBER [--url TRACKING_URL]
  orders cancel ID --reason TEXT [--refund NOTE]   (--refund is required for a paid order)
  orders refund ID [--amount 50.00] [--reason TEXT]   pay back through the payment provider (default: everything
                                           left; a full refund cancels a paid order); needs the running daemon
  orders stage ID STAGE                    production stage of a paid order (content/config.toml's list);
                                           e-mails the customer if they asked for stage e-mails
  orders resend ID MAIL                    send e-mail MAIL (its number in orders show) again, word for word

  orders note ID TEXT                      a private note on the order (orders show and the desk
                                           show notes; the customer never sees them)
  shop status | shop pause [--until YYYY-MM-DD] | shop resume   --until: the day shoppers read orders open again
  coupons add CODE (--percent N | --amount 50.00 --currency PLN) [--expires YYYY-MM-DD] [--limit N]
  coupons list
  coupons disable CODE
  subscribers export                       CSV of confirmed subscribers to standard output
  notify sale-start                        e-mail every confirmed subscriber that sales are open
  backup FILE                              consistent copy of the data file while serving
  backup -dir DIR [-keep N]                a dated copy in DIR, keeping the newest N (default 14)
  restore FILE                             put a backup in place of the data file (the daemon stopped)
  dkim [-selector NAME] [-domain DOMAIN]   make the DKIM key (once) and print its DNS record
  owners add NAME                          an account for the desk (/admin): prints its one-time setup link
  owners reset NAME                        a new setup link (forgotten password, lost phone); ends its sessions
  owners list | owners remove NAME | owners totp NAME on|off
  privacy export EMAIL                     everything held about the address, as JSON (GDPR access)
  privacy erase EMAIL                      remove its sign-up and messages now; its orders are kept
                                           for the tax period and anonymised after it
  invoices list [-month YYYY-MM]           the invoices, receipts and corrections issued in the month
                                           (the workshop's calendar; default: this month)
  invoices csv [-month YYYY-MM]            the month's documents as the accountant's CSV, to standard output
  invoices pdf NUMBER [-o FILE]            one document's PDF (FV/2026/0001); -o - writes it to standard
                                           output; default: FV-2026-0001.pdf in the current folder
  ksef status                              documents waiting for KSeF and those KSeF refused: since when,
                                           the last failed try, a refusal explained (ORDERD_OWNER_LOCALE)
  ksef retry NUMBER                        send a document KSeF refused again, once the cause is fixed
  ksef upo NUMBER [-o FILE]                KSeF's receipt (UPO) of an accepted document, as XML; -o - to
                                           standard output; default: UPO-FV-2027-0001.xml in the current folder

Every command takes -data DIR (ORDERD_DATA, default ./var); commands that
write e-mails also read the built site's catalogue from -site (ORDERD_SITE).`

// Run executes one command (args without the program name) and writes its
// output to out.
func Run(ctx context.Context, office backoffice.Office, args []string, out io.Writer) error {
	if office.Now == nil {
		office.Now = time.Now
	}
	if office.Kick == nil {
		office.Kick = func() {}
	}
	if len(args) == 0 {
		return usagef("no command given\n\n%s", Usage)
	}
	sub := ""
	if len(args) > 1 {
		sub = args[1]
	}
	rest := args[min(2, len(args)):]
	c := &cmd{office: office, out: out, ctx: ctx}
	switch args[0] {
	case "orders":
		switch sub {
		case "list":
			return c.ordersList(rest)
		case "search":
			return c.ordersSearch(rest)
		case "show":
			return c.ordersShow(rest)
		case "send":
			return c.ordersSend(rest)
		case "cancel":
			return c.ordersCancel(rest)
		case "refund":
			return c.ordersRefund(rest)
		case "stage":
			return c.ordersStage(rest)
		case "resend":
			return c.ordersResend(rest)

		case "note":
			return c.ordersNote(rest)
		}
	case "shop":
		switch sub {
		case "status", "":
			return noArgs("shop status", rest, c.shopStatus)
		case "pause":
			return c.shopSet(false, rest)
		case "resume":
			return noArgs("shop resume", rest, func() error { return c.shopSet(true, nil) })
		}
	case "coupons":
		switch sub {
		case "add":
			return c.couponsAdd(rest)
		case "list":
			return noArgs("coupons list", rest, c.couponsList)
		case "disable":
			return c.couponsDisable(rest)
		}
	case "subscribers":
		if sub == "export" {
			return noArgs("subscribers export", rest, c.subscribersExport)
		}
	case "notify":
		if sub == "sale-start" {
			return noArgs("notify sale-start", rest, c.notifySaleStart)
		}
	case "owners":
		return c.owners(sub, rest)
	case "privacy":
		return c.privacy(sub, rest)
	case "invoices":
		return c.invoices(sub, rest)
	case "ksef":
		return c.ksef(sub, rest)
	case "help", "-h", "--help":
		_, err := fmt.Fprintln(out, Usage)
		return err
	default:
		return usagef("unknown command %q\n\n%s", args[0], Usage)
	}
	return usagef("unknown command %q\n\n%s", strings.Join(args[:min(2, len(args))], " "), Usage)
}

// noArgs runs a command that takes no arguments, refusing any rather
// than ignoring them ("shop pause now" might mean something else).
func noArgs(name string, rest []string, run func() error) error {
	if len(rest) > 0 {
		return usagef("orderd %s takes no arguments, got %q\n\n%s", name, strings.Join(rest, " "), Usage)
	}
	return run()
}

type cmd struct {
	office backoffice.Office
	out    io.Writer
	ctx    context.Context
}

func (c *cmd) printf(format string, args ...any) {
	fmt.Fprintf(c.out, format, args...)
}

// catalog is the catalogue, or an error saying how to get one.
func (c *cmd) catalog() (*catalog.Catalog, error) {
	if c.office.Catalog != nil {
		if cat := c.office.Catalog(); cat != nil {
			return cat, nil
		}
	}
	return nil, errors.New("no catalogue: build the site (go run ./cmd/build) or pass -site with the built site")
}

// currentCatalog is the catalogue or nil.
func (c *cmd) currentCatalog() *catalog.Catalog {
	if c.office.Catalog == nil {
		return nil
	}
	return c.office.Catalog()
}

// amount is how the owner reads money: "1668.00 PLN", the same in every
// command and easy to paste into a spreadsheet.
func amount(minor int64, currency string) string { return backoffice.Decimal(minor) + " " + currency }
