package content

import (
	"bytes"
	"fmt"

	"github.com/BurntSushi/toml"
	"github.com/adrg/frontmatter"
	"gopkg.in/yaml.v3"
)

// document is a Markdown file split into its front matter (decoded, with
// the line of every key) and its body.
type document struct {
	front    map[string]any
	lines    lineMap
	body     []byte
	bodyLine int // file line where the body starts
}

// splitDocument reads YAML (---) or TOML (+++) front matter with
// adrg/frontmatter and decodes it ourselves, so we keep key positions and
// a generic map that the typed readers can check field by field.
func splitDocument(src []byte) (*document, error) {
	var raw []byte
	var format string
	capture := func(name string) func([]byte, any) error {
		return func(data []byte, _ any) error {
			raw, format = data, name
			return nil
		}
	}
	body, err := frontmatter.Parse(bytes.NewReader(src), new(struct{}),
		frontmatter.NewFormat("---", "---", capture("yaml")),
		frontmatter.NewFormat("+++", "+++", capture("toml")),
	)
	if err != nil {
		return nil, fmt.Errorf("front matter: %v", err)
	}
	doc := &document{front: map[string]any{}, lines: lineMap{"": 1}, body: body}
	doc.bodyLine = bytes.Count(src[:len(src)-len(body)], []byte("\n")) + 1
	if raw == nil {
		return doc, nil
	}
	// Line of the first front matter line (after the opening delimiter).
	offset := 1
	if i := bytes.Index(src, raw); i >= 0 {
		offset = bytes.Count(src[:i], []byte("\n"))
	}
	switch format {
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
