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
	gmrenderer "github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"sabershop/internal/content"
)

// markdown renders editors' Markdown: GFM, heading ids ({#anchor} or
// automatic) and raw HTML (editors are trusted, their files are reviewed).
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.Typographer),
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
	goldmark.WithRendererOptions(html.WithUnsafe(), gmrenderer.WithNodeRenderers(util.Prioritized(photoRenderer{}, 100))),
)

// photoNode is a Markdown image of a photo, replaced by its <picture>.
type photoNode struct {
	ast.BaseInline
	html string
}

var kindPhoto = ast.NewNodeKind("Photo")

func (n *photoNode) Kind() ast.NodeKind         { return kindPhoto }
func (n *photoNode) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

type photoRenderer struct{}

func (photoRenderer) RegisterFuncs(reg gmrenderer.NodeRendererFuncRegisterer) {
	reg.Register(kindPhoto, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			_, _ = w.WriteString(n.(*photoNode).html)
		}
		return ast.WalkSkipChildren, nil
	})
}

// photoMarkup is the <picture> of a Markdown image that names a photo;
// ok is false for any other image.
type photoMarkup func(dest, alt string) (html string, ok bool)

// altText is an image's alt text: the text of its description.
func altText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Segment.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// linkResolver localises and checks an internal link; ok is false when no
// page or file exists at dest.
type linkResolver func(dest string) (href string, ok bool)

// renderMarkdown renders doc's body. Internal links are pointed at the
// doc's locale and every broken one is reported with its line.
func renderMarkdown(doc *content.Doc, resolve linkResolver, photo photoMarkup, vars map[string]string, diags *content.Diagnostics) (string, error) {
	src, lineOf := expandBody(doc, vars, diags)
	root := markdown.Parser().Parse(text.NewReader(src))
	var photos []ast.Node
	err := ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if img, ok := n.(*ast.Image); ok && photo != nil {
			if markup, ok := photo(string(img.Destination), altText(img, src)); ok {
				photos = append(photos, &photoNode{html: markup}, n)
				return ast.WalkSkipChildren, nil
			}
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
				File: doc.File, Line: doc.BodyLine + lineOf(nodeLine(n, src)) - 1, Field: field,
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
	for i := 0; i < len(photos); i += 2 {
		old := photos[i+1]
		old.Parent().ReplaceChild(old.Parent(), old, photos[i])
	}
	var buf bytes.Buffer
	if err := markdown.Renderer().Render(&buf, src, root); err != nil {
		return "", err
	}
	return buf.String(), nil
}

var varPattern = regexp.MustCompile(`\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*\}\}`)

// expandVars replaces {{company.owner}}-style placeholders in src (doc's
// body, its blocks resolved: lineOf gives a line's place in the body) with
// values from config.toml, so the company data and the owner's name are
// written once. An unknown name is reported with its line.
func expandVars(doc *content.Doc, src []byte, lineOf func(int) int, vars map[string]string, diags *content.Diagnostics) []byte {
	if !bytes.Contains(src, []byte("{{")) {
		return src
	}
	var out bytes.Buffer
	last := 0
	for _, m := range varPattern.FindAllSubmatchIndex(src, -1) {
		name := string(src[m[2]:m[3]])
		out.Write(src[last:m[0]])
		last = m[1]
		if v, ok := vars[name]; ok {
			out.WriteString(v)
			continue
		}
		out.Write(src[m[0]:m[1]])
		line := doc.BodyLine + lineOf(bytes.Count(src[:m[0]], []byte("\n"))+1) - 1
		*diags = append(*diags, content.Diagnostic{File: doc.File, Line: line, Field: "{{" + name + "}}",
			Problem: "unknown placeholder (known: company.*, hours.*, site.name, consent.months, retention.*, safety.min_age)"})
	}
	out.Write(src[last:])
	return out.Bytes()
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
