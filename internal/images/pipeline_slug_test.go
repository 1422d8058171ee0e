package images

import (
	"regexp"
	"strings"
	"testing"
)

// TestSlugIsTheRegexpItReplaced: the loop gives the names the regexp gave
// (photo URLs in built pages must not change).
func TestSlugIsTheRegexpItReplaced(t *testing.T) {
	nonSlug := regexp.MustCompile(`[^a-z0-9]+`)
	for _, stem := range []string{"front", "1-studio", "Front View_2", "--a--b--", "IMG 1234", "Łódź zdjęcie", "ÄÖ", "", "a", "x..y"} {
		want := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(stem), "-"), "-")
		if got := slug(stem); got != want {
			t.Errorf("slug(%q) = %q, want %q", stem, got, want)
		}
	}
}
