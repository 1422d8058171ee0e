// Package render turns the React templates into HTML: esbuild's Go API makes
// a server bundle (run by long-lived node workers, see pool.go) and the
// client island bundles (ESM, code-split, minified, content-hashed).
package render

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// AssetsDir is where client bundles are served from.
const AssetsDir = "assets"

// File is one output file, by slash path relative to the site root.
type File struct {
	Path     string
	Contents []byte
}

// Assets are the client bundles of one build and how they link together.
type Assets struct {
	Files    []File
	Islands  map[string]string // island name -> URL of its entry chunk
	Renderer string            // URL of the shared hydrate runtime (React)
	Loader   string            // URL of the <saber-island> loader
	Sitewide string            // URL of the site-wide script (prefetch, progress bar, service worker)
	CSS      string            // URL of the site stylesheet
	// ConsentBoot is the classic script every page inlines at the top of
	// its <head> (components/consent-boot.ts): it shows the cookie banner
	// from the first paint when it is due.
	ConsentBoot string
	// IslandCSS: island name -> URL of the stylesheet its entry imports
	// (components/islands/Basket.tsx imports basket.css, say). A page links
	// the stylesheets of its own islands only, so the basket's, the status
	// page's and the creator's styles weigh nothing on the other pages.
	IslandCSS map[string]string
	// Imports: entry URL -> the chunks it imports statically (for Preloads).
	Imports map[string][]string
}

// Preloads lists, for the named islands, every module the browser will
// need: their entries, the renderer and every chunk they import statically,
// so the page can modulepreload them and avoid a request waterfall.
func (a *Assets) Preloads(islands []string) []string {
	if len(islands) == 0 {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	var visit func(u string)
	visit = func(u string) {
		if u == "" || seen[u] {
			return
		}
		seen[u] = true
		out = append(out, u)
		for _, dep := range a.Imports[u] {
			visit(dep)
		}
	}
	visit(a.Loader)
	visit(a.Renderer)
	for _, name := range islands {
		visit(a.Islands[name])
	}
	return out
}

// Stylesheets lists the stylesheets of the named islands, in name order
// (deterministic pages), each once.
func (a *Assets) Stylesheets(islands []string) []string {
	var out []string
	seen := map[string]bool{}
	names := append([]string(nil), islands...)
	sort.Strings(names)
	for _, name := range names {
		if u := a.IslandCSS[name]; u != "" && !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// BuildError is esbuild's report, with file:line:column positions.
type BuildError struct {
	Messages []string
}

func (e *BuildError) Error() string { return strings.Join(e.Messages, "\n") }

// problems are a browser build's errors and warnings: a warning in our
// own scripts or styles is a mistake that ships (an unclosed "{" in a
// stylesheet made every rule after it a nested one, which matched
// nothing), so the build stops on it with the file and line.
func problems(res api.BuildResult) []api.Message {
	return append(res.Errors, res.Warnings...)
}

func buildError(msgs []api.Message) error {
	be := &BuildError{}
	for _, m := range msgs {
		if m.Location != nil {
			be.Messages = append(be.Messages, fmt.Sprintf("%s:%d:%d: %s", m.Location.File, m.Location.Line, m.Location.Column+1, m.Text))
		} else {
			be.Messages = append(be.Messages, m.Text)
		}
	}
	return be
}

var production = map[string]string{"process.env.NODE_ENV": `"production"`}

// defines is production with constants, identifier -> JSON, that the
// components read from the bundle (the locales' formats: the build's data
// in the code, so that a new locale's style needs no code).
func defines(constants map[string]string) map[string]string {
	out := maps.Clone(production)
	maps.Copy(out, constants)
	return out
}

// BuildServer bundles templates/server.tsx, React included, into one
// CommonJS file that the workers' loop (worker.mjs) compiles with a V8 code
// cache, without node_modules. constants are identifiers the code
// reads as data (see defines).
func BuildServer(root, outFile string, constants map[string]string) error {
	return serverResult(api.Build(serverOptions(root, outFile, constants)))
}

func serverOptions(root, outFile string, constants map[string]string) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir: root,
		EntryPoints:   []string{"templates/server.tsx"},
		Bundle:        true,
		Platform:      api.PlatformNode,
		// CommonJS, not an ES module: the workers compile it with vm.Script,
		// the one way node 20 takes a V8 code cache (worker.mjs).
		Format: api.FormatCommonJS,
		Target: api.ES2022,
		// React's production build: the development one renders 3.7x slower.
		Define:      defines(constants),
		Outfile:     outFile,
		Write:       true,
		LogLevel:    api.LogLevelSilent,
		JSX:         api.JSXAutomatic,
		TreeShaking: api.TreeShakingTrue,
		// Whitespace and syntax only: every worker parses the bundle when it
		// starts (a third less to parse), and errors keep readable names.
		MinifyWhitespace: true,
		MinifySyntax:     true,
		// Islands import their stylesheets; the client build emits them,
		// the server has no use for them.
		Loader: map[string]api.Loader{".css": api.LoaderEmpty},
	}
}

func serverResult(res api.BuildResult) error {
	if len(res.Errors) > 0 {
		return buildError(res.Errors)
	}
	return nil
}

// islandEntries lists components/islands/*.tsx that are islands.
func islandEntries(root string) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(root, "components", "islands", "*.tsx"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range matches {
		names = append(names, strings.TrimSuffix(filepath.Base(m), ".tsx"))
	}
	sort.Strings(names)
	return names, nil
}

// browserOptions are what every browser bundle shares (the shop's
// islands, the owner's desk): ESM, minified, content-hashed names,
// production React with the build's constants, files for images and
// fonts, written in memory under outdir.
func browserOptions(root, outdir string, constants map[string]string) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir:     root,
		Bundle:            true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Define:            defines(constants),
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		JSX:               api.JSXAutomatic,
		Outdir:            outdir,
		EntryNames:        "[name]-[hash]",
		AssetNames:        "[name]-[hash]",
		Write:             false,
		LogLevel:          api.LogLevelSilent,
		Loader:            map[string]api.Loader{".svg": api.LoaderFile, ".woff2": api.LoaderFile, ".png": api.LoaderFile},
	}
}

// consentBoot is the entry of the inline script every page's <head> runs first.
const consentBoot = "components/consent-boot.ts"

// BuildClient bundles the loader, the renderer, one entry per island and the
// stylesheet, in memory, with the same constants as BuildServer.
func BuildClient(root string, constants map[string]string) (*Assets, error) {
	names, err := islandEntries(root)
	if err != nil {
		return nil, err
	}
	a, err := clientResult(root, api.Build(clientOptions(root, names, constants)))
	if err != nil {
		return nil, err
	}
	if a.ConsentBoot, err = inlineResult(consentBoot, api.Build(inlineOptions(root, consentBoot))); err != nil {
		return nil, err
	}
	return a, nil
}

// islandAliases resolve React's packages to Preact's compatibility layer
// in the shop's browser bundle.
var islandAliases = map[string]string{"react": "preact/compat", "react-dom": "preact/compat"}

// clientOptions bundle the loader, the renderer, the site stylesheet and
// script, and the named islands, code-split.
func clientOptions(root string, names []string, constants map[string]string) api.BuildOptions {
	entries := []api.EntryPoint{
		{InputPath: "components/islands/loader.ts", OutputPath: "loader"},
		{InputPath: "components/islands/runtime.ts", OutputPath: "runtime"},
		{InputPath: "templates/styles.css", OutputPath: "site"},
		{InputPath: "components/sitewide.ts", OutputPath: "sitewide"},
	}
	for _, n := range names {
		entries = append(entries, api.EntryPoint{InputPath: "components/islands/" + n + ".tsx", OutputPath: n})
	}
	opts := browserOptions(root, filepath.Join(root, ".build", AssetsDir), constants)
	opts.EntryPointsAdvanced, opts.Splitting, opts.ChunkNames, opts.Metafile = entries, true, "chunk-[hash]", true
	// The islands run on Preact in the browser through its React API
	// (docs/decisions/islands-and-pages.md#islands-run-on-preact-in-the-browser): the same components, and
	// about a ninth of React's runtime to download (7 KB against 63 KB with
	// brotli) on the pages where money is decided. Subpaths follow: react/jsx-runtime becomes
	// preact/compat/jsx-runtime, react-dom/client preact/compat/client. The
	// server bundle and the owner's desk keep React.
	opts.Alias = islandAliases
	return opts
}

// clientResult reads the client build's files and metafile into Assets
// (without the inline consent script).
func clientResult(root string, res api.BuildResult) (*Assets, error) {
	outdir := filepath.Join(root, ".build", AssetsDir)
	if msgs := problems(res); len(msgs) > 0 {
		return nil, buildError(msgs)
	}
	a := &Assets{Islands: map[string]string{}, IslandCSS: map[string]string{}, Imports: map[string][]string{}}
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(outdir, f.Path)
		if err != nil {
			return nil, err
		}
		a.Files = append(a.Files, File{Path: path.Join(AssetsDir, filepath.ToSlash(rel)), Contents: f.Contents})
	}
	var meta struct {
		Outputs map[string]struct {
			EntryPoint string `json:"entryPoint"`
			CSSBundle  string `json:"cssBundle"`
			Imports    []struct {
				Path string `json:"path"`
				Kind string `json:"kind"`
			} `json:"imports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, fmt.Errorf("esbuild metafile: %w", err)
	}
	urlOf := func(out string) string {
		return "/" + AssetsDir + "/" + path.Base(out)
	}
	for out, o := range meta.Outputs {
		u := urlOf(out)
		for _, imp := range o.Imports {
			if imp.Kind == "import-statement" {
				a.Imports[u] = append(a.Imports[u], urlOf(imp.Path))
			}
		}
		switch {
		case strings.HasSuffix(out, ".map"):
		case o.EntryPoint == "components/islands/loader.ts":
			a.Loader = u
		case o.EntryPoint == "components/islands/runtime.ts":
			a.Renderer = u
		case o.EntryPoint == "components/sitewide.ts":
			a.Sitewide = u
		case o.EntryPoint == "templates/styles.css":
			a.CSS = u
		case strings.HasPrefix(o.EntryPoint, "components/islands/"):
			name := strings.TrimSuffix(path.Base(o.EntryPoint), ".tsx")
			if !strings.HasSuffix(out, ".css") {
				a.Islands[name] = u
				if o.CSSBundle != "" {
					a.IslandCSS[name] = urlOf(o.CSSBundle)
				}
			}
		}
	}
	if a.CSS == "" || a.Loader == "" || a.Renderer == "" || a.Sitewide == "" {
		return nil, fmt.Errorf("esbuild metafile lacks an entry output: %+v", a)
	}
	return a, nil
}

// inlineOptions bundle entry into one minified classic script for a
// page to inline (it must run before the first paint, and a separate file
// would block rendering for a round trip). The daemon's CSP scan allows it
// by its hash.
func inlineOptions(root, entry string) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir:     root,
		EntryPoints:       []string{entry},
		Bundle:            true,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Write:             false,
		Outfile:           "inline.js",
		LogLevel:          api.LogLevelSilent,
	}
}

func inlineResult(entry string, res api.BuildResult) (string, error) {
	if len(res.Errors) > 0 {
		return "", buildError(res.Errors)
	}
	if len(res.OutputFiles) != 1 {
		return "", fmt.Errorf("esbuild wrote %d files for %s", len(res.OutputFiles), entry)
	}
	js := strings.TrimSpace(string(res.OutputFiles[0].Contents))
	// Inside <script>, "</" could end the element early.
	if strings.Contains(js, "</") {
		return "", fmt.Errorf("%s: the bundle contains \"</\" and cannot be inlined", entry)
	}
	return js, nil
}

// Placeholders in the service worker bundle that the build replaces with
// JSON once it knows every output file.
const (
	PrecacheManifestVar = "SABER_PRECACHE_MANIFEST"
	LocalePrefixesVar   = "SABER_LOCALE_PREFIXES"
)

// BuildServiceWorker bundles components/sw/sw.ts (Workbox) into one classic
// script; the caller fills in the placeholders.
func BuildServiceWorker(root string) ([]byte, error) {
	return serviceWorkerResult(api.Build(serviceWorkerOptions(root)))
}

func serviceWorkerOptions(root string) api.BuildOptions {
	return api.BuildOptions{
		AbsWorkingDir:     root,
		EntryPoints:       []string{"components/sw/sw.ts"},
		Bundle:            true,
		Format:            api.FormatIIFE,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Define:            production, // Workbox logs in development builds
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Write:             false,
		Outfile:           "sw.js",
		LogLevel:          api.LogLevelSilent,
	}
}

func serviceWorkerResult(res api.BuildResult) ([]byte, error) {
	if len(res.Errors) > 0 {
		return nil, buildError(res.Errors)
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, "sw.js") {
			return f.Contents, nil
		}
	}
	return nil, fmt.Errorf("esbuild wrote no sw.js")
}

// TempBundlePath is where the server bundle is written during a build: a
// new folder in parent ("" = the system's temporary folder), removed by
// the returned function.
func TempBundlePath(parent string) (string, func(), error) {
	if parent != "" {
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return "", nil, err
		}
	}
	dir, err := os.MkdirTemp(parent, "saber-ssr-")
	if err != nil {
		return "", nil, err
	}
	return filepath.Join(dir, "server.cjs"), func() { os.RemoveAll(dir) }, nil
}

// ImageWorker is the script of the image worker (images.mjs, sharp),
// which node runs from the repository so that it finds sharp in
// node_modules.
func ImageWorker(root string) string {
	return filepath.Join(root, "internal", "render", "images.mjs")
}
