package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// The struct tags tsgen reads besides json (docs/contract.md):
//
//	tsunion:"home page shop"   on a string field: the struct is a union of
//	                           variants told apart by this field's value
//	tsin:"home shop! basket"   on the other fields of such a struct: the
//	                           variants that carry the field; a "!" after a
//	                           variant says the Go side always sets the field
//	                           there, so an omitempty pointer is required
const (
	tagUnion = "tsunion"
	tagIn    = "tsin"
)

var (
	timeType      = reflect.TypeFor[time.Time]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
	rawType       = reflect.TypeFor[json.RawMessage]()
)

// generator turns Go types into TypeScript declarations, one file at a time.
type generator struct {
	src   *sources
	names map[reflect.Type]string // TS name of every declared Go type
	owner map[string]reflect.Type // and back, to refuse two Go types under one name
	decls map[string]string       // TS name -> declaration
	errs  []error

	// A type an earlier file declares is imported from it, not declared
	// again (Company is in catalog.json and in every page's data).
	earlier map[reflect.Type]declaredIn
	imports map[string]map[string]bool // module ("components/generated/catalog") -> names
	dir     string                     // the folder of the file being written, from the module root
}

// declaredIn is where an earlier generated file declares a type: its TS
// name and the file's path from the module root without ".ts".
type declaredIn struct{ name, module string }

func newGenerator(src *sources, earlier map[reflect.Type]declaredIn) *generator {
	return &generator{src: src, names: map[reflect.Type]string{}, owner: map[string]reflect.Type{}, decls: map[string]string{},
		earlier: earlier, imports: map[string]map[string]bool{}}
}

// declared is every type this file declares, for the files after it.
func (g *generator) declared(module string, into map[reflect.Type]declaredIn) {
	for t, n := range g.names {
		if _, ok := g.decls[n]; ok {
			into[t] = declaredIn{n, module}
		}
	}
}

// importLines are the import type lines of the types taken from earlier
// files, each module relative to the folder of the file being written.
func (g *generator) importLines() string {
	mods := make([]string, 0, len(g.imports))
	for m := range g.imports {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	var b strings.Builder
	for _, m := range mods {
		names := make([]string, 0, len(g.imports[m]))
		for n := range g.imports[m] {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "import type { %s } from %q;\n", strings.Join(names, ", "), relModule(g.dir, m))
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// relModule is the import specifier of module (a path from the module
// root) in a file in dir: "./catalog" beside it, "../../components/generated/api"
// from another folder.
func relModule(dir, module string) string {
	if dir == "" {
		dir = "."
	}
	up := ""
	for dir != "." && !strings.HasPrefix(module+"/", dir+"/") {
		dir, up = path.Dir(dir), up+"../"
	}
	rest := module
	if dir != "." {
		rest = strings.TrimPrefix(module, dir+"/")
	}
	if up == "" {
		return "./" + rest
	}
	return up + rest
}

// nameClashes: a name imported from an earlier file must not be declared
// here too, nor imported from two files (Delivery is the catalogue's and
// the /v1 answer's): TypeScript would refuse the file, or worse, one
// would quietly stand for the other.
func (g *generator) nameClashes() {
	from := map[string]string{}
	for _, m := range slices.Sorted(maps.Keys(g.imports)) {
		for n := range g.imports[m] {
			if _, ok := g.decls[n]; ok {
				g.errs = append(g.errs, fmt.Errorf("%s is declared here and imported from %s: register one under another name", n, m))
			}
			if other, ok := from[n]; ok {
				g.errs = append(g.errs, fmt.Errorf("%s is imported from %s and from %s: register one under another name", n, other, m))
			}
			from[n] = m
		}
	}
}

// generate declares the roots under their names (and every named type they
// reach under its Go name, capitalised) and returns the declarations
// sorted by name.
func (g *generator) generate(roots map[string]any) (string, error) {
	keys := make([]string, 0, len(roots))
	for k := range roots {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t := reflect.TypeOf(roots[k])
		if t == nil || t.Name() == "" {
			g.errs = append(g.errs, fmt.Errorf("root %s: not a named type", k))
			continue
		}
		g.name(t, k)
	}
	for _, k := range keys {
		if t := reflect.TypeOf(roots[k]); t != nil && t.Name() != "" {
			g.declare(t)
		}
	}
	g.nameClashes()
	if len(g.errs) > 0 {
		msgs := make([]string, len(g.errs))
		for i, err := range g.errs {
			msgs[i] = err.Error()
		}
		return "", fmt.Errorf("tsgen: %s", strings.Join(msgs, "; "))
	}
	names := make([]string, 0, len(g.decls))
	for n := range g.decls {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(g.importLines())
	for i, n := range names {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(g.decls[n])
	}
	return b.String(), nil
}

// name gives t its TS name: the root's, else its Go name capitalised.
func (g *generator) name(t reflect.Type, want string) string {
	if n, ok := g.names[t]; ok {
		return n
	}
	if want == "" {
		r := []rune(t.Name())
		r[0] = unicode.ToUpper(r[0])
		want = string(r)
	}
	if other, ok := g.owner[want]; ok && other != t {
		g.errs = append(g.errs, fmt.Errorf("%s and %s both want the TypeScript name %s: register one under another name", goName(other), goName(t), want))
	}
	g.names[t], g.owner[want] = want, t
	return want
}

func goName(t reflect.Type) string { return t.PkgPath() + "." + t.Name() }

// declare writes t's declaration (once) and returns its name.
func (g *generator) declare(t reflect.Type) string {
	if d, ok := g.earlier[t]; ok {
		if g.imports[d.module] == nil {
			g.imports[d.module] = map[string]bool{}
		}
		g.imports[d.module][d.name] = true
		return d.name
	}
	name := g.name(t, "")
	if _, done := g.decls[name]; done {
		return name
	}
	g.decls[name] = "" // a placeholder against cycles
	var body string
	switch t.Kind() {
	case reflect.Struct:
		body = g.structDecl(t, name)
	case reflect.String:
		values := g.src.constants(t)
		quoted := make([]string, len(values))
		for i, v := range values {
			quoted[i] = strconv.Quote(v)
		}
		if len(quoted) == 0 {
			quoted = []string{"string"}
		}
		body = fmt.Sprintf("export type %s = %s;\n", name, strings.Join(quoted, " | "))
	default:
		body = fmt.Sprintf("export type %s = %s;\n", name, g.expr(t))
	}
	g.decls[name] = docComment(g.src.typeDoc(t), goRef(t), "") + body
	return name
}

// goRef names the Go type for the reader of the TS file.
func goRef(t reflect.Type) string {
	pkg := t.PkgPath()
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	return "Go: " + pkg + "." + t.Name()
}

// expr is the TS type of a value of t, declaring the named types it uses.
func (g *generator) expr(t reflect.Type) string {
	switch {
	case t == timeType:
		return "string" // RFC 3339
	case t == rawType:
		return "unknown"
	case t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType):
		g.errs = append(g.errs, fmt.Errorf("%s marshals itself: tsgen cannot tell its JSON", goName(t)))
		return "unknown"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		if t.PkgPath() != "" && len(g.src.constants(t)) > 0 {
			return g.declare(t)
		}
		return "string"
	case reflect.Interface:
		return "unknown"
	case reflect.Pointer:
		return g.expr(t.Elem())
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "string" // base64
		}
		return arrayOf(g.elem(t.Elem()))
	case reflect.Array:
		elem := g.elem(t.Elem())
		parts := make([]string, t.Len())
		for i := range parts {
			parts[i] = elem
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case reflect.Map:
		return g.mapExpr(t)
	case reflect.Struct:
		if t.Name() != "" {
			return g.declare(t)
		}
		return g.inlineStruct(t)
	}
	g.errs = append(g.errs, fmt.Errorf("%s: JSON has no %s", t, t.Kind()))
	return "unknown"
}

// elem is the type of an element of a slice, array or map: a nil pointer
// there is a null.
func (g *generator) elem(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		return g.expr(t) + " | null"
	}
	return g.expr(t)
}

func arrayOf(elem string) string {
	if strings.ContainsAny(elem, "|&") {
		return "(" + elem + ")[]"
	}
	return elem + "[]"
}

// mapExpr: JSON object keys are strings; a key type with known values
// makes a partial record of them (a map need not hold every key).
func (g *generator) mapExpr(t reflect.Type) string {
	k, v := t.Key(), g.elem(t.Elem())
	if k.Kind() == reflect.String && k.PkgPath() != "" && len(g.src.constants(k)) > 0 {
		return fmt.Sprintf("Partial<Record<%s, %s>>", g.declare(k), v)
	}
	return fmt.Sprintf("Record<string, %s>", v)
}

// field is one JSON member of a struct.
type field struct {
	name     string
	ts       string
	optional bool
	doc      string
	union    []string        // tsunion: this field tells the variants apart
	in       map[string]bool // tsin: variant -> always set
	inOrder  []string        // tsin's variants as written
	goField  reflect.StructField
	nullable bool // a pointer that JSON writes as null
}

// fields lists t's JSON members in order and the embedded structs whose
// members JSON promotes (declared as interfaces t extends).
func (g *generator) fields(t reflect.Type) (fs []field, extends []string) {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if sf.Anonymous && name == "" {
			ft := sf.Type
			if ft.Kind() == reflect.Struct && ft.Name() != "" {
				extends = append(extends, g.declare(ft))
				continue
			}
			g.errs = append(g.errs, fmt.Errorf("%s.%s: only embedded named structs (not pointers) are supported", goName(t), sf.Name))
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		f := field{name: name, goField: sf, doc: g.src.fieldDoc(t, sf.Name)}
		options := "," + opts + ","
		f.optional = strings.Contains(options, ",omitempty,") || strings.Contains(options, ",omitzero,")
		if strings.Contains(options, ",omitempty,") && !strings.Contains(options, ",omitzero,") && sf.Type.Kind() == reflect.Struct {
			// encoding/json never leaves a struct out for omitempty: a
			// zero time.Time is written "0001-01-01T00:00:00Z", which an
			// optional member would promise never comes.
			g.errs = append(g.errs, fmt.Errorf("%s.%s: omitempty never leaves out a struct: use omitzero", goName(t), sf.Name))
		}
		if strings.Contains(options, ",string,") {
			f.ts = "string"
		} else {
			f.ts = g.expr(sf.Type)
		}
		f.nullable = sf.Type.Kind() == reflect.Pointer && !f.optional
		if u := sf.Tag.Get(tagUnion); u != "" {
			f.union = strings.Fields(u)
		}
		if in := sf.Tag.Get(tagIn); in != "" {
			f.in = map[string]bool{}
			for _, v := range strings.Fields(in) {
				always := strings.HasSuffix(v, "!")
				v = strings.TrimSuffix(v, "!")
				f.in[v] = always
				f.inOrder = append(f.inOrder, v)
			}
		}
		fs = append(fs, f)
	}
	return fs, extends
}

func (g *generator) structDecl(t reflect.Type, name string) string {
	fs, extends := g.fields(t)
	for _, f := range fs {
		if f.union != nil {
			return g.unionDecl(t, name, fs, extends, f)
		}
	}
	head := "export interface " + name
	if len(extends) > 0 {
		head += " extends " + strings.Join(extends, ", ")
	}
	var b strings.Builder
	b.WriteString(head + " {\n")
	for _, f := range fs {
		if f.in != nil {
			g.errs = append(g.errs, fmt.Errorf("%s.%s: %s without a %s field", goName(t), f.goField.Name, tagIn, tagUnion))
		}
		b.WriteString(member(f, f.optional, f.nullable, "  "))
	}
	b.WriteString("}\n")
	return b.String()
}

// member writes one property with its doc comment.
func member(f field, optional, nullable bool, indent string) string {
	q := ""
	if optional {
		q = "?"
	}
	ts := f.ts
	if nullable {
		ts += " | null"
	}
	return docComment(f.doc, "", indent) + fmt.Sprintf("%s%s%s: %s;\n", indent, propName(f.name), q, ts)
}

func propName(n string) string {
	for i, r := range n {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return strconv.Quote(n)
		}
	}
	return n
}

// unionDecl writes a struct whose field tag tells its variants apart as a
// discriminated union: each variant has the tag and the fields tsin gives it.
func (g *generator) unionDecl(t reflect.Type, name string, fs []field, extends []string, tag field) string {
	if len(extends) > 0 {
		g.errs = append(g.errs, fmt.Errorf("%s: a union cannot embed structs", goName(t)))
	}
	known := map[string]bool{}
	for _, v := range tag.union {
		known[v] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "export type %s =\n", name)
	for _, variant := range tag.union {
		var lines []string
		lines = append(lines, fmt.Sprintf("%s: %s;\n", propName(tag.name), strconv.Quote(variant)))
		for _, f := range fs {
			if f.union != nil {
				continue
			}
			always, in := f.in[variant]
			if f.in != nil && !in {
				continue
			}
			lines = append(lines, member(f, f.optional && !always, f.nullable && !always, "      "))
		}
		if len(lines) == 1 {
			fmt.Fprintf(&b, "  | { %s }\n", strings.TrimSuffix(lines[0], ";\n"))
			continue
		}
		b.WriteString("  | {\n      " + lines[0])
		for _, l := range lines[1:] {
			b.WriteString(l)
		}
		b.WriteString("    }\n")
	}
	for _, f := range fs {
		for _, v := range f.inOrder {
			if !known[v] {
				g.errs = append(g.errs, fmt.Errorf("%s.%s: variant %q is not in %s", goName(t), f.goField.Name, v, tagUnion))
			}
		}
	}
	s := b.String()
	return strings.TrimSuffix(s, "\n") + ";\n"
}

// inlineStruct is an anonymous struct as an object type.
func (g *generator) inlineStruct(t reflect.Type) string {
	fs, extends := g.fields(t)
	if len(extends) > 0 {
		g.errs = append(g.errs, fmt.Errorf("%s: an anonymous struct cannot embed structs", t))
	}
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = strings.TrimSuffix(member(field{name: f.name, ts: f.ts}, f.optional, f.nullable, ""), ";\n")
	}
	return "{ " + strings.Join(parts, "; ") + " }"
}

// docComment is a JSDoc block of a Go comment plus an extra last line.
func docComment(doc, extra, indent string) string {
	var lines []string
	if doc = strings.TrimSpace(doc); doc != "" {
		lines = strings.Split(doc, "\n")
	}
	if extra != "" {
		lines = append(lines, extra)
	}
	if len(lines) == 0 {
		return ""
	}
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "*/", "*\\/")
	}
	if len(lines) == 1 {
		return indent + "/** " + lines[0] + " */\n"
	}
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */\n")
	return b.String()
}
