package content

import (
	"strconv"
	"strings"
)

// readAliases reads aliases: the old URL paths of a page, written without
// the locale prefix like a Markdown link ("/shop/old-name"). The build
// redirects each, in the page's locale, to the page's current URL; conflicts
// between pages are found there, where every URL is known.
func (l *loader) readAliases(cfg Config, f *fields) ([]string, []int) {
	var paths []string
	var lines []int
	seen := map[string]bool{}
	for i, a := range f.Strings("aliases") {
		field := "aliases." + strconv.Itoa(i)
		p := strings.TrimSpace(a)
		if len(p) > 1 {
			p = strings.TrimRight(p, "/")
		}
		switch {
		case !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//"):
			f.errorf(field, "%q must be a path on this site starting with /, like /shop/old-name", a)
			continue
		case p == "/" || strings.ContainsAny(p, "?# \t\\") || strings.Contains(p, "/../") || strings.HasSuffix(p, "/.."):
			f.errorf(field, "%q is not a page path that can be redirected", a)
			continue
		case localeOf(cfg, p) != "":
			f.errorf(field, "%q: write the path without the /%s prefix; the build adds each language's prefix", a, localeOf(cfg, p))
			continue
		case seen[p]:
			f.errorf(field, "%q is listed twice", a)
			continue
		}
		seen[p] = true
		paths = append(paths, p)
		lines = append(lines, f.line(field))
	}
	return paths, lines
}

// localeOf is the non-default locale whose prefix starts p, or "".
func localeOf(cfg Config, p string) string {
	for _, loc := range cfg.Locales[1:] {
		if p == "/"+loc.Code || strings.HasPrefix(p, "/"+loc.Code+"/") {
			return loc.Code
		}
	}
	return ""
}

// oldSlugs are the product slugs that the /shop/SLUG aliases name.
func oldSlugs(aliases []string) []string {
	var out []string
	for _, a := range aliases {
		if s, ok := strings.CutPrefix(a, "/shop/"); ok && slugPattern.MatchString(s) {
			out = append(out, s)
		}
	}
	return out
}
