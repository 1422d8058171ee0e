package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/mail"
)

const dkimUsage = "usage: orderd dkim [-selector NAME] [-domain DOMAIN]"

// dkimCommand is `orderd dkim`: makes the shop's DKIM key in the data
// directory unless it exists, and prints the DNS record to publish. The
// daemon signs with it from its next start. The domain is -domain, else
// that of ORDERD_MAIL_FROM, else that of the shop's e-mail address in the
// catalogue.
func dkimCommand(data, site string, args []string, stdout, stderr io.Writer, report func(error) int) int {
	fs := flag.NewFlagSet("orderd dkim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, dkimUsage) }
	selector := fs.String("selector", env("ORDERD_DKIM_SELECTOR", mail.DefaultDKIMSelector), "the key's name in DNS (ORDERD_DKIM_SELECTOR)")
	domain := fs.String("domain", "", "the domain the shop's e-mail comes from")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, dkimUsage)
		return 2
	}
	if *domain == "" {
		from := os.Getenv("ORDERD_MAIL_FROM")
		if from == "" {
			if cats, err := catalogfile.Load(site); err == nil {
				from = cats.Current().Shop.Company.Email
			}
		}
		d, err := mail.FromDomain(from)
		if err != nil {
			return report(fmt.Errorf("no domain: pass -domain DOMAIN or set ORDERD_MAIL_FROM (%v)", err))
		}
		*domain = d
	}
	if err := os.MkdirAll(data, 0o700); err != nil {
		return report(err)
	}
	key, created, err := mail.CreateDKIMKey(data, *selector)
	if err != nil {
		return report(err)
	}
	name, value, err := mail.DKIMRecord(*selector, strings.ToLower(*domain), key)
	if err != nil {
		return report(err)
	}
	if created {
		fmt.Fprintf(stdout, "new DKIM key: %s\n", mail.DKIMKeyPath(data, *selector))
	} else {
		fmt.Fprintf(stdout, "DKIM key: %s (kept)\n", mail.DKIMKeyPath(data, *selector))
	}
	fmt.Fprintf(stdout, "Publish this TXT record, then restart orderd to sign with it:\n\n%s. TXT \"%s\"\n", name, value)
	return 0
}
