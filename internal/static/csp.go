package static

import (
	"slices"
	"strings"
)

// tagManagerOrigins are what Google Tag Manager with Google Analytics 4
// loads and talks to, per Google's CSP guide for the tag manager.
var tagManagerOrigins = map[string][]string{
	"script-src":  {"https://www.googletagmanager.com"},
	"img-src":     {"https://www.googletagmanager.com", "https://*.google-analytics.com"},
	"connect-src": {"https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"},
}

// buildCSP composes the policy: same-origin everything, the inline blocks
// the pages contain by hash, and what the site's facts and the options add.
func buildCSP(facts siteFacts, opts *Options) string {
	dirs := []struct {
		name    string
		sources []string
	}{
		{"default-src", []string{"'self'"}},
		{"script-src", append([]string{"'self'"}, sortedKeys(facts.scriptHashes)...)},
		{"style-src", append([]string{"'self'"}, sortedKeys(facts.styleHashes)...)},
		{"img-src", append([]string{"'self'", "data:"}, sortedKeys(facts.imgOrigins)...)},
		{"font-src", []string{"'self'"}},
		{"connect-src", []string{"'self'"}},
		{"manifest-src", []string{"'self'"}},
		{"worker-src", []string{"'self'"}},
		{"object-src", []string{"'none'"}},
		{"base-uri", []string{"'self'"}},
		{"form-action", []string{"'self'"}},
		{"frame-ancestors", []string{"'none'"}},
	}
	add := func(name string, sources []string) {
		for i := range dirs {
			if dirs[i].name == name {
				if slices.Equal(dirs[i].sources, []string{"'none'"}) {
					dirs[i].sources = nil
				}
				for _, s := range sources {
					if !slices.Contains(dirs[i].sources, s) {
						dirs[i].sources = append(dirs[i].sources, s)
					}
				}
				return
			}
		}
		dirs = append(dirs, struct {
			name    string
			sources []string
		}{name, slices.Clone(sources)})
	}
	if facts.tagManager {
		for _, name := range []string{"script-src", "img-src", "connect-src"} {
			add(name, tagManagerOrigins[name])
		}
	}
	names := make([]string, 0, len(opts.ExtraCSP))
	for name := range opts.ExtraCSP {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		add(strings.ToLower(strings.TrimSpace(name)), opts.ExtraCSP[name])
	}
	if opts.HSTS {
		add("upgrade-insecure-requests", nil)
	}
	var b strings.Builder
	for i, d := range dirs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(d.name)
		for _, s := range d.sources {
			b.WriteByte(' ')
			b.WriteString(s)
		}
	}
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
