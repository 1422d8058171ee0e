package backoffice

import (
	"bufio"
	"io"
	"strings"

	"sabershop/internal/inert"
)

// csvWriter writes the CSV the owner opens in a spreadsheet, following
// OWASP's advice on CSV (formula) injection: a cell that begins with =, +,
// -, @, a tab, a CR or an LF gets a leading single quote, so that Excel,
// LibreOffice and Google Sheets read it as text instead of a formula; and
// every cell is wrapped in double quotes (inner ones doubled, RFC 4180), so
// that no separator inside a value (a ";" for a Polish or German Excel,
// which splits on semicolons) can start a new cell that begins with one of
// those characters. Hidden characters are shown as markers (inert.String),
// as in every other owner's view.
type csvWriter struct {
	w   *bufio.Writer
	err error
}

func newCSVWriter(w io.Writer) *csvWriter { return &csvWriter{w: bufio.NewWriter(w)} }

// Write writes one record, ended by CRLF (RFC 4180).
func (c *csvWriter) Write(cells ...string) {
	for i, cell := range cells {
		if i > 0 {
			c.write(",")
		}
		c.write(`"` + strings.ReplaceAll(csvCell(cell), `"`, `""`) + `"`)
	}
	c.write("\r\n")
}

func (c *csvWriter) write(s string) {
	if c.err == nil {
		_, c.err = c.w.WriteString(s)
	}
}

// Flush writes what is buffered and returns the first error.
func (c *csvWriter) Flush() error {
	if c.err != nil {
		return c.err
	}
	return c.w.Flush()
}

// csvCell is one cell's text: inert, and with a leading single quote when
// it begins with a character a spreadsheet takes for a formula.
func csvCell(s string) string {
	if isNumber(s) {
		// "-12.34" (a correction's amount) is a number, never a
		// formula: the accountant's spreadsheet must read it as one.
		return s
	}
	if s != "" && strings.ContainsRune(formulaStarts, rune(s[0])) {
		// Checked before inert.String, which turns a leading tab, CR or
		// LF into a marker: the quote shows the owner it was there.
		return "'" + inert.String(s)
	}
	return inert.String(s)
}

// formulaStarts are the first characters OWASP lists for CSV injection.
const formulaStarts = "=+-@\t\r\n"

// isNumber reports whether s is a decimal number: an optional minus,
// digits, and optionally a dot and more digits.
func isNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, dot := strings.Cut(s, ".")
	digits := func(p string) bool { return p != "" && strings.Trim(p, "0123456789") == "" }
	return digits(whole) && (!dot || digits(frac))
}
