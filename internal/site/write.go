package site

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash/maphash"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
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

// The .gz siblings come from klauspost/compress's gzip (already in the
// module graph through the metrics package): at level 6 it compressed the
// real site's pages in 32 ms against the standard library's 71 ms, for
// 2.7 % more bytes, which only clients without brotli are sent
// (docs/benchmarks.md, "The 1,000-page build, third session").
var (
	gzipWriters = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(nil, 6)
		return w
	}}
	brotliWriters = sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, brotliQuality) }}
)

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
	// Writers are pooled: a new flate or brotli writer allocates its tables
	// (about 1 MB for gzip), which dominated compressing many small pages.
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&gz)
	if _, err := zw.Write(body); err != nil {
		return nil, nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, nil, err
	}
	bw := brotliWriters.Get().(*brotli.Writer)
	defer brotliWriters.Put(bw)
	bw.Reset(&br)
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

// writeStats says what a write did.
type writeStats struct {
	bytes   int64 // size of the whole output, siblings included
	written int64 // bytes written anew
	linked  int   // unchanged files hard-linked from the previous output
}

func (st *writeStats) add(o writeStats) {
	st.bytes += o.bytes
	st.written += o.written
	st.linked += o.linked
}

// writeTree writes o into a new directory next to outDir, then swaps it in.
// Files that did not change are hard-linked from the tree being replaced.
// A failure at any point leaves outDir as it was.
func writeTree(o *output, outDir string, compress bool, cache *compressCache, store buildCache, linkFrom string) (st writeStats, err error) {
	outDir = filepath.Clean(outDir)
	parent := filepath.Dir(outDir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return st, err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(outDir)+".tmp-")
	if err != nil {
		return st, err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(tmp)
		}
	}()
	if err := os.Chmod(tmp, 0o755); err != nil {
		return st, err
	}
	prev := ""
	if fi, err := os.Stat(outDir); err == nil && fi.IsDir() {
		prev = outDir
	}
	type job struct {
		path string
		body []byte
		src  string
	}
	jobs := make([]job, 0, len(o.files)+len(o.copy))
	for p, body := range o.files {
		jobs = append(jobs, job{path: p, body: body})
	}
	for p, src := range o.copy {
		jobs = append(jobs, job{path: p, src: src})
	}
	var mu sync.Mutex
	var firstErr error
	onDisk(jobs, func(j job) {
		one, e := writeOne(tmp, prev, j.path, j.body, j.src, compress, cache, store, linkFrom)
		mu.Lock()
		if e != nil && firstErr == nil {
			firstErr = e
		}
		st.add(one)
		mu.Unlock()
	})
	if firstErr != nil {
		return st, firstErr
	}
	old, err := swap(tmp, outDir)
	if err != nil || old == "" {
		return st, err
	}
	// The tree it replaced goes to the cache's trash, emptied while the
	// next build waits for node (emptyTrash): removing 780 files and their
	// siblings was a tenth of a one-page rebuild. Without a cache (or on
	// another filesystem) it is removed now.
	if store.dir != "" {
		trash := store.file(trashDir)
		if os.MkdirAll(trash, 0o755) == nil && os.Rename(old, filepath.Join(trash, filepath.Base(old))) == nil {
			return st, nil
		}
	}
	return st, removeTree(old)
}

// trashDir is the build cache's folder of replaced output trees.
const trashDir = "trash"

// emptyTrash removes the replaced output trees writeTree left in the
// cache's trash.
func emptyTrash(store buildCache) {
	if store.dir == "" {
		return
	}
	entries, err := os.ReadDir(store.file(trashDir))
	if err != nil {
		return
	}
	for _, e := range entries {
		removeTree(filepath.Join(store.file(trashDir), e.Name()))
	}
}

// writeOne writes one file (and its compressed siblings) into root. When
// prev, the tree being replaced, holds the same bytes at the same path, the
// file and its siblings are hard-linked from there instead: creating a file
// costs about half a millisecond on this VM's disk, a link a few
// microseconds, and most of a rebuild is unchanged (docs/benchmarks.md).
//
// With a build cache (store), a file that is not in prev is hard-linked
// from the cache's copy of the same bytes, made first when missing: a build
// into an empty directory then creates only what no build made before.
// Copies of files under linkFrom (the photo cache, whose files never
// change) are hard-linked from there.
func writeOne(root, prev, p string, body []byte, src string, compress bool, cache *compressCache, store buildCache, linkFrom string) (writeStats, error) {
	var st writeStats
	dst := filepath.Join(root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return st, err
	}
	if src != "" && store.dir != "" && linkFrom != "" && strings.HasPrefix(src, linkFrom+string(filepath.Separator)) {
		if fi, err := os.Stat(src); err == nil && os.Link(src, dst) == nil {
			return writeStats{bytes: fi.Size(), linked: 1}, nil
		}
	}
	if src != "" {
		b, err := os.ReadFile(src)
		if err != nil {
			return st, err
		}
		body = b
	}
	siblings := compress && compressible[path.Ext(p)]
	if prev != "" {
		if n, ok := linkUnchanged(filepath.Join(prev, filepath.FromSlash(p)), dst, body, siblings); ok {
			return writeStats{bytes: n, linked: 1}, nil
		}
	}
	if store.dir != "" {
		if one, ok, err := linkFromStore(store, dst, body, siblings, cache); err != nil || ok {
			return one, err
		}
	}
	if err := os.WriteFile(dst, body, 0o644); err != nil {
		return st, err
	}
	st.bytes = int64(len(body))
	if siblings {
		gz, br, err := cache.get(body)
		if err != nil {
			return st, err
		}
		if err := os.WriteFile(dst+".gz", gz, 0o644); err != nil {
			return st, err
		}
		if err := os.WriteFile(dst+".br", br, 0o644); err != nil {
			return st, err
		}
		st.bytes += int64(len(gz) + len(br))
	}
	st.written = st.bytes
	return st, nil
}

// linkFromStore links dst (and its siblings) from the build cache's
// objects, making the missing ones; ok is false when links do not work
// here, with nothing left behind.
func linkFromStore(store buildCache, dst string, body []byte, siblings bool, cache *compressCache) (st writeStats, ok bool, err error) {
	sum := sha256.Sum256(body)
	kinds := []string{""}
	if siblings {
		kinds = append(kinds, ".gz", ".br")
	}
	for i, ext := range kinds {
		make := func() ([]byte, error) {
			if ext == "" {
				return body, nil
			}
			gz, br, err := cache.get(body)
			if ext == ".gz" {
				return gz, err
			}
			return br, err
		}
		n, created, linked, err := store.linkObject(store.objectPath(sum, ext), dst+ext, make)
		if err != nil || !linked {
			for _, done := range kinds[:i] {
				os.Remove(dst + done)
			}
			return writeStats{}, false, err
		}
		st.bytes += n
		if created {
			st.written += n
		}
	}
	if st.written == 0 {
		st.linked = 1
	}
	return st, true, nil
}

// linkUnchanged hard-links old (and its .gz/.br when siblings) to dst if old
// holds exactly body, and returns the bytes linked. It reports false,
// leaving nothing behind, otherwise.
func linkUnchanged(old, dst string, body []byte, siblings bool) (int64, bool) {
	have, err := os.ReadFile(old)
	if err != nil || !bytes.Equal(have, body) {
		return 0, false
	}
	exts := []string{""}
	if siblings {
		exts = append(exts, ".gz", ".br")
	}
	var n int64
	for i, ext := range exts {
		fi, err := os.Stat(old + ext)
		if err == nil {
			err = os.Link(old+ext, dst+ext)
		}
		if err != nil {
			for _, done := range exts[:i] {
				os.Remove(dst + done)
			}
			return 0, false
		}
		n += fi.Size()
	}
	return n, true
}

// swap puts the new tree in place of outDir and returns where the tree it
// replaced is now ("" when there was none). On Linux it is one atomic
// renameat2(RENAME_EXCHANGE): a server reading outDir sees the old tree or
// the new one, never a mix or nothing.
func swap(tmp, outDir string) (string, error) {
	if _, err := os.Stat(outDir); errors.Is(err, os.ErrNotExist) {
		return "", os.Rename(tmp, outDir)
	}
	if err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, outDir, unix.RENAME_EXCHANGE); err == nil {
		return tmp, nil // tmp now holds the previous tree
	}
	old := tmp + ".old"
	if err := os.Rename(outDir, old); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, outDir); err != nil {
		_ = os.Rename(old, outDir)
		return "", err
	}
	return old, nil
}

// isTextPath says whether a file is text for the size summary.
func isTextPath(p string) bool { return compressible[path.Ext(p)] }

// outputSeed keys hashOutput: the hashes are compared within one process
// only (watch mode's record of what OutDir holds).
var outputSeed = maphash.MakeSeed()

// hashOutput is a hash of every file of o: maphash, not SHA-256, since it
// only tells this process's builds apart and runs on every save in watch
// mode (the SHA-256 of the whole output was 5 ms of a 40 ms rebuild;
// docs/decisions/build.md#watch-mode-records-what-it-wrote-by-a-fast-hash).
func hashOutput(o *output, imageCache string) (map[string]uint64, error) {
	hashes := make(map[string]uint64, len(o.files)+len(o.copy))
	for p, body := range o.files {
		hashes[p] = maphash.Bytes(outputSeed, body)
	}
	// A copied file (a static file, a photo's derivative) is known by its
	// source, size and modification time, not read and hashed: the photos
	// are most of the output's bytes, and reading them again on every save
	// was a third of a Markdown edit's rebuild. Editors and the
	// image cache change a file's mtime when they change it.
	// A photo's variant in the image cache is named by its content's key:
	// its path is enough.
	imageCache = filepath.Clean(imageCache) + string(filepath.Separator)
	for p, src := range o.copy {
		if strings.HasPrefix(src, imageCache) {
			hashes[p] = maphash.String(outputSeed, "image\x00"+src)
			continue
		}
		fi, err := os.Stat(src)
		if err != nil {
			return nil, err
		}
		hashes[p] = maphash.String(outputSeed, fmt.Sprintf("copy\x00%s\x00%d\x00%d", src, fi.Size(), fi.ModTime().UnixNano()))
	}
	return hashes, nil
}

// updateInPlace brings outDir from the state recorded in written to o,
// touching only what changed: a one-paragraph edit rewrites one page, not
// the whole tree. written is updated to the new state.
func updateInPlace(o *output, outDir, imageCache string, written map[string]uint64) (int64, error) {
	next, err := hashOutput(o, imageCache)
	if err != nil {
		return 0, err
	}
	n, err := writeChanged(o, outDir, next, written)
	if err != nil {
		return n, err
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

// writeChanged writes the files of o whose hash (next) is not what
// written says OutDir holds, and records them in written.
func writeChanged(o *output, outDir string, next, written map[string]uint64) (int64, error) {
	var n int64
	for p, h := range next {
		if old, ok := written[p]; ok && old == h {
			continue
		}
		body, ok := o.files[p]
		if !ok {
			var err error
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
	return n, nil
}

// removeTree is os.RemoveAll with the files unlinked in parallel (onDisk):
// the previous tree of a site with photos holds hundreds of files.
func removeTree(dir string) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err == nil {
		onDisk(files, func(f string) { os.Remove(f) })
	}
	return os.RemoveAll(dir) // the directories, and anything left
}

// onDisk calls do for every item from several goroutines: creating or
// removing a file is syscall latency more than CPU on this VM's disk
// (about half a millisecond each), so the workers outnumber the cores.
func onDisk[T any](items []T, do func(T)) {
	work := make(chan T)
	var wg sync.WaitGroup
	for i := 0; i < 4*runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for it := range work {
				do(it)
			}
		}()
	}
	for _, it := range items {
		work <- it
	}
	close(work)
	wg.Wait()
}
