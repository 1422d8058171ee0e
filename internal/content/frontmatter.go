package content

import (
	"bytes"
	"fmt"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"
)

// document is a Markdown file split into its front matter (decoded, with
// the line of every key) and its body.
type document struct {
	front    map[string]any
	lines    lineMap
	body     []byte
	bodyLine int // file line where the body starts
}

// splitDocument reads YAML (---) or TOML (+++) front matter and decodes it
// ourselves, so we keep key positions and a generic map that the typed
// readers can check field by field.
func splitDocument(src []byte) (*document, error) {
	src = bytes.TrimPrefix(src, utf8BOM)
	fm, err := findFrontMatter(src)
	if err != nil {
		return nil, err
	}
	body := src[fm.bodyStart:]
	doc := &document{front: map[string]any{}, lines: lineMap{"": 1}, body: body}
	doc.bodyLine = bytes.Count(src[:fm.bodyStart], []byte("\n")) + 1
	if fm.format == "" {
		return doc, nil
	}
	raw := src[fm.start:fm.end]
	// Front matter line n is file line n+offset: offset is the line of the
	// opening delimiter.
	offset := fm.openLine
	switch fm.format {
	case "yaml":
		if err := yaml.Unmarshal(raw, &doc.front); err != nil {
			return nil, fmt.Errorf("YAML front matter: %w", shiftYAMLError(err, offset))
		}
		doc.lines = yamlLines(raw).shift(offset)
	case "toml":
		if _, err := toml.Decode(string(raw), &doc.front); err != nil {
			return nil, fmt.Errorf("TOML front matter: %w", shiftTOMLError(err, offset))
		}
		doc.lines = tomlLines(raw).shift(offset)
	}
	if doc.front == nil {
		doc.front = map[string]any{}
	}
	doc.lines[""] = 1 // a missing field is reported at the front matter's start
	return doc, nil
}

// utf8BOM is what some Windows editors write at the start of a file; it is
// not part of the text.
var utf8BOM = []byte("\xef\xbb\xbf")

// delimiters are the front matter formats by their delimiter line.
var delimiters = map[string]string{"---": "yaml", "+++": "toml"}

// frontMatter is where a file's front matter and body are: byte offsets
// into the file, and the 1-based line of the opening delimiter.
type frontMatter struct {
	format     string // "yaml", "toml", or "" when there is none
	start, end int    // the front matter between the delimiter lines
	bodyStart  int
	openLine   int
}

// findFrontMatter finds the front matter: blank lines may come first; the
// first other line opens it only if it is a delimiter, and the next line
// that is the same delimiter closes it. Everything after the closing line
// is the body, so a "---" there (a Markdown rule) is the body's. Spaces and
// a CR around a delimiter are allowed. An opened front matter that is never
// closed is an error at its opening line: read as body, its fields would be
// silently lost.
func findFrontMatter(src []byte) (frontMatter, error) {
	var fm frontMatter
	line, pos := 0, 0
	for pos < len(src) {
		text, next := nextLine(src, pos)
		line++
		trimmed := string(bytes.TrimSpace(text))
		switch {
		case fm.format == "" && trimmed == "":
			// a blank line before the front matter
		case fm.format == "":
			format, ok := delimiters[trimmed]
			if !ok {
				return frontMatter{}, nil // no front matter: all of it is body
			}
			fm.format, fm.start, fm.openLine = format, next, line
		case delimiters[trimmed] == fm.format:
			fm.end, fm.bodyStart = pos, next
			return fm, nil
		}
		pos = next
	}
	if fm.format == "" {
		return frontMatter{}, nil
	}
	delim := "---"
	if fm.format == "toml" {
		delim = "+++"
	}
	return frontMatter{}, &parseError{line: fm.openLine, msg: fmt.Sprintf("front matter: no closing %s line", delim)}
}

// nextLine is the line starting at pos (without its newline) and where the
// following line starts.
func nextLine(src []byte, pos int) ([]byte, int) {
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		return src[pos : pos+i], pos + i + 1
	}
	return src[pos:], len(src)
}

// parseError is a syntax error with the file line it happened on.
type parseError struct {
	line int
	msg  string
}

func (e *parseError) Error() string { return e.msg }

func shiftYAMLError(err error, offset int) error {
	var line int
	var msg string
	if n, _ := fmt.Sscanf(err.Error(), "yaml: line %d: ", &line); n == 1 {
		msg = err.Error()[len(fmt.Sprintf("yaml: line %d: ", line)):]
		return &parseError{line: line + offset, msg: msg}
	}
	return &parseError{line: offset, msg: err.Error()}
}

func shiftTOMLError(err error, offset int) error {
	if pe, ok := err.(toml.ParseError); ok {
		return &parseError{line: pe.Position.Line + offset, msg: pe.Message}
	}
	return &parseError{line: offset, msg: err.Error()}
}

// decodeTOMLFile decodes a whole TOML data file into a generic map with
// key lines.
func decodeTOMLFile(src []byte) (map[string]any, lineMap, error) {
	m := map[string]any{}
	if _, err := toml.Decode(string(src), &m); err != nil {
		return nil, nil, shiftTOMLError(err, 0)
	}
	lines := tomlLines(src)
	lines[""] = 1
	return m, lines, nil
}
