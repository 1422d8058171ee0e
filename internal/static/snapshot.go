package static

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// snapshot is one build of the site as the walk found it. It never changes;
// a reload builds a new one.
type snapshot struct {
	root    *os.Root
	dirInfo fs.FileInfo // the root directory, to notice a swapped-in build

	files    map[string]*file // URL path of every servable file, "/shop/arc/index.html"
	pages    map[string]*file // URL path of a directory with an index.html, no trailing slash ("" is the site root)
	locales  []string         // non-default locale prefixes, "pl"
	notFound map[string]*file // by locale prefix ("" default): its 404.html
	status   map[string]*file // by locale prefix: its status/index.html

	canonicalLinks map[string]string // page directory -> the path its rel=canonical names
	redirects      map[string]string // an alias (old path) -> the page's URL (redirects.go)

	csp          []string // the Content-Security-Policy header value
	inlineHashes int      // how many inline script/style hashes the CSP lists
	cached       int64    // bytes of file bodies kept in memory
}

// file is one servable resource and the representations it has.
type file struct {
	urlPath      string
	contentType  []string // header values, shared by every response: never appended to
	cacheControl []string
	vary         []string // nil when there is no compressed sibling
	reps         []*rep   // preferred first: br, gzip, then identity (always last)
	statusShell  bool     // a locale's status/index.html: its URLs hold a secret
}

// rep is one stored representation of a file: the file itself or its
// precompressed sibling.
type rep struct {
	name     string // path inside the root
	coding   coding
	size     int64
	modTime  time.Time
	etag     []string
	encoding []string // Content-Encoding value; nil for identity
	length   []string // Content-Length value
	modified []string // Last-Modified value
	body     []byte   // the bytes, when small enough to keep in memory
	fast     fastSlot // the fast lane's header blocks (lane.go), made on first use
}

func (f *file) identity() *rep { return f.reps[len(f.reps)-1] }

// load opens dir and walks it into a snapshot.
func load(dir string, opts *Options) (*snapshot, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("static: open site root: %w", err)
	}
	s, err := walk(root, dir, opts)
	if err != nil {
		root.Close()
		return nil, err
	}
	return s, nil
}

func walk(root *os.Root, dir string, opts *Options) (*snapshot, error) {
	// The identity comes from the open descriptor, not the path: if a build
	// is swapped in during the walk, the next check sees a difference.
	dirInfo, err := root.Stat(".")
	if err != nil {
		return nil, fmt.Errorf("static: stat site root: %w", err)
	}
	if err := checkDir(dirInfo, dir); err != nil {
		return nil, err
	}
	found := map[string]fs.FileInfo{}
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		// Root.Stat follows a symlink only while it stays inside the root;
		// an escaping or dangling one fails and is left out. Symlinked
		// directories are not descended into (the build writes none).
		fi, err := root.Stat(p)
		if err != nil || !fi.Mode().IsRegular() {
			return nil
		}
		found[p] = fi
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("static: walk site: %w", err)
	}

	s := &snapshot{
		root:     root,
		dirInfo:  dirInfo,
		files:    make(map[string]*file, len(found)/2),
		pages:    map[string]*file{},
		notFound: map[string]*file{},
		status:   map[string]*file{},
	}
	for p, fi := range found {
		if c, orig := siblingOf(p); c != identity {
			if _, ok := found[orig]; ok {
				continue // a representation of orig, not a resource of its own
			}
		}
		f := newFile(p, fi)
		for _, c := range []coding{brotli, gzip} {
			sib, ok := found[p+c.ext()]
			// A sibling no smaller than the original is not worth the
			// Content-Encoding: send the original.
			if ok && sib.Size() < fi.Size() {
				f.reps = append(f.reps, newRep(p+c.ext(), c, sib))
			}
		}
		f.reps = append(f.reps, newRep(p, identity, fi))
		if len(f.reps) > 1 {
			f.vary = []string{"Accept-Encoding"}
		}
		s.files[f.urlPath] = f
		if path.Base(p) == "index.html" {
			s.pages[strings.TrimSuffix(f.urlPath, "/index.html")] = f
		}
	}

	if s.redirects, err = loadRedirects(root); err != nil {
		return nil, err
	}
	delete(s.files, "/"+redirectsFile)

	s.locales = opts.Locales
	if s.locales == nil {
		s.locales = catalogLocales(root, s.pages)
	}
	for _, prefix := range append([]string{""}, s.locales...) {
		base := ""
		if prefix != "" {
			base = "/" + prefix
		}
		if f := s.files[base+"/404.html"]; f != nil {
			s.notFound[prefix] = f
		}
		if f := s.files[base+"/status/index.html"]; f != nil {
			s.status[prefix] = f
			f.statusShell = true
		}
	}

	if opts.Banner != nil {
		if err := addBanner(root, s.files, opts.Banner); err != nil {
			return nil, err
		}
	}
	facts, err := scanSite(root, s.files)
	if err != nil {
		return nil, err
	}
	s.inlineHashes = len(facts.scriptHashes) + len(facts.styleHashes)
	s.csp = []string{buildCSP(facts, opts)}
	s.canonicalLinks = facts.canonical
	s.cached = keepInMemory(root, s.files, opts.cacheBytes())
	return s, nil
}

func newFile(p string, fi fs.FileInfo) *file {
	u := "/" + p
	return &file{
		urlPath:      u,
		contentType:  []string{contentType(p)},
		cacheControl: []string{cachePolicy(u)},
	}
}

func newRep(name string, c coding, fi fs.FileInfo) *rep {
	r := &rep{
		name:     name,
		coding:   c,
		size:     fi.Size(),
		modTime:  fi.ModTime(),
		length:   []string{strconv.FormatInt(fi.Size(), 10)},
		modified: []string{fi.ModTime().UTC().Format(http.TimeFormat)},
	}
	// Size and modification time identify the bytes well enough for a
	// single server (nginx does the same); the coding makes each
	// representation's tag different, as a strong ETag must be.
	tag := `"` + strconv.FormatInt(fi.Size(), 36) + "-" + strconv.FormatInt(fi.ModTime().UnixNano(), 36)
	if c != identity {
		tag += "-" + c.token()
		r.encoding = []string{c.token()}
	}
	r.etag = []string{tag + `"`}
	return r
}

// siblingOf reports whether p is a precompressed sibling and of which file.
func siblingOf(p string) (coding, string) {
	for _, c := range []coding{brotli, gzip} {
		if orig, ok := strings.CutSuffix(p, c.ext()); ok {
			return c, orig
		}
	}
	return identity, p
}

// catalogLocales reads the locale codes from catalog.json and keeps the
// ones with their own directory of pages: the default locale has none.
func catalogLocales(root *os.Root, pages map[string]*file) []string {
	b, err := root.ReadFile("catalog.json")
	if err != nil {
		return nil
	}
	var cat struct {
		Locales []struct {
			Code string `json:"code"`
		} `json:"locales"`
	}
	if json.Unmarshal(b, &cat) != nil {
		return nil
	}
	var out []string
	for _, l := range cat.Locales {
		if _, ok := pages["/"+l.Code]; ok && l.Code != "" && !strings.Contains(l.Code, "/") {
			out = append(out, l.Code)
		}
	}
	sort.Strings(out)
	return out
}

// maxCachedFile is the largest file kept in memory: bigger ones are sent
// from disk with sendfile, where the copy costs less than the open.
const maxCachedFile = 256 << 10

// keepInMemory reads the bodies of small representations, smallest first,
// until budget bytes are used, and returns the bytes kept. Answering from
// memory saves the open, fstat, seek and close of every request, and lets
// headers and body leave in one write (the 1.3x over http.FileServer came
// from here; see bench_test.go and
// docs/benchmarks.md#static-handler-against-httpfileserver).
func keepInMemory(root *os.Root, files map[string]*file, budget int64) int64 {
	var reps []*rep
	for _, f := range files {
		for _, r := range f.reps {
			if r.body == nil && r.size <= maxCachedFile && r.size <= budget {
				reps = append(reps, r)
			}
		}
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].size < reps[j].size })
	var used int64
	for _, r := range reps {
		if used+r.size > budget {
			break
		}
		b, err := root.ReadFile(r.name)
		if err != nil || int64(len(b)) != r.size {
			continue // changed since the walk: served from disk, verified
		}
		r.body = b
		used += r.size
	}
	return used
}
