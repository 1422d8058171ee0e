package content

import (
	"os"
	"strings"
	"testing"

	"sabershop/internal/catalog"
)

// withRetention is a content folder whose config.toml is the real one
// with [retention] replaced by table ("" removes it).
func withRetention(t *testing.T, table string) string {
	dir := t.TempDir()
	b, err := os.ReadFile("../../content/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	start := strings.Index(src, "[retention]")
	if start < 0 {
		t.Fatal("config.toml: no [retention]")
	}
	end := start + strings.Index(src[start:], "\n\n")
	if end < start {
		end = len(src)
	}
	write(t, dir, "config.toml", src[:start]+table+"\n"+src[end:])
	return dir
}

// [retention]: missing, it is the defaults; the orders' period is refused
// below the tax law's five years; unknown keys are refused.
func TestRetentionSettings(t *testing.T) {
	c, err := loadConfig(withRetention(t, ""))
	if err != nil || c.Retention != (catalog.Retention{}).OrDefaults() {
		t.Errorf("no [retention]: %+v %v, want the defaults", c.Retention, err)
	}
	c, err = loadConfig(withRetention(t, "[retention]\norders_years = 10\nmessages_months = 6\nunconfirmed_days = 7"))
	if err != nil || c.Retention != (catalog.Retention{OrdersYears: 10, MessagesMonths: 6, UnconfirmedDays: 7}) {
		t.Errorf("set: %+v %v", c.Retention, err)
	}
	_, err = loadConfig(withRetention(t, "[retention]\norders_years = 3\nmesages_months = 6"))
	if err == nil || !strings.Contains(err.Error(), "retention.orders_years: must be between 5 and 20, got 3") ||
		!strings.Contains(err.Error(), "mesages_months") {
		t.Errorf("too short and a typo: %v", err)
	}
}
