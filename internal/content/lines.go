package content

import (
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// lineMap maps a dotted key path ("prices.1.EUR", "company.name") to the
// 1-based line where it is written, so that every diagnostic can point at
// the line an editor has to fix. Neither TOML decoder we use reports key
// positions, so TOML is scanned for them here; YAML uses yaml.v3's nodes.
type lineMap map[string]int

// lookup returns the line of path, or of its nearest written parent.
func (m lineMap) lookup(path string) int {
	for {
		if path == "" {
			return m[""]
		}
		if l, ok := m[path]; ok {
			return l
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return 0
		}
		path = path[:i]
	}
}

// shift returns a copy with every line moved by offset (front matter starts
// after its opening delimiter).
func (m lineMap) shift(offset int) lineMap {
	out := make(lineMap, len(m))
	for k, v := range m {
		out[k] = v + offset
	}
	return out
}

func yamlLines(src []byte) lineMap {
	m := lineMap{}
	var doc yaml.Node
	if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) == 0 {
		return m
	}
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				p := join(path, k.Value)
				m[p] = k.Line
				walk(v, p)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				p := join(path, strconv.Itoa(i))
				m[p] = c.Line
				walk(c, p)
			}
		}
	}
	walk(doc.Content[0], "")
	return m
}

var (
	tomlTable      = regexp.MustCompile(`^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$`)
	tomlArrayTable = regexp.MustCompile(`^\s*\[\[\s*([^\[\]]+?)\s*\]\]\s*(#.*)?$`)
	tomlKey        = regexp.MustCompile(`^\s*("[^"]+"|[A-Za-z0-9_-]+)\s*=`)
	tomlInlineKey  = regexp.MustCompile(`([A-Za-z0-9_-]+)\s*=`)
)

// tomlLines scans TOML source for table headers and keys. It understands
// [table], [[array.of.tables]] and key = value lines, and the keys inside a
// one-line inline table; that covers how our content files are written.
func tomlLines(src []byte) lineMap {
	m := lineMap{}
	prefix := ""
	counts := map[string]int{}
	for i, line := range strings.Split(string(src), "\n") {
		n := i + 1
		if g := tomlArrayTable.FindStringSubmatch(line); g != nil {
			name := resolveArrayPath(g[1], counts)
			counts[name]++
			prefix = name + "." + strconv.Itoa(counts[name]-1)
			m[name] = firstLine(m, name, n)
			m[prefix] = n
			continue
		}
		if g := tomlTable.FindStringSubmatch(line); g != nil {
			prefix = resolveArrayPath(g[1], counts)
			m[prefix] = firstLine(m, prefix, n)
			continue
		}
		if g := tomlKey.FindStringSubmatch(line); g != nil {
			key := join(prefix, strings.Trim(g[1], `"`))
			m[key] = n
			rest := line[len(g[0]):]
			if strings.Contains(rest, "{") {
				for _, k := range tomlInlineKey.FindAllStringSubmatch(rest, -1) {
					m[join(key, k[1])] = n
				}
			}
		}
	}
	return m
}

// resolveArrayPath turns "slots.options" into "slots.2.options" when slots
// is an array of tables, so nested arrays get distinct paths.
func resolveArrayPath(name string, counts map[string]int) string {
	parts := strings.Split(name, ".")
	path := ""
	for i, p := range parts {
		path = join(path, strings.TrimSpace(p))
		if c, ok := counts[path]; ok && i < len(parts)-1 {
			path = path + "." + strconv.Itoa(c-1)
		}
	}
	return path
}

func firstLine(m lineMap, key string, n int) int {
	if l, ok := m[key]; ok {
		return l
	}
	return n
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}
