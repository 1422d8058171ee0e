package content

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// fields reads typed values out of a decoded TOML/YAML table and reports
// every problem with its line. It remembers which keys were read, so that
// unknownFields can flag typos ("titel") instead of ignoring them.
type fields struct {
	r     reporter
	lines lineMap
	path  string // dotted prefix of this table, "" at the top
	data  map[string]any
	used  map[string]bool
	// missing is where each "missing" report of a required field sits in
	// the diagnostics, so that a misspelt key that means it (buid_days for
	// build_days) can take its place: one mistake, one message.
	missing map[string]int
}

func newFields(r reporter, lines lineMap, path string, data map[string]any) *fields {
	if data == nil {
		data = map[string]any{}
	}
	return &fields{r: r, lines: lines, path: path, data: data, used: map[string]bool{}}
}

func (f *fields) key(name string) string { return join(f.path, name) }

func (f *fields) line(name string) int {
	if l := f.lines.lookup(f.key(name)); l > 0 {
		return l
	}
	return f.lines.lookup(f.path)
}

func (f *fields) errorf(name, format string, args ...any) {
	f.r.add(f.line(name), f.key(name), format, args...)
}

func (f *fields) get(name string) (any, bool) {
	f.used[name] = true
	v, ok := f.data[name]
	return v, ok
}

func (f *fields) has(name string) bool {
	_, ok := f.data[name]
	return ok
}

// String reads a string; a missing required one is reported.
func (f *fields) String(name string, required bool) string {
	v, ok := f.get(name)
	if !ok {
		if required {
			f.reportMissing(name)
		}
		return ""
	}
	s, isString := v.(string)
	if !isString {
		f.errorf(name, "must be text, got %s", describe(v))
		return ""
	}
	if required && strings.TrimSpace(s) == "" {
		f.errorf(name, "must not be empty")
	}
	return s
}

func (f *fields) Bool(name string, def bool) bool {
	v, ok := f.get(name)
	if !ok {
		return def
	}
	b, isBool := v.(bool)
	if !isBool {
		f.errorf(name, "must be true or false, got %s", describe(v))
		return def
	}
	return b
}

func (f *fields) Int(name string, required bool, min, max int) int {
	v, ok := f.get(name)
	if !ok {
		if required {
			f.reportMissing(name)
		}
		return 0
	}
	n, isInt := asInt(v)
	if !isInt {
		f.errorf(name, "must be a whole number, got %s", describe(v))
		return 0
	}
	if n < min || n > max {
		f.errorf(name, "must be between %d and %d, got %d", min, max, n)
	}
	return n
}

// Date reads a YYYY-MM-DD date, written as a TOML/YAML date or a string.
func (f *fields) Date(name string, required bool) time.Time {
	v, ok := f.get(name)
	if !ok {
		if required {
			f.reportMissing(name)
		}
		return time.Time{}
	}
	t, err := asDate(v)
	if err != nil {
		f.errorf(name, "%v", err)
	}
	return t
}

func (f *fields) Strings(name string) []string {
	v, ok := f.get(name)
	if !ok {
		return nil
	}
	list, isList := v.([]any)
	if !isList {
		if s, isString := v.(string); isString {
			return []string{s}
		}
		f.errorf(name, "must be a list of text, got %s", describe(v))
		return nil
	}
	out := make([]string, 0, len(list))
	for i, item := range list {
		s, isString := item.(string)
		if !isString {
			f.errorf(name+"."+strconv.Itoa(i), "must be text, got %s", describe(item))
			continue
		}
		out = append(out, s)
	}
	return out
}

// Tables reads a list of tables ([[x]] in TOML, a list of maps in YAML).
func (f *fields) Tables(name string) []*fields {
	v, ok := f.get(name)
	if !ok {
		return nil
	}
	list, isList := v.([]any)
	if !isList {
		if ml, isMaps := v.([]map[string]any); isMaps {
			for _, m := range ml {
				list = append(list, m)
			}
		} else {
			f.errorf(name, "must be a list of tables, got %s", describe(v))
			return nil
		}
	}
	out := make([]*fields, 0, len(list))
	for i, item := range list {
		m, isMap := asMap(item)
		path := f.key(name) + "." + strconv.Itoa(i)
		if !isMap {
			f.r.add(f.lines.lookup(path), path, "must be a table, got %s", describe(item))
			continue
		}
		out = append(out, &fields{r: f.r, lines: f.lines, path: path, data: m, used: map[string]bool{}})
	}
	return out
}

// Table reads a nested table; a missing one reads as empty.
func (f *fields) Table(name string, required bool) *fields {
	v, ok := f.get(name)
	if !ok {
		if required {
			f.reportMissing(name)
		}
		return newFields(f.r, f.lines, f.key(name), nil)
	}
	m, isMap := asMap(v)
	if !isMap {
		f.errorf(name, "must be a table, got %s", describe(v))
	}
	return newFields(f.r, f.lines, f.key(name), m)
}

// Money reads a decimal amount (349.00 or "349.00") as integer minor units.
func (f *fields) Money(name string, required bool) (int64, bool) {
	v, ok := f.get(name)
	if !ok {
		if required {
			f.reportMissing(name)
		}
		return 0, false
	}
	m, err := asMinor(v)
	if err != nil {
		f.errorf(name, "%v", err)
		return 0, false
	}
	return m, true
}

// Keys lists the table's keys in a stable order.
func (f *fields) Keys() []string {
	keys := make([]string, 0, len(f.data))
	for k := range f.data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// reportMissing reports a required field that is not written.
func (f *fields) reportMissing(name string) {
	if f.missing == nil {
		f.missing = map[string]int{}
	}
	f.missing[name] = len(*f.r.diags)
	f.r.add(f.lines.lookup(f.path), f.key(name), "missing")
}

// unknownFields reports every key that no reader asked for, with the
// nearest known field name when one is close (a typo). A typo of a required
// field replaces that field's "missing" report.
func (f *fields) unknownFields() {
	known := make([]string, 0, len(f.used))
	for k := range f.used {
		if _, written := f.data[k]; !written {
			known = append(known, k)
		}
	}
	sort.Strings(known)
	for _, k := range f.Keys() {
		if f.used[k] {
			continue
		}
		s, ok := nearest(k, known)
		if !ok {
			f.errorf(k, "unknown field")
			continue
		}
		if i, isMissing := f.missing[s]; isMissing {
			(*f.r.diags)[i].superseded = true
			delete(f.missing, s)
		}
		f.errorf(k, "unknown field; did you mean `%s`?", s)
	}
}

// forbid reports fields that must not be written in this file.
func (f *fields) forbid(why string, names ...string) {
	for _, n := range names {
		if f.has(n) {
			f.used[n] = true
			f.errorf(n, "%s", why)
		}
	}
}

func asMap(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case map[any]any:
		out := make(map[string]any, len(m))
		for k, v := range m {
			out[fmt.Sprint(k)] = v
		}
		return out, true
	}
	return nil, false
}

func asInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		return int(n), true
	case float64:
		if n == math.Trunc(n) {
			return int(n), true
		}
	}
	return 0, false
}

func asDate(v any) (time.Time, error) {
	switch d := v.(type) {
	case time.Time:
		return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC), nil
	case string:
		t, err := time.Parse("2006-01-02", strings.TrimSpace(d))
		if err != nil {
			return time.Time{}, fmt.Errorf("bad date %q, want YYYY-MM-DD", d)
		}
		return t, nil
	}
	return time.Time{}, fmt.Errorf("bad date %s, want YYYY-MM-DD", describe(v))
}

// asMinor converts a decimal amount to integer minor units without float
// surprises: the number is formatted back to at most 2 decimals first.
func asMinor(v any) (int64, error) {
	var s string
	switch n := v.(type) {
	case float64:
		s = strconv.FormatFloat(n, 'f', -1, 64)
	case int:
		s = strconv.Itoa(n)
	case int64:
		s = strconv.FormatInt(n, 10)
	case uint64:
		s = strconv.FormatUint(n, 10)
	case string:
		s = strings.TrimSpace(n)
	default:
		return 0, fmt.Errorf("must be an amount like 349.00, got %s", describe(v))
	}
	if w, f, comma := strings.Cut(s, ","); comma && !strings.Contains(w+f, ".") {
		return 0, fmt.Errorf("write the amount with a decimal point, %s.%s, not %s", w, f, s)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("amount %s has more than 2 decimals", s)
	}
	for len(frac) < 2 {
		frac += "0"
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	c, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil || w < 0 {
		return 0, fmt.Errorf("must be an amount like 349.00, got %q", s)
	}
	return w*100 + c, nil
}

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case string:
		return strconv.Quote(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		return "a list"
	case map[string]any, map[any]any:
		return "a table"
	}
	return fmt.Sprint(v)
}
