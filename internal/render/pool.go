package render

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	neturl "net/url"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
)

// ErrWorkerDied is returned when a node worker exits while rendering a page
// and the retry on a fresh worker failed as well.
var ErrWorkerDied = errors.New("render: SSR worker died")

// Result is one rendered page body.
type Result struct {
	HTML    string   `json:"html"`
	Islands []string `json:"islands"`
	Eager   []string `json:"eager"` // islands hydrated on load: preload these
	Error   string   `json:"error"`
}

// PageError is a template that threw while rendering; it is not retried.
type PageError struct{ Message string }

func (e *PageError) Error() string { return e.Message }

// workerLoop is the SSR workers' program (worker.mjs): it reads requests
// before any bundle is loaded and imports the server bundle it is given.
//
//go:embed worker.mjs
var workerLoop string

// Pool runs the server bundle in long-lived node processes and sends them
// pages to render as JSON lines. A worker that dies is replaced and its page
// retried once.
type Pool struct {
	// script is the program a script pool's node runs (images.mjs, which
	// has its own loop); "" for an SSR pool, whose workers run workerLoop
	// and import bundle.
	script string
	bundle string
	// codeCache is the file of V8's code cache for bundle ("" for none):
	// worker.mjs compiles with it, and writes it when it is missing.
	codeCache string
	init      json.RawMessage
	initFn    func() (json.RawMessage, error)
	idle      chan *worker
	mu        sync.Mutex
	all       map[*worker]bool
	restarts  atomic.Int64
	cacheUsed atomic.Int64 // loads that compiled with the code cache
	closed    atomic.Bool
	size      int   // workers the pool keeps
	growing   int   // workers Grow is starting
	reloads   int64 // bundles swapped in by Reload (part of each import's URL)
}

type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *bytes.Buffer
	nextID int64
	done   chan struct{}
}

// NewPool starts n SSR workers on the server bundle and sends each the
// init message (i18n bundles and asset URLs).
func NewPool(bundle string, n int, init any) (*Pool, error) {
	raw, err := json.Marshal(init)
	if err != nil {
		return nil, err
	}
	return NewPoolLazy(bundle, "", n, func() (json.RawMessage, error) { return raw, nil })
}

// NewScriptPool starts n node processes running script, a program with
// its own request loop (images.mjs), and sends each the init message.
func NewScriptPool(script string, n int, init any) (*Pool, error) {
	raw, err := json.Marshal(init)
	if err != nil {
		return nil, err
	}
	p := newPool(n)
	p.script = script
	return p, p.startAll(func() (json.RawMessage, error) { return raw, nil })
}

// NewPoolLazy starts the node processes at once and calls init for the init
// message while they load the bundle (~150 ms), so the caller can finish
// the client bundles, whose URLs the message carries, in the meantime.
// codeCache is the file of V8's code cache for this bundle ("" for none).
func NewPoolLazy(bundle, codeCache string, n int, init func() (json.RawMessage, error)) (*Pool, error) {
	p := newPool(n)
	p.bundle, p.codeCache = bundle, codeCache
	return p, p.startAll(init)
}

// maxWorkers bounds a pool's workers (the idle channel's room): Grow may
// add to the workers a pool started with.
const maxWorkers = 64

func newPool(n int) *Pool {
	return &Pool{idle: make(chan *worker, maxWorkers), all: map[*worker]bool{}, size: min(n, maxWorkers)}
}

// startAll starts the pool's workers, each with its code and init; on an
// error the pool is closed.
func (p *Pool) startAll(init func() (json.RawMessage, error)) error {
	var once sync.Once
	var initErr error
	p.initFn = func() (json.RawMessage, error) {
		once.Do(func() { p.init, initErr = init() })
		return p.init, initErr
	}
	errs := make(chan error, p.size)
	for i := 0; i < p.size; i++ {
		go func() {
			w, err := p.start()
			if err == nil {
				p.idle <- w
			}
			errs <- err
		}()
	}
	var first error
	for i := 0; i < p.size; i++ {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		p.Close()
	}
	return first
}

// Spawn starts n SSR workers before their server bundle is known: node's
// start-up (about 110 ms on this VM) then runs beside the caller's own
// work, and Load gives them the bundle and the init message.
func Spawn(n int) (*Pool, error) {
	p := newPool(n)
	for range n {
		w, err := p.spawn()
		if err != nil {
			p.Close()
			return nil, err
		}
		p.idle <- w
	}
	return p, nil
}

// Grow starts workers until the pool has n, each with the pool's code and
// init, and returns at once: they take pages as soon as they are ready. A
// worker that fails to start, or is ready only after a Reload or Close, is
// dropped; the pool goes on with the workers it has.
func (p *Pool) Grow(n int) {
	p.mu.Lock()
	add := min(n, maxWorkers) - p.size - p.growing
	p.growing += max(add, 0)
	v := p.reloads
	p.mu.Unlock()
	for range add {
		go func() {
			w, err := p.start()
			p.mu.Lock()
			defer p.mu.Unlock()
			p.growing--
			if err != nil {
				return
			}
			if p.reloads != v || p.closed.Load() {
				delete(p.all, w)
				go w.kill()
				return
			}
			p.size++
			p.idle <- w
		}()
	}
}

// Load makes the workers Spawn started load bundle (with V8's code cache
// in codeCache, "" for none) and sends them init; on an error the caller
// closes the pool.
func (p *Pool) Load(bundle, codeCache string, init func() (json.RawMessage, error)) error {
	p.mu.Lock()
	p.bundle, p.codeCache = bundle, codeCache
	p.mu.Unlock()
	return p.load(init, false)
}

// nodeEnv is a clean environment: an inherited NODE_OPTIONS or
// NODE_EXTRA_CA_CERTS (~115 ms per start, measured) must not leak in.
func nodeEnv() []string {
	env := []string{"NODE_ENV=production"}
	for _, k := range []string{"PATH", "HOME", "TMPDIR", "LANG"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// spawn starts one node process: the SSR loop, or a script pool's script.
func (p *Pool) spawn() (*worker, error) {
	args := []string{"--input-type=module", "--eval", workerLoop}
	if p.script != "" {
		args = []string{p.script}
	}
	cmd := exec.Command("node", args...)
	cmd.Env = nodeEnv()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	w := &worker{cmd: cmd, stdin: stdin, stdout: bufio.NewReaderSize(stdout, 1<<20), stderr: &bytes.Buffer{}, done: make(chan struct{})}
	cmd.Stderr = &limitedWriter{buf: w.stderr, max: 64 << 10}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("render: start node: %w", err)
	}
	go func() {
		_ = cmd.Wait()
		close(w.done)
	}()
	p.mu.Lock()
	p.all[w] = true
	p.mu.Unlock()
	return w, nil
}

// start starts one worker with the pool's code and init message.
func (p *Pool) start() (*worker, error) {
	w, err := p.spawn()
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	initFn, reload := p.initFn, p.reloadMsg()
	p.mu.Unlock()
	err = func() error {
		if p.script == "" {
			cache, err := w.askCache(reload, "load")
			if err != nil {
				return err
			}
			p.loaded(cache)
		}
		init, err := initFn()
		if err != nil {
			return err
		}
		return w.ask(map[string]any{"init": init}, "init")
	}()
	if err != nil {
		p.forget(w)
		w.kill()
		return nil, err
	}
	return w, nil
}

// reloadMsg asks a worker to load the pool's bundle: its file: URL (the
// query tells the loads of a watch session apart in stack traces) and the
// code cache. A new map each time: the caller adds the request's id.
// Under p.mu.
func (p *Pool) reloadMsg() map[string]any {
	msg := map[string]any{"reload": (&neturl.URL{Scheme: "file", Path: p.bundle, RawQuery: fmt.Sprintf("v=%d", p.reloads)}).String()}
	if p.codeCache != "" {
		msg["codeCache"] = p.codeCache
	}
	return msg
}

// ask sends msg and wants {"ok": true} back; what names the step in
// the error.
func (w *worker) ask(msg map[string]any, what string) error {
	_, err := w.askCache(msg, what)
	return err
}

// askCache is ask for a load, which also says what became of the code
// cache ("used", "missing", "rejected"; "" without one).
func (w *worker) askCache(msg map[string]any, what string) (string, error) {
	var ok struct {
		OK        bool   `json:"ok"`
		Error     string `json:"error"`
		CodeCache string `json:"codeCache"`
	}
	if err := w.call(msg, &ok); err != nil {
		return "", err
	}
	if !ok.OK {
		return "", fmt.Errorf("render: worker %s: %s", what, ok.Error)
	}
	return ok.CodeCache, nil
}

// loaded notes what a worker's load said of the code cache.
func (p *Pool) loaded(cache string) {
	if cache == "used" {
		p.cacheUsed.Add(1)
	}
}

// CodeCacheUsed counts the loads that compiled the bundle with its code
// cache (V8 took it).
func (p *Pool) CodeCacheUsed() int64 { return p.cacheUsed.Load() }

// call sends one request and reads lines until the answer with its id.
func (w *worker) call(msg map[string]any, out any) error {
	w.nextID++
	id := w.nextID
	msg["id"] = id
	line, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := w.stdin.Write(append(line, '\n')); err != nil {
		return w.died(err)
	}
	for {
		resp, err := w.stdout.ReadBytes('\n')
		if err != nil {
			return w.died(err)
		}
		if got, ok := answerID(resp); !ok || got != id {
			continue // a stray line (a console.log in a template): skip it
		}
		return json.Unmarshal(resp, out)
	}
}

// answerID reads the id of an answer line. Every answer is an object whose
// first key is "id" (worker.mjs, templates/server.tsx), so the prefix is
// read by hand: decoding the whole line for its id first scanned each
// page's HTML twice more, a tenth of the Go side of a 1,000-page render.
// A line that starts otherwise is decoded in full.
func answerID(line []byte) (int64, bool) {
	if rest, ok := bytes.CutPrefix(line, []byte(`{"id":`)); ok {
		end := bytes.IndexAny(rest, ",}")
		if end > 0 {
			if id, err := strconv.ParseInt(string(rest[:end]), 10, 64); err == nil {
				return id, true
			}
		}
	}
	var head struct {
		ID *int64 `json:"id"`
	}
	if json.Unmarshal(line, &head) != nil || head.ID == nil {
		return 0, false
	}
	return *head.ID, true
}

func (w *worker) died(cause error) error {
	<-w.done
	return fmt.Errorf("%w (%v): %s", ErrWorkerDied, cause, bytes.TrimSpace(w.stderr.Bytes()))
}

func (w *worker) kill() {
	_ = w.stdin.Close()
	if w.cmd.Process != nil {
		_ = w.cmd.Process.Kill()
	}
	<-w.done
}

// Render renders one page request. It is safe for concurrent use; at most
// one page is in flight per worker.
func (p *Pool) Render(req any) (Result, error) {
	var res Result
	if err := p.Call("render", req, &res); err != nil {
		return Result{}, err
	}
	if res.Error != "" {
		return Result{}, &PageError{Message: res.Error}
	}
	return res, nil
}

// Call sends {kind: req} to an idle worker and decodes its answer into
// out (the image worker, images.mjs, answers "image" requests). A worker
// that dies is replaced and the request retried once on the new one.
func (p *Pool) Call(kind string, req any, out any) error {
	w := <-p.idle
	err := w.call(map[string]any{kind: req}, out)
	if errors.Is(err, ErrWorkerDied) {
		// Replace the dead worker and retry once on the new one.
		p.forget(w)
		p.restarts.Add(1)
		nw, serr := p.start()
		if serr != nil {
			p.idle <- w // keep the pool size; the next call fails fast too
			return fmt.Errorf("%v; restart failed: %w", err, serr)
		}
		w = nw
		err = w.call(map[string]any{kind: req}, out)
		if errors.Is(err, ErrWorkerDied) {
			p.forget(w)
			if nw2, serr := p.start(); serr == nil {
				w = nw2
			}
		}
	}
	p.idle <- w
	return err
}

func (p *Pool) forget(w *worker) {
	p.mu.Lock()
	delete(p.all, w)
	p.mu.Unlock()
}

// Restarts counts workers replaced after a crash.
func (p *Pool) Restarts() int64 { return p.restarts.Load() }

// PIDs lists the running workers' process ids (for tests and diagnostics).
func (p *Pool) PIDs() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []int
	for w := range p.all {
		out = append(out, w.cmd.Process.Pid)
	}
	return out
}

// ReloadsBeforeRestart bounds the bundles one worker process loads: an
// earlier bundle's code may stay in memory through what it left in the
// modules every bundle shares (React in watch mode), so the caller starts
// new workers after this many.
const ReloadsBeforeRestart = 40

// Reload makes every worker run the bundle file again, as it is now, and
// sends it the init message: the worker imports the new code into its
// running process instead of starting node again (watch mode). init is
// called while the workers import (the client bundles, whose URLs it
// holds, may still be in the making). On an error the workers may run
// either code: the caller closes the pool and starts a new one.
func (p *Pool) Reload(init func() (json.RawMessage, error)) error {
	p.mu.Lock()
	p.reloads++
	p.mu.Unlock()
	return p.load(init, true)
}

// load has every worker import the pool's bundle and take init. oneByOne
// imports on one worker at a time: in watch mode they share the cores
// with the client bundles, which the first page waits for as well.
func (p *Pool) load(init func() (json.RawMessage, error), oneByOne bool) error {
	initOnce := sync.OnceValues(init)
	p.mu.Lock()
	reload := p.reloadMsg()
	p.initFn = initOnce
	size := p.size
	p.mu.Unlock()
	// Every worker, each while no page is in flight on it.
	ws := make([]*worker, 0, size)
	for range size {
		ws = append(ws, <-p.idle)
	}
	defer func() {
		for _, w := range ws {
			p.idle <- w
		}
	}()
	// The init messages go out as soon as each worker has its code and
	// init is ready.
	errs := make([]error, len(ws))
	turn := make([]chan struct{}, len(ws)+1) // worker i imports after turn[i] closes
	for i := range turn {
		turn[i] = make(chan struct{})
	}
	close(turn[0])
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if oneByOne {
				<-turn[i]
			}
			var cache string
			cache, errs[i] = w.askCache(maps.Clone(reload), "reload")
			p.loaded(cache)
			close(turn[i+1])
			if errs[i] != nil {
				return
			}
			raw, err := initOnce()
			if err != nil {
				errs[i] = err
				return
			}
			errs[i] = w.ask(map[string]any{"init": raw}, "init")
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Workers counts the workers ready for pages (those Grow is starting are
// not).
func (p *Pool) Workers() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.size
}

// Reloads counts the bundles swapped in by Reload.
func (p *Pool) Reloads() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reloads
}

// Close stops every worker: closing stdin lets a script pool's node exit by
// itself, waited for; SSR workers are killed.
func (p *Pool) Close() {
	if p.closed.Swap(true) {
		return
	}
	p.mu.Lock()
	ws := make([]*worker, 0, len(p.all))
	for w := range p.all {
		ws = append(ws, w)
	}
	p.mu.Unlock()
	for _, w := range ws {
		_ = w.stdin.Close()
		if p.script == "" {
			// An SSR worker holds nothing to flush: it is killed, and the
			// kernel's teardown of the process is not waited for (node's
			// orderly exit, or the wait for a killed one, took 22-35 ms
			// of the end of every build on this VM).
			_ = w.cmd.Process.Kill()
			continue
		}
		<-w.done
	}
}

type limitedWriter struct {
	mu  sync.Mutex
	buf *bytes.Buffer
	max int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := l.max - l.buf.Len(); room > 0 {
		if len(b) > room {
			l.buf.Write(b[:room])
		} else {
			l.buf.Write(b)
		}
	}
	return len(b), nil
}
