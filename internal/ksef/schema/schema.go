// Package schema holds the Ministry of Finance's official XML schemas for
// KSeF, unchanged from the public repository CIRFMF/ksef-docs
// (faktury/schemy/FA, faktury/upo/schemy): the structured invoice FA(3)
// with its base types, and the UPO v4-3 (the official receipt). Validate
// checks a document against one with xmllint (Debian's libxml2-utils),
// offline: catalog.xml maps the schemas' crd.gov.pl imports to the copies
// here.
package schema

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

//go:embed *.xsd catalog.xml
var files embed.FS

// Schema names one of the official schemas.
type Schema string

const (
	// FA3 is the structured invoice, FA(3) (namespace
	// http://crd.gov.pl/wzor/2025/06/25/13775/).
	FA3 Schema = "schemat_FA(3)_v1-0E.xsd"
	// UPO is the official receipt of an invoice or session, v4-3.
	UPO Schema = "upo-v4-3.xsd"
)

var (
	// ErrNoValidator is returned by Validate when xmllint is not
	// installed: nothing was checked.
	ErrNoValidator = errors.New("schema: xmllint is not installed (Debian: libxml2-utils)")

	// ErrInvalid is returned by Validate when the document does not
	// validate; the error's text carries xmllint's messages.
	ErrInvalid = errors.New("schema: the document does not validate")
)

var (
	dirOnce sync.Once
	dir     string
	dirErr  error
)

// materialise writes the embedded schemas to a private folder once per
// process: xmllint reads schemas from files.
func materialise() (string, error) {
	dirOnce.Do(func() {
		dir, dirErr = os.MkdirTemp("", "ksef-schema-")
		if dirErr != nil {
			return
		}
		entries, _ := files.ReadDir(".")
		for _, e := range entries {
			data, err := files.ReadFile(e.Name())
			if err != nil {
				dirErr = err
				return
			}
			if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
				dirErr = err
				return
			}
		}
	})
	return dir, dirErr
}

// Available reports whether Validate can check documents here.
func Available() bool {
	_, err := exec.LookPath("xmllint")
	return err == nil
}

// Validate checks doc against s, offline. It returns ErrNoValidator when
// xmllint is missing and an error wrapping ErrInvalid, with xmllint's
// messages (line numbers are doc's), when doc does not validate.
func Validate(ctx context.Context, doc []byte, s Schema) error {
	bin, err := exec.LookPath("xmllint")
	if err != nil {
		return ErrNoValidator
	}
	d, err := materialise()
	if err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	cmd := exec.CommandContext(ctx, bin, "--nonet", "--noout", "--schema", filepath.Join(d, string(s)), "-")
	cmd.Env = append(os.Environ(), "XML_CATALOG_FILES="+filepath.Join(d, "catalog.xml"))
	cmd.Stdin = bytes.NewReader(doc)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			msg := strings.TrimSpace(strings.ReplaceAll(out.String(), "- fails to validate", ""))
			return fmt.Errorf("%w: %s", ErrInvalid, msg)
		}
		return fmt.Errorf("schema: xmllint: %w", err)
	}
	return nil
}
