// Command vulndb writes the vulnerability database that `make lint` gives
// govulncheck when vuln.go.dev cannot be reached: the entries of a
// golang/vulndb snapshot (the public repository behind vuln.go.dev) that
// concern the standard library, the Go toolchain or a module of our build
// list, in the v1 layout govulncheck reads with -db file:///abs/path:
//
//	index/db.json       {"modified": ...}, the newest entry's time
//	index/modules.json  [{path, vulns: [{id, modified, fixed}]}]
//	ID/<id>.json        the OSV entry
//	SNAPSHOT            the vulndb commit and its date, then the module
//	                    paths of the build list it was made for
//
// Run from the repository root with a clone (or bare copy) of
// https://github.com/golang/vulndb:
//
//	go run ./tools/vulndb -vulndb /path/to/vulndb [-out tools/vulndb/db]
//
// The repository's OSV files carry no modification times (vuln.go.dev
// fills them in when it deploys); an entry without one gets the snapshot's
// commit time, so govulncheck reports the data as of the snapshot.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/semver"
)

func main() {
	repo := flag.String("vulndb", "", "a clone or bare copy of github.com/golang/vulndb")
	out := flag.String("out", "tools/vulndb/db", "where to write the database (replaced)")
	flag.Parse()
	if *repo == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*repo, *out); err != nil {
		log.Fatal(err)
	}
}

func run(repo, out string) error {
	commit, date, err := snapshot(repo)
	if err != nil {
		return err
	}
	modules, err := buildList()
	if err != nil {
		return err
	}
	entries, err := readEntries(repo, func(e *entry) bool {
		for _, a := range e.Affected {
			if modules[a.Package.Name] {
				return true
			}
		}
		return false
	})
	if err != nil {
		return err
	}
	files, err := database(entries, date)
	if err != nil {
		return err
	}
	paths := make([]string, 0, len(modules))
	for p := range modules {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	files["SNAPSHOT"] = []byte(fmt.Sprintf("golang/vulndb %s %s\n%s\n", commit, date.Format(time.RFC3339), strings.Join(paths, "\n")))
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	for name, b := range files {
		p := filepath.Join(out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	log.Printf("%s: %d entries of golang/vulndb %.12s (%s) for the standard library, the toolchain and %d modules",
		out, len(entries), commit, date.Format(time.DateOnly), len(modules)-2)
	return nil
}

// entry is the part of an OSV entry the index needs; the file itself is
// kept as it is (raw), apart from a missing modification time.
type entry struct {
	ID       string    `json:"id"`
	Modified time.Time `json:"modified"`
	Affected []struct {
		Package struct {
			Name string `json:"name"`
		} `json:"package"`
		Ranges []osvRange `json:"ranges"`
	} `json:"affected"`
	raw map[string]json.RawMessage
}

type osvRange struct {
	Type   string `json:"type"`
	Events []struct {
		Introduced string `json:"introduced"`
		Fixed      string `json:"fixed"`
	} `json:"events"`
}

// database is the v1 layout's files for entries.
func database(entries []*entry, snapshotTime time.Time) (map[string][]byte, error) {
	type vuln struct {
		ID       string    `json:"id"`
		Modified time.Time `json:"modified"`
		Fixed    string    `json:"fixed,omitempty"`
	}
	type module struct {
		Path  string `json:"path"`
		Vulns []vuln `json:"vulns"`
	}
	files := map[string][]byte{}
	byPath := map[string]*module{}
	var newest time.Time
	for _, e := range entries {
		if e.Modified.IsZero() {
			e.Modified = snapshotTime
			e.raw["modified"], _ = json.Marshal(e.Modified)
		}
		if e.Modified.After(newest) {
			newest = e.Modified
		}
		b, err := json.MarshalIndent(e.raw, "", "  ")
		if err != nil {
			return nil, err
		}
		files["ID/"+e.ID+".json"] = append(b, '\n')
		for _, a := range e.Affected {
			m := byPath[a.Package.Name]
			if m == nil {
				m = &module{Path: a.Package.Name, Vulns: []vuln{}}
				byPath[a.Package.Name] = m
			}
			m.Vulns = append(m.Vulns, vuln{ID: e.ID, Modified: e.Modified, Fixed: nonSupersededFix(a.Ranges)})
		}
	}
	mods := make([]*module, 0, len(byPath))
	for _, m := range byPath {
		sort.Slice(m.Vulns, func(i, j int) bool { return m.Vulns[i].ID < m.Vulns[j].ID })
		mods = append(mods, m)
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })
	var err error
	if files["index/modules.json"], err = json.Marshal(mods); err != nil {
		return nil, err
	}
	if files["index/db.json"], err = json.Marshal(map[string]time.Time{"modified": newest}); err != nil {
		return nil, err
	}
	return files, nil
}

// nonSupersededFix is govulncheck's (golang.org/x/vuln/internal/semver):
// the latest fixed version of the SEMVER ranges, or "" when the
// vulnerability was introduced again after it. govulncheck fetches an
// entry only for a module older than this version.
func nonSupersededFix(ranges []osvRange) string {
	var latest string
	for _, r := range ranges {
		if r.Type != "SEMVER" {
			continue
		}
		for _, e := range r.Events {
			if e.Fixed != "" && less(latest, e.Fixed) {
				latest = e.Fixed
			}
		}
		for _, e := range r.Events {
			if e.Introduced != "" && e.Introduced != "0" && less(latest, e.Introduced) {
				latest = ""
				break
			}
		}
	}
	return latest
}

func less(a, b string) bool {
	canon := func(s string) string {
		return "v" + strings.TrimPrefix(strings.TrimPrefix(s, "v"), "go")
	}
	return semver.Compare(canon(a), canon(b)) < 0
}

// buildList is the set of module paths govulncheck may ask about: every
// module of `go list -m all`, the standard library and the toolchain.
func buildList() (map[string]bool, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}}", "all").Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m all: %w", err)
	}
	mods := map[string]bool{"stdlib": true, "toolchain": true}
	for _, p := range strings.Fields(string(out)) {
		mods[p] = true
	}
	return mods, nil
}

// snapshot is the commit of repo's HEAD and its time.
func snapshot(repo string) (string, time.Time, error) {
	out, err := git(repo, "log", "-1", "--format=%H %cI").Output()
	if err != nil {
		return "", time.Time{}, fmt.Errorf("%s: not a git repository of golang/vulndb: %w", repo, err)
	}
	commit, date, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	t, err := time.Parse(time.RFC3339, date)
	return commit, t.UTC(), err
}

// readEntries reads data/osv/*.json at HEAD straight from git (a bare copy
// has no work tree), keeping those keep accepts.
func readEntries(repo string, keep func(*entry) bool) ([]*entry, error) {
	ls, err := git(repo, "ls-tree", "--format=%(objectname) %(path)", "HEAD", "data/osv/").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-tree data/osv: %w", err)
	}
	var objects, names []string
	for _, l := range strings.Split(strings.TrimSpace(string(ls)), "\n") {
		obj, path, _ := strings.Cut(l, " ")
		if strings.HasSuffix(path, ".json") {
			objects, names = append(objects, obj), append(names, path)
		}
	}
	if len(objects) == 0 {
		return nil, errors.New("no data/osv/*.json at HEAD")
	}
	cmd := git(repo, "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(strings.Join(objects, "\n") + "\n")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r := bufio.NewReader(stdout)
	var kept []*entry
	for _, name := range names {
		b, err := readBlob(r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		e := &entry{}
		if err := json.Unmarshal(b, e); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := json.Unmarshal(b, &e.raw); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if filepath.Base(name) != e.ID+".json" {
			return nil, fmt.Errorf("%s: entry id %q does not match its file name", name, e.ID)
		}
		if keep(e) {
			kept = append(kept, e)
		}
	}
	return kept, cmd.Wait()
}

// readBlob reads one answer of git cat-file --batch: "<oid> blob <size>",
// the content, a newline.
func readBlob(r *bufio.Reader) ([]byte, error) {
	header, err := r.ReadString('\n')
	if err != nil {
		return nil, err
	}
	f := strings.Fields(header)
	if len(f) != 3 || f[1] != "blob" {
		return nil, fmt.Errorf("git cat-file: %q", strings.TrimSpace(header))
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, err
	}
	b := make([]byte, n+1)
	if _, err := io.ReadFull(r, b); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b, []byte("\n")), nil
}

func git(repo string, args ...string) *exec.Cmd {
	return exec.Command("git", append([]string{"--git-dir", gitDir(repo)}, args...)...)
}

// gitDir is repo's git directory: repo/.git for a clone, repo itself for a
// bare copy.
func gitDir(repo string) string {
	if fi, err := os.Stat(filepath.Join(repo, ".git")); err == nil && fi.IsDir() {
		return filepath.Join(repo, ".git")
	}
	return repo
}
