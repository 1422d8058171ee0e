package content

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"
	"time"
)

// Errors of NewDocument.
var (
	// ErrUnknownKind is returned when the kind is not post, product, faq
	// or page.
	ErrUnknownKind = errors.New("unknown kind")
	// ErrBadName is returned when the name is not a slug.
	ErrBadName = errors.New("bad name")
	// ErrExists is returned when one of the files to write already exists;
	// nothing is written then.
	ErrExists = errors.New("file exists")
)

// kindsByName are the kinds `build new` makes, by the word the editor types.
var kindsByName = map[string]DocKind{"post": KindPost, "product": KindProduct, "faq": KindFAQ, "page": KindPage}

// archetypeData is what an archetype (content/archetypes/KIND.md, a Go
// text/template) is filled with, once per locale.
type archetypeData struct {
	Title string // from the name: "blade-care" -> "Blade care"
	Slug  string // the name
	Date  string // today, YYYY-MM-DD
	// PriceFrom is yesterday: a price line from today would not be in
	// force yet where the build's UTC day is still yesterday.
	PriceFrom  string
	Locale     string   // the locale the file is for
	Default    bool     // the default locale's file (a product's facts go there only)
	Currencies []string // the configured currencies (a product's price line)
	// Model is a product's model identifier to start from (GPSR art.
	// 19(c)): "SF-BLADE-CARE-26" for blade-care made in 2026.
	Model string
}

// NewDocument writes a new document of kind ("post", "product", "faq",
// "page") named name in every locale of the content directory, from
// content/archetypes/KIND.md, dated today and marked draft: true. It writes
// nothing when any file exists already, and returns the files it wrote.
func NewDocument(dir, kind, name string, today time.Time) ([]string, error) {
	k, ok := kindsByName[kind]
	if !ok {
		return nil, fmt.Errorf("%w %q: write post, product, faq or page", ErrUnknownKind, kind)
	}
	if !slugPattern.MatchString(name) {
		return nil, fmt.Errorf("%w %q: a name is lower-case letters, digits and dashes, like blade-care", ErrBadName, name)
	}
	src, err := os.ReadFile(filepath.Join(dir, "archetypes", kind+".md"))
	if err != nil {
		return nil, fmt.Errorf("archetype: %w", err)
	}
	tmpl, err := template.New(kind + ".md").Option("missingkey=error").Parse(string(src))
	if err != nil {
		return nil, fmt.Errorf("archetype: %w", err)
	}
	cfg, err := loadConfigOnly(dir)
	if err != nil {
		return nil, err
	}
	type planned struct {
		path string
		body []byte
	}
	var files []planned
	for i, loc := range cfg.Locales {
		p := filepath.Join(dir, loc.Code, string(k), name+".md")
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s (choose another name, or edit that file)", ErrExists, filepath.ToSlash(p))
		}
		var buf bytes.Buffer
		data := archetypeData{Title: titleOf(name), Slug: name, Date: today.Format(time.DateOnly), PriceFrom: today.AddDate(0, 0, -1).Format(time.DateOnly),
			Locale: loc.Code, Default: i == 0, Currencies: cfg.Currencies(), Model: "SF-" + strings.ToUpper(name) + today.Format("-06")}
		if err := tmpl.Execute(&buf, data); err != nil {
			return nil, fmt.Errorf("archetype: %w", err)
		}
		files = append(files, planned{p, buf.Bytes()})
	}
	var written []string
	for _, f := range files {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			return written, err
		}
		// O_EXCL: a file made since the check above is not overwritten.
		fh, err := os.OpenFile(f.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return written, err
		}
		_, err = fh.Write(f.body)
		if cerr := fh.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return written, err
		}
		written = append(written, filepath.ToSlash(f.path))
	}
	return written, nil
}

// titleOf makes a first title out of a slug: "blade-care" -> "Blade care".
func titleOf(slug string) string {
	s := strings.ReplaceAll(slug, "-", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// loadConfigOnly reads config.toml (the locales and currencies).
func loadConfigOnly(dir string) (Config, error) {
	l := &loader{dir: dir, display: displayRoot(dir)}
	cfg, ok := l.loadConfig()
	if !ok {
		return Config{}, l.diags.Err()
	}
	return cfg, nil
}
