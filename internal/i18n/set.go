package i18n

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Problem is one thing wrong with a translation file: a key that is
// missing, stray, of the wrong shape, or whose parameters or plural forms
// differ from what its locale needs.
type Problem struct {
	File string // "pl.toml", or with the set's folder: "mail/pl.toml"
	Line int    // 0 when unknown (or the key is missing from the file)
	Key  string
	// Missing is set when Key is in the default locale but not in File;
	// a reader with line numbers may point at the key's table instead.
	Missing bool
	Text    string
}

func (p Problem) String() string {
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
	}
	if p.Key != "" {
		s += ": " + p.Key
	}
	return s + ": " + p.Text
}

// Flatten turns decoded TOML into locale's bundle: nested tables become
// dotted keys ("menu.shop"), and a table whose keys are all CLDR plural
// categories, "other" among them, is one plural message, which must have
// every form locale's language needs. line, if not nil, gives a key's
// line in the file. What does not fit is reported, and left out. The
// top-level [format] table (FormatTable) is not strings but the locale's
// way of writing prices and dates, read by ReadFormat; Flatten skips it.
func Flatten(locale string, data map[string]any, line func(key string) int) (Bundle, []Problem) {
	if line == nil {
		line = func(string) int { return 0 }
	}
	out := Bundle{}
	var problems []Problem
	report := func(key, format string, args ...any) {
		problems = append(problems, Problem{File: locale + ".toml", Line: line(key), Key: key, Text: fmt.Sprintf(format, args...)})
	}
	var walk func(prefix string, data map[string]any)
	walk = func(prefix string, data map[string]any) {
		keys := make([]string, 0, len(data))
		for k := range data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			key := k
			if prefix != "" {
				key = prefix + "." + k
			} else if k == FormatTable {
				continue
			}
			switch v := data[k].(type) {
			case string:
				out[key] = Message{Text: v, Line: line(key)}
			case map[string]any:
				if !isPluralTable(v) {
					walk(key, v)
					continue
				}
				forms := make(map[string]string, len(v))
				for cat, s := range v {
					text, ok := s.(string)
					if !ok {
						report(key+"."+cat, "must be text")
					}
					forms[cat] = text
				}
				need := RequiredPluralForms(locale)
				for _, c := range need {
					if _, ok := forms[c]; !ok {
						report(key, "plural form %q missing (%s needs %s)", c, locale, strings.Join(need, ", "))
					}
				}
				out[key] = Message{Plural: forms, Line: line(key)}
			default:
				report(key, "must be text or a table, got %s", describe(v))
			}
		}
	}
	walk("", data)
	return out, problems
}

func isPluralTable(m map[string]any) bool {
	if _, ok := m["other"]; !ok {
		return false
	}
	for k := range m {
		if !slices.Contains(PluralCategories, k) {
			return false
		}
	}
	return true
}

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case []any, []map[string]any:
		return "a list"
	case bool:
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%v", v)
}

// paramPattern is a {name} parameter.
var paramPattern = regexp.MustCompile(`\{[a-z_][a-z0-9_]*\}`)

// Params are the {name} parameters a message uses in any of its forms,
// sorted, each once.
func (m Message) Params() []string {
	texts := []string{m.Text}
	for _, t := range m.Plural {
		texts = append(texts, t)
	}
	var out []string
	for _, t := range texts {
		for _, p := range paramPattern.FindAllString(t, -1) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (m Message) blank() bool {
	if m.Plural == nil {
		return strings.TrimSpace(m.Text) == ""
	}
	for _, t := range m.Plural {
		if strings.TrimSpace(t) != "" {
			return false
		}
	}
	return true
}

// Compare checks locale's bundle b against the default locale's ref: the
// same keys, each a plural message in both or in neither, with no
// parameter the default lacks, and not blank where the default has text. (Plural forms are
// checked by Flatten, which knows the locale.)
func Compare(def string, ref Bundle, locale string, b Bundle) []Problem {
	file, refFile := locale+".toml", def+".toml"
	var problems []Problem
	for _, key := range ref.Keys() {
		r := ref[key]
		m, ok := b[key]
		if !ok {
			has := refFile
			if r.Line > 0 {
				has += fmt.Sprintf(":%d", r.Line)
			}
			problems = append(problems, Problem{File: file, Key: key, Missing: true, Text: "missing translation (" + has + " has it)"})
			continue
		}
		p := Problem{File: file, Line: m.Line, Key: key}
		switch {
		case (m.Plural == nil) != (r.Plural == nil):
			p.Text = "must be a plural message in both " + refFile + " and " + file + ", or in neither"
		case len(unknownParams(m.Params(), r.Params())) > 0:
			p.Text = fmt.Sprintf("uses %s, which %s does not fill in (it has %s)",
				strings.Join(unknownParams(m.Params(), r.Params()), " "), refFile, listParams(r.Params()))
		case m.blank() && !r.blank():
			p.Text = "is empty (" + refFile + " has text)"
		default:
			continue
		}
		problems = append(problems, p)
	}
	for _, key := range b.Keys() {
		if _, ok := ref[key]; !ok {
			problems = append(problems, Problem{File: file, Line: b[key].Line, Key: key, Text: "not in " + refFile + " (a stale or misspelt key)"})
		}
	}
	return problems
}

// unknownParams are the parameters of a translation its default does not
// have: the caller fills in only the default's, so these would show as
// "{name}". A translation may leave one of the default's out (the Polish
// e-mails greet formally, without the name).
func unknownParams(params, ref []string) []string {
	var out []string
	for _, p := range params {
		if !slices.Contains(ref, p) {
			out = append(out, p)
		}
	}
	return out
}

func listParams(p []string) string {
	if len(p) == 0 {
		return "none"
	}
	return strings.Join(p, " ")
}

// Set is one set of strings in every locale it has: the e-mails', the
// API's or the sandbox pages' (the site's UI strings are read by
// internal/content, with line numbers, through the same Flatten and
// Compare). The default locale is the reference of Check and the fallback
// of T.
type Set struct {
	Name     string // "mail", "api", ...: the folder in an override directory
	Default  string
	bundles  map[string]Bundle
	problems []Problem // from reading the files
}

// LoadSet reads every LOCALE.toml at the root of each layer; a later
// layer's file replaces an earlier one's for the same locale. The first
// layer is usually the strings embedded in the binary, a later one an
// override directory (see docs/adding-a-locale.md). A file that is not
// TOML is an error; what is wrong inside one is kept for Check.
func LoadSet(name, def string, layers ...fs.FS) (*Set, error) {
	s := &Set{Name: name, Default: def, bundles: map[string]Bundle{}}
	files := map[string][]byte{}
	for _, layer := range layers {
		if layer == nil {
			continue
		}
		names, err := fs.Glob(layer, "*.toml")
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
		for _, n := range names {
			src, err := fs.ReadFile(layer, n)
			if err != nil {
				return nil, fmt.Errorf("i18n: %s: %w", name, err)
			}
			files[strings.TrimSuffix(n, ".toml")] = src
		}
	}
	for _, loc := range sortedKeys(files) {
		var data map[string]any
		if _, err := toml.Decode(string(files[loc]), &data); err != nil {
			return nil, fmt.Errorf("i18n: %s/%s.toml: %w", name, loc, err)
		}
		b, problems := Flatten(loc, data, nil)
		s.bundles[loc] = b
		s.problems = append(s.problems, s.inFolder(problems)...)
	}
	return s, nil
}

// LoadEmbedded is LoadSet of the files in dir of embedded (a package's
// embedded files) with extra (an override directory; nil: none) over them.
func LoadEmbedded(name, def string, embedded fs.FS, dir string, extra fs.FS) (*Set, error) {
	sub, err := fs.Sub(embedded, dir)
	if err != nil {
		return nil, fmt.Errorf("i18n: %s: %w", name, err)
	}
	return LoadSet(name, def, sub, extra)
}

func (s *Set) inFolder(problems []Problem) []Problem {
	for i := range problems {
		problems[i].File = s.Name + "/" + problems[i].File
	}
	return problems
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Check reports what is wrong for locales (the site's, from its
// configuration): a locale without a file, and every Flatten and Compare
// problem of the files read. Nil means every locale has every string.
func (s *Set) Check(locales []string) []Problem {
	problems := slices.Clone(s.problems)
	ref, ok := s.bundles[s.Default]
	if !ok {
		return append(problems, Problem{File: s.Name + "/" + s.Default + ".toml", Text: "missing: the default locale's strings are the reference"})
	}
	for _, loc := range locales {
		b, ok := s.bundles[loc]
		switch {
		case !ok:
			problems = append(problems, Problem{File: s.Name + "/" + loc + ".toml", Text: "missing: the site has the locale " + loc})
		case loc != s.Default:
			problems = append(problems, s.inFolder(Compare(s.Default, ref, loc, b))...)
		}
	}
	return problems
}

// Has reports whether the set has strings in locale.
func (s *Set) Has(locale string) bool {
	_, ok := s.bundles[locale]
	return ok
}

// Locales are the locales the set has strings in, sorted.
func (s *Set) Locales() []string { return sortedKeys(s.bundles) }

// Bundle is locale's bundle (nil when the set has none).
func (s *Set) Bundle(locale string) Bundle { return s.bundles[locale] }

// Lookup translates key into locale; false when locale has no such key
// (the caller decides what a gap shows).
func (s *Set) Lookup(locale, key string, params map[string]any) (string, bool) {
	return s.bundles[locale].Lookup(locale, key, params)
}

// T translates key into locale, falling back to the default locale and
// then to the key itself, so a gap shows instead of an empty message.
func (s *Set) T(locale, key string, params map[string]any) string {
	if text, ok := s.Lookup(locale, key, params); ok {
		return text
	}
	if text, ok := s.Lookup(s.Default, key, params); ok {
		return text
	}
	return key
}
