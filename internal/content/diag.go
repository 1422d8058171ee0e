package content

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Diagnostic is one problem in the content, located in a file. It is data,
// not a formatted string, so that tests and tools can inspect it (esbuild's
// "errors as data").
type Diagnostic struct {
	File    string // relative to the content directory's parent, e.g. content/en/blog/x.md
	Line    int    // 1-based; 0 when the problem concerns the whole file
	Field   string // front matter field, TOML key or "link"
	Problem string

	// superseded marks a report that a better one replaced after it was
	// made (a "missing" field whose misspelt key was found later).
	superseded bool
}

func (d Diagnostic) String() string {
	loc := d.File
	if d.Line > 0 {
		loc = fmt.Sprintf("%s:%d", d.File, d.Line)
	}
	if d.Field == "" {
		return loc + ": " + d.Problem
	}
	return loc + ": " + d.Field + ": " + d.Problem
}

// Diagnostics is every problem found in one build. It is an error so that a
// failed load can return all of them at once.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// Sort orders diagnostics by file, line and field so output is stable.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Field < b.Field
	})
}

// Err returns ds, sorted and without repeats, as an error, or nil when there
// is nothing to report. (A fallback page renders the English file again in
// each locale; its problem is still one problem.)
func (ds Diagnostics) Err() error {
	kept := ds[:0:0]
	for _, d := range ds {
		if !d.superseded {
			kept = append(kept, d)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	kept.Sort()
	out := kept[:1]
	for _, d := range kept[1:] {
		if d != out[len(out)-1] {
			out = append(out, d)
		}
	}
	return out
}

// reporter collects diagnostics for one file.
type reporter struct {
	file  string
	diags *Diagnostics
}

func (r reporter) add(line int, field, format string, args ...any) {
	*r.diags = append(*r.diags, Diagnostic{File: r.file, Line: line, Field: field, Problem: fmt.Sprintf(format, args...)})
}

// parseFailed reports a file that does not parse, at the line of the
// mistake when the parser knows it (a parseError), else at line 1.
func (r reporter) parseFailed(err error) {
	line := 1
	var pe *parseError
	if errors.As(err, &pe) {
		line = pe.line
	}
	r.add(line, "", "%v", err)
}
