package order

import (
	"strconv"
	"testing"
)

func TestParseID(t *testing.T) {
	for _, c := range []struct {
		in string
		id uint64
		ok bool
	}{
		{"1", 1, true},
		{"12", 12, true},
		{"18446744073709551615", 1<<64 - 1, true},
		{"18446744073709551616", 0, false}, // one past uint64
		{"99999999999999999999", 0, false},
		{"", 0, false},
		{"0", 0, false},
		{"01", 0, false},
		{"1abc", 0, false},
		{"0x1", 0, false},
		{"0x10", 0, false},
		{"1.9", 0, false},
		{" 1", 0, false},
		{"1 ", 0, false},
		{"+1", 0, false},
		{"-1", 0, false},
		{"#1", 0, false},
		{"1e3", 0, false},
		{"١", 0, false}, // an Arabic-Indic one
		{"Zq3vK9yT2mN8pL4xR7wB1cD6", 0, false},
	} {
		id, ok := ParseID(c.in)
		if id != c.id || ok != c.ok {
			t.Errorf("ParseID(%q) = %d, %v; want %d, %v", c.in, id, ok, c.id, c.ok)
		}
	}
}

// Whatever ParseID takes, strconv reads as the same number and writes
// back as the same text, and it takes every such text: one spelling per
// order.
func FuzzParseID(f *testing.F) {
	for _, s := range []string{"1", "0x10", "1.9", " 1", "18446744073709551615", "01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := ParseID(s)
		if n, err := strconv.ParseUint(s, 10, 64); err == nil && n > 0 && strconv.FormatUint(n, 10) == s && (!ok || id != n) {
			t.Fatalf("ParseID(%q) = %d, %v; strconv reads %d", s, id, ok, n)
		}
		if !ok {
			return
		}
		if strconv.FormatUint(id, 10) != s {
			t.Fatalf("ParseID(%q) = %d", s, id)
		}
	})
}
