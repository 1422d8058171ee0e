package site

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"sabershop/internal/content"
)

// Conditional blocks in editors' Markdown: a paragraph (or more) that
// depends on an owner's setting in content/config.toml, written in both
// versions next to each other, so a page never says the opposite of what
// the shop does (docs/content-model.md#conditional-blocks):
//
//	{{if legal.creator_returnable}}
//	Designs from the creator can be returned within 14 days.
//	{{else}}
//	Designs from the creator cannot be returned.
//	{{end}}
//
// Each of {{if NAME}}, {{else}} and {{end}} stands on a line of its own;
// {{else}} is optional; blocks do not nest. A condition is a placeholder
// whose value is "true" or "false" (assembler.vars). The lines of the
// branch not taken and the directives' own lines are dropped, so a blank
// line before {{if}} and after {{end}} keeps the text its own paragraph.
// A problem (an unknown condition, an {{else}} or {{end}} without its
// {{if}}, an {{if}} without its {{end}}, a nested {{if}}, a directive
// sharing its line with text) is a file:line diagnostic, and the lines of
// the text after a block are reported where they are in the file.

// directiveLine is a line holding one directive and nothing else.
var directiveLine = regexp.MustCompile(`^[ \t]*\{\{[ \t]*(?:(if)\b[ \t]*([^}]*?)|(else)|(end))[ \t]*\}\}[ \t]*\r?$`)

// directiveAnywhere is a directive within a line.
var directiveAnywhere = regexp.MustCompile(`\{\{[ \t]*(?:if\b[^}]*|else|end)[ \t]*\}\}`)

// conditions are the names among vars that a block may test.
func conditions(vars map[string]string) []string {
	var out []string
	for k, v := range vars {
		if v == "true" || v == "false" {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// resolveBlocks is src (doc's body) with its conditional blocks resolved,
// and for each line of the result the 1-based line of src it came from.
// src without a directive is returned as it is, with lines nil.
func resolveBlocks(doc *content.Doc, src []byte, vars map[string]string, diags *content.Diagnostics) ([]byte, []int) {
	if !directiveAnywhere.Match(src) {
		return src, nil
	}
	report := func(line int, field, problem string) {
		*diags = append(*diags, content.Diagnostic{File: doc.File, Line: doc.BodyLine + line - 1, Field: field, Problem: problem})
	}
	type block struct {
		line         int    // of its {{if}}
		field        string // the {{if}} as written
		cond, inElse bool
	}
	var open *block
	var out bytes.Buffer
	var lines []int
	for i, l := range bytes.SplitAfter(src, []byte("\n")) {
		n := i + 1
		if len(l) == 0 {
			continue
		}
		m := directiveLine.FindSubmatch(bytes.TrimSuffix(l, []byte("\n")))
		switch {
		case m != nil && len(m[1]) > 0: // {{if NAME}}
			field := string(bytes.TrimSpace(m[0]))
			if open != nil {
				report(n, field, "conditional blocks do not nest: the {{if}} of line "+strconv.Itoa(doc.BodyLine+open.line-1)+" is still open (close it with {{end}} first)")
				continue
			}
			name := string(m[2])
			v, known := vars[name]
			if known = known && (v == "true" || v == "false"); !known {
				report(n, field, "unknown condition "+strconv.Quote(name)+" (known: "+strings.Join(conditions(vars), ", ")+")")
			}
			open = &block{line: n, field: field, cond: v == "true"}
		case m != nil && len(m[3]) > 0: // {{else}}
			switch {
			case open == nil:
				report(n, "{{else}}", "{{else}} without {{if}}")
			case open.inElse:
				report(n, "{{else}}", "a second {{else}} in the block of line "+strconv.Itoa(doc.BodyLine+open.line-1))
			default:
				open.inElse = true
			}
		case m != nil: // {{end}}
			if open == nil {
				report(n, "{{end}}", "{{end}} without {{if}}")
			}
			open = nil
		default:
			if d := directiveAnywhere.Find(l); d != nil {
				report(n, string(d), "{{if}}, {{else}} and {{end}} must each stand on a line of their own")
			}
			if open == nil || open.cond != open.inElse {
				out.Write(l)
				lines = append(lines, n)
			}
		}
	}
	if open != nil {
		report(open.line, open.field, "{{if}} without {{end}}")
	}
	return out.Bytes(), lines
}

// expandBody is doc's body as the Markdown renderer reads it: conditional
// blocks resolved, then placeholders filled in; lineOf maps a 1-based
// line of the result to its line in the body.
func expandBody(doc *content.Doc, vars map[string]string, diags *content.Diagnostics) (src []byte, lineOf func(int) int) {
	src, lines := resolveBlocks(doc, doc.Body, vars, diags)
	lineOf = func(n int) int {
		switch {
		case lines == nil:
			return n
		case n >= 1 && n <= len(lines):
			return lines[n-1]
		case len(lines) > 0 && n > len(lines): // past the end (a last line without its newline)
			return lines[len(lines)-1]
		}
		return n
	}
	return expandVars(doc, src, lineOf, vars, diags), lineOf
}
