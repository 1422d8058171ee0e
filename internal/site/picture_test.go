package site

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"sabershop/internal/images"
)

// TestPictureComponentMatchesBuildMarkup renders components/Picture.tsx
// with React on the server and compares it with the markup the build
// writes for Markdown photos: a photo looks the same wherever it is.
func TestPictureComponentMatchesBuildMarkup(t *testing.T) {
	photo := images.Picture{
		Src:    "/_img/a-640-AAAAAAAA.jpg",
		Srcset: "/_img/a-320-AAAAAAAA.jpg 320w, /_img/a-640-AAAAAAAA.jpg 640w",
		Sources: []images.Source{
			{Type: "image/avif", Srcset: "/_img/a-320-AAAAAAAA.avif 320w, /_img/a-640-AAAAAAAA.avif 640w"},
			{Type: "image/webp", Srcset: "/_img/a-320-AAAAAAAA.webp 320w, /_img/a-640-AAAAAAAA.webp 640w"},
		},
		Width: 640, Height: 427, Placeholder: "data:image/webp;base64,UklGRg==", Alt: `Arc & "friends"`,
	}
	cases := []struct {
		pic   images.Picture
		sizes string
		main  bool
	}{
		{photo, "(min-width: 60rem) 40rem, 100vw", true},
		{photo, images.DefaultSizes, false},
		{images.Vector("/images/arc.svg", "Arc"), "", false},
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	res := api.Build(api.BuildOptions{
		Stdin: &api.StdinOptions{Loader: api.LoaderTSX, ResolveDir: root, Contents: `
import { renderToStaticMarkup } from "react-dom/server";
import { Picture } from "./components/Picture";
const cases = JSON.parse(process.argv[2]);
console.log(JSON.stringify(cases.map((c) => renderToStaticMarkup(<Picture picture={c.pic} sizes={c.sizes || undefined} main={c.main} />))));
`},
		AbsWorkingDir: root, Bundle: true, Platform: api.PlatformNode, Format: api.FormatESModule,
		JSX: api.JSXAutomatic, Write: false, Outfile: "out.mjs", LogLevel: api.LogLevelSilent,
		Define: map[string]string{"process.env.NODE_ENV": `"production"`},
		Banner: map[string]string{"js": "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"},
	})
	if len(res.Errors) > 0 {
		t.Fatalf("esbuild: %v", res.Errors)
	}
	script := filepath.Join(t.TempDir(), "picture.mjs")
	if err := os.WriteFile(script, res.OutputFiles[0].Contents, 0o644); err != nil {
		t.Fatal(err)
	}
	in := make([]map[string]any, len(cases))
	for i, c := range cases {
		in[i] = map[string]any{"pic": c.pic, "sizes": c.sizes, "main": c.main}
	}
	arg, _ := json.Marshal(in)
	out, err := exec.Command("node", script, string(arg)).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v: %s", err, out)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	for i, c := range cases {
		want := c.pic.HTML(c.sizes, c.main)
		// React closes void elements (<img/>), keeps the DOM's camelCase
		// names (HTML attribute names are case-insensitive) and escapes
		// quotes as &quot;.
		react := strings.NewReplacer("/>", ">", "srcSet=", "srcset=", "fetchPriority=", "fetchpriority=").Replace(got[i])
		want = strings.ReplaceAll(want, "&#34;", "&quot;")
		want = strings.ReplaceAll(want, "&#39;", "&#x27;")
		if react != want {
			t.Errorf("case %d:\nReact %s\nGo    %s", i, react, want)
		}
	}
}
