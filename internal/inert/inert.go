// Package inert keeps text typed by strangers (shoppers, senders of the
// contact form) from acting on whoever reads it: a terminal that would run
// an escape sequence, a page or a mail client that would reorder a line
// because of a bidirectional override, an eye that cannot see a zero-width
// space.
//
// One rule decides what is hidden (Hidden), and the rest of the shop uses
// it three ways: forms refuse such text (Visible), the contact message is
// cleaned of it (Message), and every owner's view prints what is stored with
// each hidden character as a visible marker such as <U+202E> (String for a
// one-line field, Text for a message), so orders stored before the rule
// still print harmless.
package inert

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden reports whether r, standing between prev and next (None at either
// end of the text), is a character that shows as nothing or
// changes how the text around it shows:
//
//   - control characters (Cc: C0, DEL, C1; ESC, BEL, CR, LF and TAB too),
//   - format characters (Cf): bidirectional embeddings, overrides, isolates
//     and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C),
//     zero-width space, joiners and word joiner (U+200B–U+200D, U+2060), the
//     byte order mark U+FEFF, the soft hyphen, tag characters, ...
//   - the line and paragraph separators U+2028 and U+2029,
//   - the other default-ignorable code points, which fonts draw as nothing
//     (Hangul fillers, the combining grapheme joiner, ...).
//
// Two format characters are part of real writing and pass in their place:
// the zero-width joiner inside an emoji sequence (👨‍👩‍👧, 🏳️‍🌈) or after a
// letter or sign of a script whose shaping uses it (a Malayalam chillu, a
// Sinhala conjunct), and the zero-width non-joiner between two letters of
// such a script (Persian "علی\u200Cزاده"). Variation selectors
// (emoji presentation, CJK ideograph variants) are not hidden: they only
// choose a glyph for the character before them.
func Hidden(prev, r, next rune) bool {
	switch {
	case r == zwj && (emojiSequence(prev, next) || joiningScript(prev)):
		return false
	case r == zwnj && joiningScript(prev) && joiningScript(next):
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Other_Default_Ignorable_Code_Point)
}

// None stands for the missing neighbour at either end of a text.
const None rune = -1

const (
	zwnj = '\u200C' // zero-width non-joiner
	zwj  = '\u200D' // zero-width joiner
)

// emojiSequence: a ZWJ between a pictograph (a symbol, or its emoji
// presentation selector or skin tone modifier) and the next pictograph.
func emojiSequence(prev, next rune) bool {
	pictograph := func(r rune) bool { return r != None && r != utf8.RuneError && unicode.Is(unicode.So, r) }
	before := pictograph(prev) || prev == '\uFE0F' || (prev >= 0x1F3FB && prev <= 0x1F3FF)
	return before && pictograph(next)
}

// joinerScripts are the scripts whose correct spelling needs ZWJ or ZWNJ
// between letters (Persian "علی\u200Cزاده", Malayalam chillus, Sinhala conjuncts).
var joinerScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya,
	unicode.Tamil, unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala,
}

// joiningScript: a letter or mark of one of joinerScripts.
func joiningScript(r rune) bool {
	return r != None && (unicode.IsLetter(r) || unicode.IsMark(r)) && unicode.In(r, joinerScripts...)
}

// Visible reports whether s is valid UTF-8 without a hidden character: the
// rule of every form field a stranger fills in (names, addresses, e-mail,
// phone).
func Visible(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	ok := true
	each(s, func(prev, r, next rune, _ string) bool {
		if Hidden(prev, r, next) {
			ok = false
		}
		return ok
	})
	return ok
}

// String makes a one-line field inert: every hidden character, line breaks
// and tabs included, becomes a marker like <U+202E>, and every byte that is
// not UTF-8 one like <0xFF>. Everything else is kept as it is.
func String(s string) string { return mark(s, false) }

// Text is String for multi-line text (a contact message): line feeds and
// tabs stay, to keep the message's shape; a CR of a CRLF goes.
func Text(s string) string {
	return mark(strings.ReplaceAll(s, "\r\n", "\n"), true)
}

func mark(s string, multiline bool) string {
	if Visible(s) {
		return s // the common case: nothing to do, nothing allocated
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	each(s, func(prev, r, next rune, raw string) bool {
		switch {
		case r == utf8.RuneError && len(raw) == 1:
			b.WriteString("<0x" + strings.ToUpper(strconv.FormatUint(uint64(raw[0]), 16)) + ">")
		case multiline && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case Hidden(prev, r, next):
			b.WriteString(Marker(r))
		default:
			b.WriteString(raw)
		}
		return true
	})
	return b.String()
}

// Marker is how String shows a hidden character: <U+202E>.
func Marker(r rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	if len(h) < 4 {
		h = strings.Repeat("0", 4-len(h)) + h
	}
	return "<U+" + h + ">"
}

// Message cleans a free-text message before it is kept and forwarded: line
// breaks (CRLF, CR, U+2028, U+2029) become LF, tabs stay, every other
// hidden character is dropped and invalid UTF-8 becomes U+FFFD. A message is
// pasted from anywhere; refusing it for a character its writer cannot see
// would only lose the message.
func Message(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n").Replace(s)
	var b strings.Builder
	b.Grow(len(s))
	each(s, func(prev, r, next rune, raw string) bool {
		if r == '\n' || r == '\t' || !Hidden(prev, r, next) {
			b.WriteString(raw)
		}
		return true
	})
	return b.String()
}

// each calls f for every rune of s with its neighbours (None at the ends
// and for an invalid byte) and its bytes; an invalid byte comes as
// utf8.RuneError with a one-byte raw. It stops when f returns false.
func each(s string, f func(prev, r, next rune, raw string) bool) {
	decode := func(s string) (rune, int) {
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && size == 1 {
			return None, 1
		}
		return r, size
	}
	prev := None
	for i := 0; i < len(s); {
		r, size := decode(s[i:])
		next := None
		if i+size < len(s) {
			next, _ = decode(s[i+size:])
		}
		raw := s[i : i+size]
		if r == None {
			r = utf8.RuneError
		}
		if !f(prev, r, next, raw) {
			return
		}
		prev = r
		if len(raw) == 1 && r == utf8.RuneError {
			prev = None
		}
		i += size
	}
}
