package static

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// redirectsFile is the build's list of permanent redirects (the pages'
// aliases: a renamed page's old URLs), {"redirects": {"/old": "/new"}}.
// internal/site writes it (site.RedirectsFile); it is read with every
// snapshot, so a reload after a build serves the new list, and it is not
// served itself.
const redirectsFile = "_redirects.json"

// loadRedirects reads the redirects of the build in root. A build from
// before aliases has no file: no redirects. A file that does not parse is
// an error, so that a reload keeps the previous snapshot rather than
// losing every redirect.
func loadRedirects(root *os.Root) (map[string]string, error) {
	b, err := root.ReadFile(redirectsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("static: %s: %w", redirectsFile, err)
	}
	var f struct {
		Redirects map[string]string `json:"redirects"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("static: %s: %w", redirectsFile, err)
	}
	for from, to := range f.Redirects {
		if !strings.HasPrefix(from, "/") || !strings.HasPrefix(to, "/") || strings.HasPrefix(to, "//") {
			return nil, fmt.Errorf("static: %s: %q -> %q is not a redirect between paths of this site", redirectsFile, from, to)
		}
	}
	return f.Redirects, nil
}

// redirectOf is where an old path (an alias) now is, with or without its
// trailing slash.
func (s *snapshot) redirectOf(p string) string {
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return s.redirects[p]
}
