package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// The committed snapshot holds only the entries of the modules it was made
// for; a module added to go.mod since would be checked against nothing.
func TestSnapshotCoversBuildList(t *testing.T) {
	b, err := os.ReadFile("db/SNAPSHOT")
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, p := range strings.Split(string(b), "\n")[1:] {
		covered[p] = true
	}
	mods, err := buildList()
	if err != nil {
		t.Fatal(err)
	}
	for p := range mods {
		if !covered[p] {
			t.Errorf("module %s is not in tools/vulndb/db; run go run ./tools/vulndb -vulndb <clone of golang/vulndb>", p)
		}
	}
}

// The committed database is in the layout govulncheck reads: every module
// in the index has its entries under ID/.
func TestSnapshotLayout(t *testing.T) {
	var db struct{ Modified time.Time }
	readJSON(t, "db/index/db.json", &db)
	if db.Modified.IsZero() {
		t.Error("index/db.json has no modification time")
	}
	var mods []struct {
		Path  string
		Vulns []struct{ ID string }
	}
	readJSON(t, "db/index/modules.json", &mods)
	stdlib := false
	for _, m := range mods {
		stdlib = stdlib || m.Path == "stdlib"
		for _, v := range m.Vulns {
			var e struct{ ID string }
			readJSON(t, "db/ID/"+v.ID+".json", &e)
			if e.ID != v.ID {
				t.Errorf("ID/%s.json is entry %q", v.ID, e.ID)
			}
		}
	}
	if !stdlib {
		t.Error("no standard library entries")
	}
}

func TestNonSupersededFix(t *testing.T) {
	r := func(events ...string) osvRange {
		var o osvRange
		o.Type = "SEMVER"
		for i := 0; i+1 < len(events); i += 2 {
			o.Events = append(o.Events, struct {
				Introduced string `json:"introduced"`
				Fixed      string `json:"fixed"`
			}{events[i], events[i+1]})
		}
		return o
	}
	for _, c := range []struct {
		ranges []osvRange
		want   string
	}{
		{[]osvRange{r("0", "", "", "1.25.13", "1.26.0-0", "", "", "1.26.6")}, "1.26.6"},
		{[]osvRange{r("0", "", "", "1.2.0"), r("1.3.0", "")}, ""}, // introduced again after the fix
		{[]osvRange{r("0", "")}, ""},
		{[]osvRange{r("0", "", "", "0.9.10"), r("", "0.10.0")}, "0.10.0"},
	} {
		if got := nonSupersededFix(c.ranges); got != c.want {
			t.Errorf("nonSupersededFix(%+v) = %q, want %q", c.ranges, got, c.want)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
