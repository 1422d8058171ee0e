package render

import (
	"encoding/json"
	"errors"
	"hash/maphash"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
)

// Bundler makes the same bundles as BuildServer, BuildClient, BuildDesk and
// BuildServiceWorker, but keeps esbuild's contexts between builds: a
// rebuild after one component changed re-reads every input and parses
// again only the files whose contents changed (esbuild's incremental
// mode), which is most of a component edit's bundling time in watch mode.
// The output is byte for byte what the one-shot functions make
// (TestBundlerMatchesOneShotBuilds).
//
// One Bundler serves one root, server bundle path and set of constants;
// the caller makes a new one when the constants change. It is not safe
// for concurrent use of the same bundle kind; the four kinds may be
// rebuilt at once (the site builder does).
type Bundler struct {
	// SharedReact leaves React out of the server bundle: node loads it
	// from node_modules (the bundle must then lie inside the root), once
	// per worker, and a bundle swapped in by Pool.Reload shares it,
	// already compiled and optimised by V8. Watch mode sets it: a
	// component edit then rebundles, reloads and renders in a third of
	// the time. A one-off build keeps React inside, so that its workers
	// start from one file.
	SharedReact bool
	root        string
	serverOut   string
	constants   map[string]string

	mu                             sync.Mutex
	islands                        []string // the client context's islands (a new island file means a new context)
	server, client, boot, desk, sw api.BuildContext
	// last holds each context's last good result and what its inputs
	// were: a bundle none of whose own sources changed is not rebuilt
	// (an island edit leaves the desk and the service worker alone).
	last map[*api.BuildContext]*lastBuild
}

type lastBuild struct {
	res    api.BuildResult
	inputs map[string]uint64 // source path -> hash of its contents
}

// seed is one hash seed for the process: hashes are only compared with
// hashes made by the same Bundler.
var seed = maphash.MakeSeed()

// NewBundler makes no context yet: each is made on its first use.
func NewBundler(root, serverOut string, constants map[string]string) *Bundler {
	return &Bundler{root: root, serverOut: serverOut, constants: maps.Clone(constants), last: map[*api.BuildContext]*lastBuild{}}
}

// Constants are the constants the bundles were made with.
func (b *Bundler) Constants() map[string]string { return b.constants }

// context returns *slot, made from opts on first use.
func (b *Bundler) context(slot *api.BuildContext, opts func() api.BuildOptions) (api.BuildContext, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if *slot == nil {
		ctx, err := api.Context(opts())
		if err != nil {
			return nil, contextError(err)
		}
		*slot = ctx
	}
	return *slot, nil
}

// rebuild returns the last result of *slot when none of its inputs
// changed, and otherwise rebuilds. The inputs are the metafile's, without
// node_modules: a dependency changes with npm ci, which a watch does not
// follow anyway. Contents are compared, not times: a save within the
// file system's timestamp resolution must not be missed.
func (b *Bundler) rebuild(slot *api.BuildContext, opts func() api.BuildOptions) (api.BuildResult, error) {
	ctx, err := b.context(slot, opts)
	if err != nil {
		return api.BuildResult{}, err
	}
	b.mu.Lock()
	last := b.last[slot]
	b.mu.Unlock()
	// Each source is read once: the hashes made by the check are the
	// record's (a file changed in between is at worst rebuilt once more).
	seen := map[string]uint64{}
	if last != nil && b.unchanged(last.inputs, seen) {
		return last.res, nil
	}
	res := ctx.Rebuild()
	var rec *lastBuild
	if len(res.Errors) == 0 && len(res.Warnings) == 0 {
		if inputs, ok := b.inputs(res.Metafile, seen); ok {
			rec = &lastBuild{res: res, inputs: inputs}
		}
	}
	b.mu.Lock()
	if rec != nil {
		b.last[slot] = rec
	} else {
		delete(b.last, slot)
	}
	b.mu.Unlock()
	return res, nil
}

// inputs hashes the metafile's own sources, taking those in seen as they are.
func (b *Bundler) inputs(metafile string, seen map[string]uint64) (map[string]uint64, bool) {
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if json.Unmarshal([]byte(metafile), &meta) != nil || len(meta.Inputs) == 0 {
		return nil, false
	}
	out := map[string]uint64{}
	for p := range meta.Inputs {
		if strings.Contains(p, "node_modules/") || strings.Contains(p, ":") {
			continue
		}
		h, ok := seen[p]
		if !ok {
			if h, ok = b.hash(p); !ok {
				return nil, false
			}
		}
		out[p] = h
	}
	return out, true
}

// unchanged reports whether every input still has its hash, recording in
// seen the hashes it made.
func (b *Bundler) unchanged(inputs map[string]uint64, seen map[string]uint64) bool {
	for p, want := range inputs {
		h, ok := b.hash(p)
		if !ok || h != want {
			return false
		}
		seen[p] = h
	}
	return true
}

func (b *Bundler) hash(p string) (uint64, bool) {
	data, err := os.ReadFile(filepath.Join(b.root, filepath.FromSlash(p)))
	if err != nil {
		return 0, false
	}
	return maphash.Bytes(seed, data), true
}

func contextError(err *api.ContextError) error {
	if len(err.Errors) > 0 {
		return buildError(err.Errors)
	}
	return errors.New("esbuild: cannot make a build context")
}

// Server writes the server bundle to the path given to NewBundler.
func (b *Bundler) Server() error {
	res, err := b.rebuild(&b.server, func() api.BuildOptions {
		o := withMeta(serverOptions(b.root, b.serverOut, b.constants))
		if b.SharedReact {
			o.External = []string{"react", "react-dom", "react/*", "react-dom/*"}
		}
		return o
	})
	if err != nil {
		return err
	}
	return serverResult(res)
}

// Client makes the island bundles and the inline consent script.
func (b *Bundler) Client() (*Assets, error) {
	names, err := islandEntries(b.root)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	if b.client != nil && !slices.Equal(names, b.islands) {
		b.client.Dispose()
		b.client = nil
		delete(b.last, &b.client)
	}
	b.islands = names
	b.mu.Unlock()
	res, err := b.rebuild(&b.client, func() api.BuildOptions { return clientOptions(b.root, names, b.constants) })
	if err != nil {
		return nil, err
	}
	boot, err := b.rebuild(&b.boot, func() api.BuildOptions { return withMeta(inlineOptions(b.root, consentBoot)) })
	if err != nil {
		return nil, err
	}
	a, err := clientResult(b.root, res)
	if err != nil {
		return nil, err
	}
	if a.ConsentBoot, err = inlineResult(consentBoot, boot); err != nil {
		return nil, err
	}
	return a, nil
}

// Desk makes the owner's desk bundle.
func (b *Bundler) Desk() (*Desk, error) {
	res, err := b.rebuild(&b.desk, func() api.BuildOptions { return withMeta(deskOptions(b.root, b.constants)) })
	if err != nil {
		return nil, err
	}
	return deskResult(b.root, res)
}

// ServiceWorker makes the service worker bundle (placeholders unfilled).
func (b *Bundler) ServiceWorker() ([]byte, error) {
	res, err := b.rebuild(&b.sw, func() api.BuildOptions { return withMeta(serviceWorkerOptions(b.root)) })
	if err != nil {
		return nil, err
	}
	return serviceWorkerResult(res)
}

// withMeta asks for the metafile, which lists a bundle's inputs.
func withMeta(o api.BuildOptions) api.BuildOptions {
	o.Metafile = true
	return o
}

// Close disposes of esbuild's contexts.
func (b *Bundler) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, c := range []*api.BuildContext{&b.server, &b.client, &b.boot, &b.desk, &b.sw} {
		if *c != nil {
			(*c).Dispose()
			*c = nil
		}
	}
}
