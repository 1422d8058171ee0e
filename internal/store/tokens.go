package store

import (
	"slices"
	"strings"
	"unicode"

	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"sabershop/internal/order"
)

// The search tokens of an order (orders_by_token) are the words of the
// customer's first and last name and the whole e-mail address, each
// folded: lower case, accents removed, so "Łukasz Żółć" is found by
// "lukasz zolc" and "ŁUK". A search word matches a token it is a prefix of
// (docs/order-list.md says why prefix and not substring).

// foldLetters are letters that carry no combining mark to remove: Unicode
// does not decompose them, but a person typing without them writes these.
var foldLetters = strings.NewReplacer(
	"ł", "l", "ø", "o", "đ", "d", "ð", "d", "ħ", "h", "ı", "i", "ŀ", "l", "ŧ", "t",
	"ß", "ss", "æ", "ae", "œ", "oe", "þ", "th",
)

// fold is s in lower case without accents: each letter's canonical
// decomposition without its combining marks. It runs inside the write
// transaction of every order, so it avoids x/text's transformer (which
// allocates its buffers per call) and decomposes only non-ASCII letters.
func fold(s string) string {
	s = strings.ToLower(s)
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		for _, d := range norm.NFD.String(string(r)) {
			if !unicode.Is(unicode.Mn, d) {
				b.WriteRune(d)
			}
		}
	}
	return foldLetters.Replace(b.String())
}

// words splits folded text at everything that is not a letter or a digit
// ("Nowak-Kowalska" is two words, "O'Brien" is "o" and "brien").
func words(folded string) []string {
	return strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// orderTokens are o's search tokens, without repeats.
func orderTokens(o *order.Order) []string {
	toks := words(fold(o.Customer.FirstName + " " + o.Customer.LastName))
	if e := fold(stripNUL(normEmail(o.Customer.Email))); e != "" {
		toks = append(toks, e)
	}
	slices.Sort(toks)
	return slices.Compact(toks)
}

// queryWords are the words of a search: a word with "@" is an e-mail
// address (or its start) and stays whole, as it is indexed; any other is
// split as names are.
func queryWords(query string) []string {
	var out []string
	for _, w := range strings.Fields(fold(stripNUL(query))) {
		if strings.Contains(w, "@") {
			out = append(out, w)
			continue
		}
		out = append(out, words(w)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
