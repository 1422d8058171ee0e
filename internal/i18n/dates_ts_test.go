package i18n

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/testutil"
)

// TestDateFormatMatchesBrowser runs components/dates.ts in node, in
// several time zones, over instants across every month, both ends of the
// day and the changes to and from summer time, and compares it with
// FormatDate and FormatDateTime of the same instant in the same zone: the
// blog and the e-mails (Go) and the status page (browser) write dates the
// same way.
func TestDateFormatMatchesBrowser(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed (the build needs it too)")
	}
	var instants []int64 // Unix milliseconds
	for y := 2025; y <= 2027; y++ {
		for m := time.January; m <= time.December; m++ {
			for _, d := range []int{1, 9, 10, 28, 31} {
				for _, hm := range [][2]int{{0, 0}, {0, 59}, {9, 5}, {12, 30}, {23, 59}} {
					instants = append(instants, time.Date(y, m, d, hm[0], hm[1], 7, 0, time.UTC).UnixMilli())
				}
			}
		}
	}
	// Around the European summer-time changes of 2026 (29 March, 25 October).
	for _, at := range []string{"2026-03-29T00:59:00Z", "2026-03-29T01:00:00Z", "2026-10-25T00:59:00Z", "2026-10-25T01:00:00Z"} {
		tm, _ := time.Parse(time.RFC3339, at)
		instants = append(instants, tm.UnixMilli())
	}
	formats := siteFormats(t)
	input, _ := json.Marshal(instants)
	root, _ := filepath.Abs("../..")
	src := `import { formatDate, formatDateTime, formatInstant } from "./components/dates";
` + formatsScript(t, formats) + `const instants = ` + string(input) + `;
const out = [];
for (const locale of ["en", "pl", "de", "fr"]) for (const ms of instants) {
  const d = new Date(ms);
  out.push([formatDate(locale, d), formatDateTime(locale, d), formatInstant(locale, d.toISOString())]);
}
out.push([formatInstant("en", "not a date")]);
let unknown = "";
try { formatDate("xx", new Date()); } catch (e) { unknown = String(e); }
out.push([unknown]);
console.log(JSON.stringify(out));`
	for _, zone := range []string{"Europe/Warsaw", "UTC", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"} {
		t.Run(zone, func(t *testing.T) {
			loc, err := time.LoadLocation(zone)
			if err != nil {
				t.Fatal(err)
			}
			t.Setenv("TZ", zone) // node's local time zone
			var got [][]string
			out := testutil.RunTS(t, root, "dates-check.ts", src)
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			i := 0
			for _, locale := range []string{"en", "pl", "de", "fr"} {
				f := formats[locale]
				for _, ms := range instants {
					tm := time.UnixMilli(ms).In(loc)
					want := []string{f.FormatDate(tm), f.FormatDateTime(tm), f.FormatDateTime(tm)}
					if fmt.Sprint(got[i]) != fmt.Sprint(want) {
						t.Errorf("%s %s: browser %q, server %q", locale, tm.Format(time.RFC3339), got[i], want)
					}
					i++
				}
			}
			if last := got[len(got)-2]; last[0] != "" {
				t.Errorf("formatInstant of no date = %q, want empty", last[0])
			}
			if last := got[len(got)-1]; !strings.Contains(last[0], "no format for locale xx") {
				t.Errorf("a locale without a format: %q, want an error", last[0])
			}
		})
	}
}

// TestFormatDateTime: the styles chosen for each locale (docs/decisions/languages.md#one-date-style-per-locale).
func TestFormatDateTime(t *testing.T) {
	formats := siteFormats(t)
	d := time.Date(2026, 11, 24, 15, 2, 59, 0, time.UTC)
	early := time.Date(2026, 7, 9, 3, 5, 0, 0, time.UTC)
	for loc, want := range map[string][2]string{
		"en": {"24 November 2026, 15:02", "9 July 2026, 03:05"},
		"pl": {"24 listopada 2026, 15:02", "9 lipca 2026, 03:05"},
		"de": {"24. November 2026, 15:02", "9. Juli 2026, 03:05"},
		"fr": {"24/11/2026 à 15h02", "09/07/2026 à 03h05"},
	} {
		if got := formats[loc].FormatDateTime(d); got != want[0] {
			t.Errorf("%s: %q, want %q", loc, got, want[0])
		}
		if got := formats[loc].FormatDateTime(early); got != want[1] {
			t.Errorf("%s: %q, want %q", loc, got, want[1])
		}
	}
	// The workshop's zone: 23:30 UTC on 24 November is already the 25th
	// in Kraków (CET, UTC+1); in July (CEST) UTC+2.
	if got := formats["en"].FormatDateTime(time.Date(2026, 11, 24, 23, 30, 0, 0, time.UTC).In(Workshop)); got != "25 November 2026, 00:30" {
		t.Errorf("workshop winter: %q", got)
	}
	if got := formats["en"].FormatDateTime(time.Date(2026, 7, 9, 12, 0, 0, 0, time.UTC).In(Workshop)); got != "9 July 2026, 14:00" {
		t.Errorf("workshop summer: %q", got)
	}
}
