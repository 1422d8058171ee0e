package render

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// DeskDir is where the owner's desk (desk/ in the repository) is built:
// its shell at DeskDir/index.html, its bundle under DeskDir/assets. The
// daemon's desk serves this folder under /admin with its own headers; no
// shop page links anything in it.
const DeskDir = "admin"

// Desk is the desk's bundle: its files and the URLs the shell links.
type Desk struct {
	Files  []File
	Script string // URL of the entry module
	CSS    string // URL of its stylesheet
}

// BuildDesk bundles desk/main.tsx (React, its stylesheet importing the
// shop's design system) on its own: the shop's bundles and the desk's
// share nothing, so the desk's code can never be loaded by a shop page.
func BuildDesk(root string, constants map[string]string) (*Desk, error) {
	return deskResult(root, api.Build(deskOptions(root, constants)))
}

func deskOptions(root string, constants map[string]string) api.BuildOptions {
	opts := browserOptions(root, filepath.Join(root, ".build", DeskDir, "assets"), constants)
	opts.EntryPoints = []string{"desk/main.tsx"}
	return opts
}

func deskResult(root string, res api.BuildResult) (*Desk, error) {
	outdir := filepath.Join(root, ".build", DeskDir, "assets")
	if msgs := problems(res); len(msgs) > 0 {
		return nil, buildError(msgs)
	}
	d := &Desk{}
	for _, f := range res.OutputFiles {
		rel, err := filepath.Rel(outdir, f.Path)
		if err != nil {
			return nil, err
		}
		p := path.Join(DeskDir, "assets", filepath.ToSlash(rel))
		d.Files = append(d.Files, File{Path: p, Contents: f.Contents})
		switch {
		case strings.HasPrefix(path.Base(p), "main-") && strings.HasSuffix(p, ".js"):
			d.Script = "/" + p
		case strings.HasPrefix(path.Base(p), "main-") && strings.HasSuffix(p, ".css"):
			d.CSS = "/" + p
		}
	}
	if d.Script == "" || d.CSS == "" {
		return nil, fmt.Errorf("desk bundle: no entry script or stylesheet among %d files", len(d.Files))
	}
	return d, nil
}

// Shell is the desk's HTML page: no inline script or style (the desk's
// CSP allows neither), not indexed, one root element the bundle fills.
// viewport-fit=cover lets the phone's bottom bar reach the screen's edge
// and pad itself by env(safe-area-inset-bottom) (a phone's home
// indicator), which is 0 without it.
func (d *Desk) Shell(shopName string) []byte {
	esc := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace
	return []byte(`<!DOCTYPE html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="dark">
<title>` + esc(shopName) + `</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="` + esc(d.CSS) + `">
<script type="module" src="` + esc(d.Script) + `"></script>
</head>
<body class="desk-body">
<div id="desk" class="desk"></div>
<noscript><p class="desk-noscript">JavaScript is needed for the desk.</p></noscript>
</body>
</html>
`)
}
