package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// sources reads the Go files of the packages whose types are generated, for
// what reflection cannot see: doc comments and the constants of a named
// string type (its known values).
type sources struct {
	root, module string
	pkgs         map[string]*pkgInfo // import path -> what its files say
}

type pkgInfo struct {
	typeDocs  map[string]string   // type -> doc comment
	fieldDocs map[string]string   // "Type.Field" -> doc or line comment
	consts    map[string][]string // type -> its constant string values, in source order
}

// newSources reads the module at root (the folder holding go.mod).
func newSources(root string) (*sources, error) {
	f, err := os.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &sources{root: root, pkgs: map[string]*pkgInfo{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			s.module = strings.Trim(strings.TrimSpace(m), `"`)
			break
		}
	}
	if s.module == "" {
		return nil, fmt.Errorf("%s/go.mod names no module", root)
	}
	return s, sc.Err()
}

func (s *sources) pkg(path string) *pkgInfo {
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	p := &pkgInfo{typeDocs: map[string]string{}, fieldDocs: map[string]string{}, consts: map[string][]string{}}
	s.pkgs[path] = p
	rel, ok := strings.CutPrefix(path, s.module)
	if !ok || (rel != "" && rel[0] != '/') {
		return p // outside the module (the standard library): no comments
	}
	dir := filepath.Join(s.root, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			continue
		}
		p.read(f)
	}
	return p
}

func (p *pkgInfo) read(f *ast.File) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch sp := spec.(type) {
			case *ast.TypeSpec:
				doc := sp.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				p.typeDocs[sp.Name.Name] = text(doc)
				if st, ok := sp.Type.(*ast.StructType); ok {
					for _, fld := range st.Fields.List {
						c := text(fld.Doc)
						if c == "" {
							c = text(fld.Comment)
						}
						for _, n := range fld.Names {
							p.fieldDocs[sp.Name.Name+"."+n.Name] = c
						}
					}
				}
			case *ast.ValueSpec:
				id, ok := sp.Type.(*ast.Ident)
				if gd.Tok != token.CONST || !ok {
					continue
				}
				for _, v := range sp.Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil {
							p.consts[id.Name] = append(p.consts[id.Name], s)
						}
					}
				}
			}
		}
	}
}

func text(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	return strings.TrimSpace(g.Text())
}

func (s *sources) typeDoc(t reflect.Type) string { return s.pkg(t.PkgPath()).typeDocs[t.Name()] }

func (s *sources) fieldDoc(t reflect.Type, field string) string {
	if t.Name() == "" {
		return ""
	}
	return s.pkg(t.PkgPath()).fieldDocs[t.Name()+"."+field]
}

// constants are the values of a named string type's constants.
func (s *sources) constants(t reflect.Type) []string {
	if t.Name() == "" {
		return nil
	}
	return s.pkg(t.PkgPath()).consts[t.Name()]
}
