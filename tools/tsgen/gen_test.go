package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The sample types cover each rule of docs/contract.md once; their
// TypeScript is testdata/sample.ts.

// colour is a named string type with constants: a union of their values.
type colour string

const (
	red   colour = "red"
	green colour = "green" // a second value
)

// free is a named string type without constants: a plain string.
type free string

// base is embedded: the struct that embeds it extends it.
type base struct {
	ID string `json:"id"`
}

// sample has one field per rule.
type sample struct {
	base
	Name      string             `json:"name"` // a json name
	Bare      int                // no tag: the Go name
	Skipped   string             `json:"-"` // never in JSON
	hidden    string             // unexported: never in JSON
	Maybe     string             `json:"maybe,omitempty"` // omitempty: optional
	Zero      time.Time          `json:"zero,omitzero"`   // omitzero: optional; time.Time: string
	Nullable  *base              `json:"nullable"`        // a pointer JSON writes as null
	Optional  *base              `json:"optional,omitempty"`
	List      []base             `json:"list"`
	Bytes     []byte             `json:"bytes"` // base64
	Pair      [2]int             `json:"pair"`  // an array: a tuple
	Colour    colour             `json:"colour"`
	Colours   []colour           `json:"colours"`
	Free      free               `json:"free"`
	ByName    map[string]int64   `json:"by_name"`
	ByColour  map[colour]string  `json:"by_colour"` // keys with known values: a partial record
	Quoted    int64              `json:"quoted,string"`
	Anything  any                `json:"anything"`
	Raw       json.RawMessage    `json:"raw"`
	Inline    struct{ A, B int } `json:"inline"`
	Nullables []*base            `json:"nullables"` // nil elements are null
	Other     other              `json:"other"`     // named after its Go name, capitalised
	WeirdName string             `json:"weird-name"`
}

type other struct {
	X float64 `json:"x"`
}

// shape is a union told apart by Kind.
type shape struct {
	Kind   string  `json:"kind" tsunion:"circle square empty"`
	Radius float64 `json:"radius" tsin:"circle"`
	Side   float64 `json:"side,omitempty" tsin:"square"`
	Centre *other  `json:"centre,omitempty" tsin:"circle! square"` // "!": always set in a circle
	Label  string  `json:"label"`                                  // no tsin: in every variant
}

func TestGolden(t *testing.T) {
	got := generateSample(t, map[string]any{"Sample": sample{}, "Shape": shape{}})
	golden := filepath.Join("testdata", "sample.ts")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with UPDATE_GOLDEN=1 to create it)", err)
	}
	if string(want) != got {
		t.Errorf("the sample's TypeScript differs from %s; if intended, run UPDATE_GOLDEN=1 go test ./tools/tsgen\n--- got\n%s", golden, got)
	}
}

// TestSampleJSON holds the generator to encoding/json: the members a zero
// sample is written with are the required members of its TS type (with
// its base's), and a colour's values are its constants.
func TestSampleJSON(t *testing.T) {
	body, err := json.Marshal(sample{hidden: "not written", Skipped: "not written", Colour: red, Colours: []colour{green}})
	if err != nil {
		t.Fatal(err)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil {
		t.Fatal(err)
	}
	var written []string
	for k := range members {
		written = append(written, k)
	}
	ts := generateSample(t, map[string]any{"Sample": sample{}})
	var required []string
	for _, decl := range []string{"export interface Base {", "export interface Sample extends Base {"} {
		block := ts[strings.Index(ts, decl):]
		block = block[:strings.Index(block, "\n}")]
		for _, m := range tsMember.FindAllStringSubmatch(block, -1) {
			if m[2] == "" {
				required = append(required, strings.Trim(m[1], `"`))
			}
		}
	}
	slices.Sort(written)
	slices.Sort(required)
	if !slices.Equal(written, required) {
		t.Errorf("JSON writes %v\nTS requires %v", written, required)
	}
	src, _ := newSources(filepath.Join("..", ".."))
	if got := src.constants(reflect.TypeFor[colour]()); !slices.Equal(got, []string{string(red), string(green)}) {
		t.Errorf("colour's values: %v", got)
	}
}

var tsMember = regexp.MustCompile(`(?m)^  ("[^"]+"|\w+)(\??): `)

func generateSample(t *testing.T, roots map[string]any) string {
	t.Helper()
	src, err := newSources(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	got, err := render(src, "Sample types of the generator's test.", roots, map[reflect.Type]declaredIn{}, "sample.ts")
	if err != nil {
		t.Fatal(err)
	}
	return got
}

type clash struct{ Other other }

// otherAgain is a second Go type that would be named Other.
type otherAgain struct{}

type selfMarshal struct{}

func (selfMarshal) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type marshals struct{ M selfMarshal }

type zeroTime struct {
	At time.Time `json:"at,omitempty"`
}

type badVariant struct {
	Kind string `json:"kind" tsunion:"a b"`
	X    int    `json:"x" tsin:"c"`
}

// TestRefuses: what the generator cannot say truthfully fails the run.
func TestRefuses(t *testing.T) {
	src, err := newSources(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for name, roots := range map[string]map[string]any{
		"both want the TypeScript name Other": {"Clash": clash{}, "Other": otherAgain{}},
		"marshals itself":                     {"S": marshals{}},
		`variant "c" is not in tsunion`:       {"Bad": badVariant{}},
		"omitempty never leaves out a struct": {"Z": zeroTime{}},
	} {
		_, err := newGenerator(src, nil).generate(roots)
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("want an error with %q, got %v", name, err)
		}
	}
}

// TestCheck: -check passes on a fresh file and fails on a missing or
// edited one; it never writes.
func TestCheck(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outs := []output{{path: "gen/sample.ts", about: "Sample types of the generator's test.", roots: map[string]any{"Other": other{}}}}
	path := filepath.Join(root, "gen", "sample.ts")
	if err := run(root, outs, true); err == nil {
		t.Fatal("check passed without the file")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("check wrote the file: %v", err)
	}
	if err := run(root, outs, false); err != nil {
		t.Fatal(err)
	}
	if err := run(root, outs, true); err != nil {
		t.Fatalf("check of a fresh file: %v", err)
	}
	if err := os.WriteFile(path, []byte("// edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(root, outs, true); err == nil {
		t.Fatal("check passed on an edited file")
	}
}

// TestRepositoryFilesFresh is make lint's check as a test: the committed
// files under components/generated and desk/generated are what the Go
// types give.
func TestRepositoryFilesFresh(t *testing.T) {
	if err := run(filepath.Join("..", ".."), outputs, true); err != nil {
		t.Fatal(err)
	}
}

// holder reaches other, which an earlier file declares.
type holder struct {
	Other other `json:"other"`
}

// both reaches two Go types that two earlier files declare as Other.
type both struct {
	A other      `json:"a"`
	B otherAgain `json:"b"`
}

// TestImportsAcrossFolders: a type an earlier file declares is imported
// from it by a relative path, from its own folder or another one, and a
// name both imported and declared (or imported twice) fails the run.
func TestImportsAcrossFolders(t *testing.T) {
	for _, c := range []struct{ dir, module, want string }{
		{"components/generated", "components/generated/catalog", "./catalog"},
		{"desk/generated", "components/generated/api", "../../components/generated/api"},
		{"desk", "components/generated/api", "../components/generated/api"},
		{"a/b", "a/bc/x", "../bc/x"},
		{".", "gen/x", "./gen/x"},
	} {
		if got := relModule(c.dir, c.module); got != c.want {
			t.Errorf("relModule(%q, %q) = %q, want %q", c.dir, c.module, got, c.want)
		}
	}

	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	outs := []output{
		{path: "shop/gen/base.ts", about: "The earlier file.", roots: map[string]any{"Other": other{}}},
		{path: "desk/gen/desk.ts", about: "The later file.", roots: map[string]any{"Holder": holder{}}},
	}
	if err := run(root, outs, false); err != nil {
		t.Fatal(err)
	}
	later, err := os.ReadFile(filepath.Join(root, "desk", "gen", "desk.ts"))
	if err != nil {
		t.Fatal(err)
	}
	if want := `import type { Other } from "../../shop/gen/base";`; !strings.Contains(string(later), want) {
		t.Errorf("the later file lacks %s:\n%s", want, later)
	}

	outs[1].roots = map[string]any{"Holder": holder{}, "Other": otherAgain{}}
	if err := run(root, outs, true); err == nil || !strings.Contains(err.Error(), "Other is declared here and imported from shop/gen/base") {
		t.Errorf("a name declared and imported: %v", err)
	}
	twice := []output{outs[0], {path: "b/again.ts", about: "Another Other.", roots: map[string]any{"Other": otherAgain{}}},
		{path: "c/both.ts", about: "Both.", roots: map[string]any{"Both": both{}}}}
	if err := run(root, twice, false); err == nil || !strings.Contains(err.Error(), "Other is imported from b/again and from shop/gen/base") {
		t.Errorf("a name imported twice: %v", err)
	}
}
