package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"sabershop/internal/accounting"
	"sabershop/internal/admin"
	"sabershop/internal/backoffice"
	"sabershop/internal/invoice"
)

// invoicePDF is `orderd invoices pdf NUMBER [-o FILE]`. The command runs
// in the daemon (or on the data file) and answers the PDF's bytes; the
// file is written here, by the owner's own process in the owner's folder:
// FILE, the document's own name (FV-2026-0001.pdf) without -o, or
// standard output for -o -. Nothing is written when the command fails.
func invoicePDF(args []string, stdout io.Writer, run func([]string, io.Writer) error) error {
	return commandFile(args, stdout, run, func(number string) string {
		return invoice.FileName(&accounting.Document{Number: number})
	})
}

// ksefUPO is `orderd ksef upo NUMBER [-o FILE]`, written as invoicePDF's
// file is: without -o as UPO-FV-2027-0001.xml.
func ksefUPO(args []string, stdout io.Writer, run func([]string, io.Writer) error) error {
	return commandFile(args, stdout, run, backoffice.UPOFileName)
}

// commandFile runs a command that answers a file's bytes (args[0:2] its
// name) and writes them to -o FILE, to standard output for -o -, or to
// name(NUMBER) in the current folder.
func commandFile(args []string, stdout io.Writer, run func([]string, io.Writer) error, name func(number string) string) error {
	what := "orderd " + strings.Join(args[:min(2, len(args))], " ")
	var rest []string
	file := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "--o":
			if i+1 == len(args) {
				return &admin.UsageError{Msg: what + ": -o needs a file name (or - for standard output)"}
			}
			file = args[i+1]
			i++
		case strings.HasPrefix(a, "-o=") || strings.HasPrefix(a, "--o="):
			_, file, _ = strings.Cut(a, "=")
		default:
			rest = append(rest, a)
		}
	}
	if file == "-" {
		return run(rest, stdout)
	}
	var pdf bytes.Buffer
	if err := run(rest, &pdf); err != nil {
		return err
	}
	if file == "" {
		// The command took exactly one number, or it failed above.
		file = name(strings.TrimSpace(rest[len(rest)-1]))
	}
	if err := os.WriteFile(file, pdf.Bytes(), 0o600); err != nil {
		return err
	}
	_, err := fmt.Fprintf(stdout, "written: %s (%d bytes)\n", file, pdf.Len())
	return err
}
