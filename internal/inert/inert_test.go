package inert

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// hostile is one character of every class the package hides.
var hostile = []struct {
	class string
	r     rune
}{
	{"NUL", 0x00}, {"BEL", 0x07}, {"BS", 0x08}, {"TAB", 0x09}, {"LF", 0x0A}, {"CR", 0x0D}, {"ESC", 0x1B}, {"DEL", 0x7F},
	{"C1 NEL", 0x85}, {"C1 CSI", 0x9B},
	{"LRE", 0x202A}, {"RLE", 0x202B}, {"PDF", 0x202C}, {"LRO", 0x202D}, {"RLO", 0x202E},
	{"LRI", 0x2066}, {"RLI", 0x2067}, {"FSI", 0x2068}, {"PDI", 0x2069},
	{"LRM", 0x200E}, {"RLM", 0x200F}, {"ALM", 0x061C},
	{"ZWSP", 0x200B}, {"ZWNJ", 0x200C}, {"ZWJ", 0x200D}, {"WJ", 0x2060}, {"BOM", 0xFEFF}, {"soft hyphen", 0xAD},
	{"Mongolian vowel separator", 0x180E}, {"invisible times", 0x2062},
	{"line separator", 0x2028}, {"paragraph separator", 0x2029},
	{"tag A", 0xE0041}, {"Hangul filler", 0x3164}, {"combining grapheme joiner", 0x034F},
}

func TestHiddenInNames(t *testing.T) {
	for _, h := range hostile {
		s := "Anna" + string(h.r) + "Nowak"
		if Visible(s) {
			t.Errorf("%s (%U) in a Latin name: Visible = true", h.class, h.r)
		}
		got := String(s)
		if want := "Anna" + Marker(h.r) + "Nowak"; got != want {
			t.Errorf("String(%q) = %q, want %q", s, got, want)
		}
		assertInert(t, got)
	}
}

func TestRealNamesStay(t *testing.T) {
	for _, s := range []string{
		"Zażółć Gęślą Jaźń", "Straße 5", "Jürgen Müßig", "Łódź", "Анна Каренина", "Σωκράτης",
		"山田 太郎", "김민준", "محمد عبد الله", "שרה כהן", "Ngô Bảo Châu", "O'Brien-Smith", "अनुच्छेद",
		"🙂 Anna", "👨‍👩‍👧", "🏳️‍🌈", "👩🏽‍💻", "❤️‍🔥", "Zoë #3, m. 12/4",
		"علی\u200Cزاده", // Persian: ZWNJ between Arabic letters
		"ക്\u200D",      // Malayalam chillu: ZWJ after a virama
		"葛\U000E0100",   // an ideographic variation sequence
	} {
		if !Visible(s) {
			t.Errorf("Visible(%q) = false, want true", s)
		}
		if got := String(s); got != s {
			t.Errorf("String(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestJoinersOutOfPlace(t *testing.T) {
	for _, s := range []string{
		"An\u200Dna",     // ZWJ between Latin letters
		"An\u200Cna",     // ZWNJ between Latin letters
		"\u200D🙂",        // ZWJ at the start
		"🙂\u200D",        // ZWJ at the end
		"🙂\u200DA",       // ZWJ into a letter
		"علی\u200C",      // ZWNJ at the end
		"a\u200D\u200Db", // two in a row
	} {
		if Visible(s) {
			t.Errorf("Visible(%q) = true, want false", s)
		}
		assertInert(t, String(s))
	}
}

func TestInvalidUTF8(t *testing.T) {
	s := "D\xffuga\xc3"
	if Visible(s) {
		t.Error("invalid UTF-8 is Visible")
	}
	if got, want := String(s), "D<0xFF>uga<0xC3>"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

func TestTextKeepsLines(t *testing.T) {
	in := "Hello,\r\n\tline two\x1b[31m red\x07\u202Egnp.exe\nend"
	want := "Hello,\n\tline two<U+001B>[31m red<U+0007><U+202E>gnp.exe\nend"
	if got := Text(in); got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
	if got := String("a\nb\tc"); got != "a<U+000A>b<U+0009>c" {
		t.Errorf("String keeps a line break: %q", got)
	}
}

func TestMessage(t *testing.T) {
	in := "Dzień dobry,\r\nczy\u2028Talon\tjest?\x1b[2J\x07\x7f\u009b\u202E\u200B\uFEFF 👨‍👩‍👧\rKoniec\xff"
	want := "Dzień dobry,\nczy\nTalon\tjest?[2J 👨‍👩‍👧\nKoniec\uFFFD"
	if got := Message(in); got != want {
		t.Errorf("Message = %q, want %q", got, want)
	}
	// What Message keeps, Text prints unchanged.
	if got := Text(want); got != want {
		t.Errorf("Text(Message(x)) = %q, want it unchanged", got)
	}
}

func TestMarker(t *testing.T) {
	for r, want := range map[rune]string{0x1B: "<U+001B>", 0x202E: "<U+202E>", 0xE0041: "<U+E0041>"} {
		if got := Marker(r); got != want {
			t.Errorf("Marker(%U) = %q, want %q", r, got, want)
		}
	}
}

// Every control, format and separator character of Unicode, alone and
// between letters, comes out of String without one raw.
func TestStringOverEveryHiddenRune(t *testing.T) {
	var b strings.Builder
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Other_Default_Ignorable_Code_Point) {
			b.WriteString("x" + string(r))
		}
	}
	assertInert(t, String(b.String()))
	assertInert(t, Text(b.String()))
}

// assertInert fails when s holds a character a terminal or a page would
// act on (Text may keep LF and TAB).
func assertInert(t *testing.T, s string) {
	t.Helper()
	for i, r := range s {
		if r == '\n' || r == '\t' {
			continue
		}
		if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) && r != 0x200D && r != 0x200C {
			t.Errorf("raw %U at byte %d of %s", r, i, fmt.Sprintf("%q", s))
		}
	}
}
