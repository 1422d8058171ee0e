package devserver

import (
	"fmt"
	"strings"
	"time"

	"sabershop/internal/site"
)

// Summary is the short report printed after each build.
func Summary(r *site.Report) string {
	var b strings.Builder
	var parts []string
	total := 0
	for _, l := range r.Locales {
		parts = append(parts, fmt.Sprintf("%s %d", l, r.Pages[l]))
		total += r.Pages[l]
	}
	size := humanBytes(r.Written) + " written"
	if r.Bytes > 0 {
		size = humanBytes(r.Bytes) + ", " + size
	}
	if r.Linked > 0 {
		size += fmt.Sprintf(", %d unchanged files kept", r.Linked)
	}
	fmt.Fprintf(&b, "built %d pages (%s), %d files (%s) in %s\n", total, strings.Join(parts, ", "), r.Files, size, r.Duration.Round(time.Millisecond))
	var stages []string
	for _, s := range r.Stages {
		stages = append(stages, fmt.Sprintf("%s %s", s.Name, s.Duration.Round(100*time.Microsecond)))
	}
	var subs []string
	for _, s := range r.Substages {
		subs = append(subs, fmt.Sprintf("%s %s", s.Name, s.Duration.Round(100*time.Microsecond)))
	}
	fmt.Fprintf(&b, "  stages: %s (%s); rendered %d, reused %d\n", strings.Join(stages, ", "), strings.Join(subs, ", "), r.Rendered, total-r.Rendered)
	fmt.Fprintf(&b, "  catalog %s, creator combinations %d\n", r.Catalog, r.Combinations)
	if r.Photos > 0 {
		fmt.Fprintf(&b, "  images: %d photo(s), %d made, %d from the cache\n", r.Photos, len(r.Images), r.Photos-len(r.Images))
		for _, im := range r.Images {
			fmt.Fprintf(&b, "    %s %dx%d in %s\n", im.Photo, im.Width, im.Height, im.Duration.Round(time.Millisecond))
		}
	}
	if len(r.Fallbacks) > 0 {
		fmt.Fprintf(&b, "  %d page(s) fall back to English text:\n", len(r.Fallbacks))
		for _, f := range r.Fallbacks {
			fmt.Fprintf(&b, "    %s\n", f)
		}
	}
	if len(r.Unreviewed) > 0 {
		fmt.Fprintf(&b, "  safety texts not yet checked by a native speaker (reviewed: false, docs/legal.md#product-safety): %s\n", strings.Join(r.Unreviewed, ", "))
	}
	return b.String()
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
