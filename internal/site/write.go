package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/andybalholm/brotli"
	"golang.org/x/sys/unix"
)

// compressible are the text types that get .gz and .br siblings.
var compressible = map[string]bool{
	".html": true, ".css": true, ".js": true, ".json": true, ".xml": true,
	".txt": true, ".svg": true, ".webmanifest": true, ".map": true,
}

// brotliQuality 5 was measured on the real site's 1.7 MB of text: 0.20 s
// and 431 KB, against 6.3 s and 390 KB at quality 11 (docs/benchmarks.md).
// A build must stay under a second on two cores; 10% is not worth 30x.
const brotliQuality = 5

// compressCache keeps compressed bodies by content hash across rebuilds, so
// an incremental build only compresses what changed.
type compressCache struct {
	mu sync.Mutex
	m  map[[32]byte][2][]byte
}

func (c *compressCache) get(body []byte) ([]byte, []byte, error) {
	key := sha256.Sum256(body)
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v[0], v[1], nil
	}
	var gz, br bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, 6)
	if _, err := zw.Write(body); err != nil {
		return nil, nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, nil, err
	}
	bw := brotli.NewWriterLevel(&br, brotliQuality)
	if _, err := bw.Write(body); err != nil {
		return nil, nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, nil, err
	}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[[32]byte][2][]byte{}
	}
	c.m[key] = [2][]byte{gz.Bytes(), br.Bytes()}
	c.mu.Unlock()
	return gz.Bytes(), br.Bytes(), nil
}

// output is the set of files one build writes, by slash path.
type output struct {
	files map[string][]byte
	copy  map[string]string // slash path -> source file to copy (static files)
}

func newOutput() *output {
	return &output{files: map[string][]byte{}, copy: map[string]string{}}
}

func (o *output) add(p string, body []byte) error {
	if _, dup := o.files[p]; dup {
		return fmt.Errorf("two outputs write %s", p)
	}
	if _, dup := o.copy[p]; dup {
		return fmt.Errorf("a static file and a page both write %s", p)
	}
	o.files[p] = body
	return nil
}

// writeTree writes o into a new directory next to outDir, then swaps it in.
// A failure at any point leaves outDir as it was.
func writeTree(o *output, outDir string, compress bool, cache *compressCache) (bytesWritten int64, err error) {
	outDir = filepath.Clean(outDir)
	parent := filepath.Dir(outDir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(outDir)+".tmp-")
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	type job struct {
		path string
		body []byte
		src  string
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	fail := func(e error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = e
		}
		mu.Unlock()
	}
	// Creating a file costs about a millisecond of syscall time on this
	// VM's disk, so writers outnumber cores: measured 2.5 s -> see
	// docs/benchmarks.md for the 1,000-page site.
	for i := 0; i < 4*runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				n, e := writeOne(tmp, j.path, j.body, j.src, compress, cache)
				if e != nil {
					fail(e)
					continue
				}
				mu.Lock()
				bytesWritten += n
				mu.Unlock()
			}
		}()
	}
	for p, body := range o.files {
		jobs <- job{path: p, body: body}
	}
	for p, src := range o.copy {
		jobs <- job{path: p, src: src}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	return bytesWritten, swap(tmp, outDir)
}

func writeOne(root, p string, body []byte, src string, compress bool, cache *compressCache) (int64, error) {
	dst := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return 0, err
	}
	if src != "" {
		b, err := os.ReadFile(src)
		if err != nil {
			return 0, err
		}
		body = b
	}
	if err := os.WriteFile(dst, body, 0o644); err != nil {
		return 0, err
	}
	n := int64(len(body))
	if !compress || !compressible[path.Ext(p)] {
		return n, nil
	}
	gz, br, err := cache.get(body)
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(dst+".gz", gz, 0o644); err != nil {
		return 0, err
	}
	if err := os.WriteFile(dst+".br", br, 0o644); err != nil {
		return 0, err
	}
	return n + int64(len(gz)+len(br)), nil
}

// swap puts the new tree in place of outDir. On Linux it is one atomic
// renameat2(RENAME_EXCHANGE): a server reading outDir sees the old tree or
// the new one, never a mix or nothing.
func swap(tmp, outDir string) error {
	if _, err := os.Stat(outDir); errors.Is(err, os.ErrNotExist) {
		return os.Rename(tmp, outDir)
	}
	if err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, outDir, unix.RENAME_EXCHANGE); err == nil {
		return os.RemoveAll(tmp) // tmp now holds the previous tree
	}
	old := tmp + ".old"
	if err := os.Rename(outDir, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, outDir); err != nil {
		_ = os.Rename(old, outDir)
		return err
	}
	return os.RemoveAll(old)
}

// isTextPath says whether a file is text for the size summary.
func isTextPath(p string) bool { return compressible[path.Ext(p)] }

// hashOutput is the content hash of every file of o.
func hashOutput(o *output) (map[string][32]byte, error) {
	hashes := make(map[string][32]byte, len(o.files)+len(o.copy))
	for p, body := range o.files {
		hashes[p] = sha256.Sum256(body)
	}
	for p, src := range o.copy {
		body, err := os.ReadFile(src)
		if err != nil {
			return nil, err
		}
		hashes[p] = sha256.Sum256(body)
	}
	return hashes, nil
}

// updateInPlace brings outDir from the state recorded in written to o,
// touching only what changed: a one-paragraph edit rewrites one page, not
// the whole tree. written is updated to the new state.
func updateInPlace(o *output, outDir string, written map[string][32]byte) (int64, error) {
	next, err := hashOutput(o)
	if err != nil {
		return 0, err
	}
	var n int64
	for p, h := range next {
		if old, ok := written[p]; ok && old == h {
			continue
		}
		body, ok := o.files[p]
		if !ok {
			if body, err = os.ReadFile(o.copy[p]); err != nil {
				return n, err
			}
		}
		dst := filepath.Join(outDir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return n, err
		}
		// Write beside and rename, so a reader never sees half a page.
		tmp := dst + ".tmp"
		if err := os.WriteFile(tmp, body, 0o644); err != nil {
			return n, err
		}
		if err := os.Rename(tmp, dst); err != nil {
			return n, err
		}
		written[p] = h
		n += int64(len(body))
	}
	for p := range written {
		if _, ok := next[p]; !ok {
			if err := os.Remove(filepath.Join(outDir, filepath.FromSlash(p))); err != nil && !errors.Is(err, os.ErrNotExist) {
				return n, err
			}
			delete(written, p)
		}
	}
	return n, nil
}
