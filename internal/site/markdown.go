package site

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"

	"sabershop/internal/content"
)

// markdown renders editors' Markdown: GFM, heading ids ({#anchor} or
// automatic) and raw HTML (editors are trusted, their files are reviewed).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.Typographer),
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// linkResolver localises and checks an internal link; ok is false when no
// page or file exists at dest.
type linkResolver func(dest string) (href string, ok bool)

// renderMarkdown renders doc's body. Internal links are pointed at the
// doc's locale and every broken one is reported with its line.
func renderMarkdown(doc *content.Doc, resolve linkResolver, vars map[string]string, diags *content.Diagnostics) (string, error) {
	src := expandVars(doc, vars, diags)
	root := markdown.Parser().Parse(text.NewReader(src))
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		field := "link"
		switch l := n.(type) {
		case *ast.Link:
			dest = l.Destination
		case *ast.Image:
			dest, field = l.Destination, "image"
		default:
			return ast.WalkContinue, nil
		}
		d := string(dest)
		if !strings.HasPrefix(d, "/") || strings.HasPrefix(d, "//") {
			return ast.WalkContinue, nil
		}
		href, ok := resolve(d)
		if !ok {
			*diags = append(*diags, content.Diagnostic{
				File: doc.File, Line: doc.BodyLine + nodeLine(n, src) - 1, Field: field,
				Problem: fmt.Sprintf("no page or file at %q", d),
			})
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			l.Destination = []byte(href)
		case *ast.Image:
			l.Destination = []byte(href)
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := markdown.Renderer().Render(&buf, src, root); err != nil {
		return "", err
	}
	return buf.String(), nil
}

var varPattern = regexp.MustCompile(`\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*\}\}`)

// expandVars replaces {{company.owner}}-style placeholders with values from
// config.toml, so the company data and the owner's name are written once.
// An unknown name is reported with its line.
func expandVars(doc *content.Doc, vars map[string]string, diags *content.Diagnostics) []byte {
	src := doc.Body
	if !bytes.Contains(src, []byte("{{")) {
		return src
	}
	return varPattern.ReplaceAllFunc(src, func(m []byte) []byte {
		name := string(varPattern.FindSubmatch(m)[1])
		if v, ok := vars[name]; ok {
			return []byte(v)
		}
		line := doc.BodyLine + bytes.Count(src[:bytes.Index(src, m)], []byte("\n"))
		*diags = append(*diags, content.Diagnostic{File: doc.File, Line: line, Field: "{{" + name + "}}",
			Problem: "unknown placeholder (known: company.*, hours.*, site.name, consent.months)"})
		return m
	})
}

// nodeLine is the 1-based line of an inline node within src: the line of
// its first text segment, or of its enclosing block.
func nodeLine(n ast.Node, src []byte) int {
	offset := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			offset = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	for p := n; offset < 0 && p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock && p.Lines().Len() > 0 {
			offset = p.Lines().At(0).Start
		}
	}
	if offset < 0 {
		return 1
	}
	return bytes.Count(src[:offset], []byte("\n")) + 1
}
