package content

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The shop's own stages load in order, with their names and progress.
func TestRealProductionStages(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range site.Config.Stages {
		ids = append(ids, s.ID)
		for _, loc := range []string{"en", "pl", "de"} {
			if s.Names[loc] == "" {
				t.Errorf("stage %s has no %s name", s.ID, loc)
			}
		}
	}
	if want := []string{"parts-ordered", "hilt-machined", "electronics", "tested", "ready"}; !reflect.DeepEqual(ids, want) {
		t.Errorf("stages %v, want %v", ids, want)
	}
	if last := site.Config.Stages[len(site.Config.Stages)-1]; last.Progress != 100 {
		t.Errorf("the last stage is %d%% of the build, want 100", last.Progress)
	}
}

// withProduction is a content folder whose config.toml is the real one
// with [production] replaced by table.
func withProduction(t *testing.T, table string) string {
	dir := t.TempDir()
	b, err := os.ReadFile("../../content/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	start := strings.Index(src, "[[production.stages]]")
	end := strings.Index(src, "# Invented placeholder data")
	if start < 0 || end < start {
		t.Fatal("config.toml: no [[production.stages]] before the company")
	}
	write(t, dir, "config.toml", src[:start]+table+"\n"+src[end:])
	return dir
}

func TestProductionStageErrors(t *testing.T) {
	dir := withProduction(t, `[[production.stages]]
id = "Parts"
names = { en = "Parts", pl = "Części" }
progress = 50

[[production.stages]]
id = "tested"
names = { en = "Tested", pl = "Testy", de = "Getestet" }
progress = 40
colour = "red"

[[production.stages]]
id = "tested"
names = { en = "Again", pl = "Znowu", de = "Wieder" }
progress = 101
`)
	_, err := loadConfig(dir)
	if err == nil {
		t.Fatal("loaded")
	}
	msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
	// Line numbers count from the start of config.toml: the table begins
	// after the lines before it.
	b, _ := os.ReadFile(filepath.Join(dir, "config.toml"))
	first := strings.Count(string(b[:strings.Index(string(b), "[[production.stages]]")]), "\n") + 1
	line := func(n int) string { return "content/config.toml:" + strconv.Itoa(first+n) + ": " }
	for _, want := range []string{
		line(1) + `production.stages.0.id: "Parts" must be lower-case letters, digits and dashes`,
		line(2) + "production.stages.0.names.de: missing",
		line(8) + "production.stages.1.progress: 40 is less than the 50 of the stage before",
		line(9) + "production.stages.1.colour: unknown field",
		line(12) + `production.stages.2.id: duplicate stage "tested"`,
		line(14) + "production.stages.2.progress: must be between 1 and 100, got 101",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("lacks %q in:\n%s", want, msg)
		}
	}
}

// Without progress the stages share the build evenly; without a
// [production] table there are none.
func TestProductionStageDefaults(t *testing.T) {
	dir := withProduction(t, `[[production.stages]]
id = "a"
names = { en = "A", pl = "A", de = "A" }

[[production.stages]]
id = "b"
names = { en = "B", pl = "B", de = "B" }

[[production.stages]]
id = "c"
names = { en = "C", pl = "C", de = "C" }
`)
	c, err := loadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, s := range c.Stages {
		got = append(got, s.Progress)
	}
	if !reflect.DeepEqual(got, []int{33, 66, 100}) {
		t.Errorf("progress %v, want [33 66 100]", got)
	}
	c, err = loadConfig(withProduction(t, ""))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Stages) != 0 {
		t.Errorf("no [production]: %d stages", len(c.Stages))
	}
}

// loadConfig loads config.toml of dir alone.
func loadConfig(dir string) (Config, error) {
	l := &loader{dir: dir, display: displayRoot(dir)}
	c, _ := l.loadConfig()
	return c, l.diags.Err()
}
