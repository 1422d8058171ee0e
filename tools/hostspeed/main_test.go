package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestRunPrintsOneRatePerSample(t *testing.T) {
	var out bytes.Buffer
	if err := run(&out, 3, time.Millisecond, 2); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3:\n%s", len(lines), out.String())
	}
	line := regexp.MustCompile(`^\d\d:\d\d:\d\d (\d+) MB/s \d+\.\d{3} s$`)
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q does not read 'HH:MM:SS N MB/s S s'", l)
		}
		if rate, _ := strconv.Atoi(m[1]); rate <= 0 {
			t.Errorf("line %q: rate %d, want > 0", l, rate)
		}
	}
}

func TestRunRefusesNoSamples(t *testing.T) {
	if err := run(&bytes.Buffer{}, 0, time.Second, 1); err == nil {
		t.Error("-n 0 accepted")
	}
}
