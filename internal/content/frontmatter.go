package content

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

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
	if err := checkDecimalComma(src[fm.start:fm.end], fm.openLine); err != nil {
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
	nearFence := 0 // the first line that looks like a mistyped closing fence
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
				// No front matter: all of it is body, unless the first line
				// is a mistyped fence or a field whose fence was forgotten;
				// read as body, the fields would be lost and the editor told
				// "title missing".
				return frontMatter{}, badOpening(trimmed, line)
			}
			fm.format, fm.start, fm.openLine = format, next, line
		case delimiters[trimmed] == fm.format:
			fm.end, fm.bodyStart = pos, next
			return fm, nil
		case nearFence == 0 && fenceTypo(trimmed, fm.format):
			nearFence = line
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
	if nearFence > 0 {
		return frontMatter{}, &parseError{line: nearFence, msg: fmt.Sprintf("front matter: this line should close it and be exactly %s", delim)}
	}
	return frontMatter{}, &parseError{line: fm.openLine, msg: fmt.Sprintf("front matter: no closing %s line", delim)}
}

// fenceTypo is a line of only dashes (or pluses) that is not the fence
// itself: "--" or "----" where "---" was meant.
func fenceTypo(trimmed, format string) bool {
	c := "-"
	if format == "toml" {
		c = "+"
	}
	return len(trimmed) >= 2 && len(trimmed) <= 5 && strings.Trim(trimmed, c) == ""
}

// firstField is a front matter field written without the fence above it.
var firstField = regexp.MustCompile(`^(title|draft|date|kind|weight|summary|description)\s*[:=]`)

// badOpening explains a first line that was meant to open the front matter.
func badOpening(trimmed string, line int) error {
	switch {
	case fenceTypo(trimmed, "yaml") || fenceTypo(trimmed, "toml"):
		return &parseError{line: line, msg: fmt.Sprintf("front matter: the fence %q must be exactly --- (or +++ for TOML)", trimmed)}
	case firstField.MatchString(trimmed):
		return &parseError{line: line, msg: "front matter: no --- line above the fields; put --- on the first line and again after the last field"}
	}
	return nil
}

// decimalComma is an amount under a currency code written with a decimal
// comma: "PLN: 1599,00", "PLN = 1599,00" or "PLN: \"1599,00\"". In a YAML
// {…} list the comma would even split the number into two entries.
var decimalComma = regexp.MustCompile(`\b([A-Z]{3})\s*[:=]\s*("?)(\d+),(\d{1,2})("?)(\s*[,}\]#]|\s*$)`)

// checkDecimalComma reports the first amount written with a decimal comma,
// before decoding, so that it is the one message about it.
func checkDecimalComma(raw []byte, offset int) error {
	for i, text := range strings.Split(string(raw), "\n") {
		// The pattern needs a comma: most lines have none, and the regexp
		// on every line was a fifth of reading the content.
		if !strings.Contains(text, ",") {
			continue
		}
		if m := decimalComma.FindStringSubmatch(text); m != nil {
			return &parseError{line: i + 1 + offset, msg: fmt.Sprintf("%s: write the amount with a decimal point, %s.%s, not %s,%s (no thousands separator)", m[1], m[3], m[4], m[3], m[4])}
		}
	}
	return nil
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
	if err := checkDecimalComma(src, 0); err != nil {
		return nil, nil, err
	}
	m := map[string]any{}
	if _, err := toml.Decode(string(src), &m); err != nil {
		return nil, nil, shiftTOMLError(err, 0)
	}
	lines := tomlLines(src)
	lines[""] = 1
	return m, lines, nil
}
