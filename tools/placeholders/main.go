// Command placeholders makes the shop's placeholder photographs
// (docs/decisions/photos.md#placeholder-photographs-go-through-the-real-pipeline):
// until the owner's photos arrive, the project's own SVG artwork is
// rendered at photo size on a photographic backdrop (a lit studio wall, a
// table surface, out-of-focus lights, film grain, a vignette) by headless
// Chromium, and written as JPEG originals under content/images/, where the
// build's image pipeline takes them like any editor's photo. The output is
// committed; run this again only to change the pictures:
//
//	go run ./tools/placeholders            # all of them
//	go run ./tools/placeholders -only arc  # one product
package main

import (
	"bytes"
	"flag"
	"fmt"
	"html/template"
	"image/jpeg"
	"image/png"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// shot is one photograph: its file, size and the scene's parts.
type shot struct {
	Out           string // under content/images/
	Width, Height int
	Wall, Light   string // CSS colours of the backdrop and its lit patch
	Table         string // CSS colour of the surface, "" for none
	Bokeh         string // colour of the out-of-focus lights, "" for none
	Art           []art
}

// art is one piece of SVG artwork placed in the scene.
type art struct {
	SVG       template.HTML
	Left, Top float64 // per cent of the frame, of the art's centre
	Width     float64 // per cent of the frame's width
	Rotate    float64 // degrees
	Reflect   bool    // a faint mirror image on the table
	Glow      string  // a CSS colour behind it, "" for none
}

const page = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;width:{{.Width}}px;height:{{.Height}}px;overflow:hidden;background:{{.Wall}}}
.scene{position:absolute;inset:0;background:radial-gradient(ellipse 55% 60% at 50% 38%,{{.Light}} 0%,transparent 70%),linear-gradient(180deg,rgba(255,255,255,.04),rgba(0,0,0,.35))}
{{if .Table}}.table{position:absolute;left:0;right:0;bottom:0;height:34%;background:linear-gradient(180deg,{{.Table}} 0%,#050505 100%);box-shadow:0 -2px 24px rgba(0,0,0,.6) inset}
.table::before{content:"";position:absolute;inset:0;background:repeating-linear-gradient(92deg,rgba(255,255,255,.025) 0 3px,transparent 3px 11px)}{{end}}
.bokeh{position:absolute;border-radius:50%;filter:blur(18px);opacity:.35}
.art{position:absolute;transform-origin:center}
.art svg{width:100%;height:auto;display:block}
.art svg rect[fill="url(#bg)"]{display:none}
.reflect{opacity:.18;transform:scaleY(-1);-webkit-mask-image:linear-gradient(180deg,transparent 55%,#000 100%);mask-image:linear-gradient(180deg,transparent 55%,#000 100%)}
.glow{position:absolute;border-radius:50%;filter:blur(60px);opacity:.45}
.grain{position:absolute;inset:0;opacity:.16;mix-blend-mode:overlay}
.vignette{position:absolute;inset:0;background:radial-gradient(ellipse 80% 75% at 50% 45%,transparent 55%,rgba(0,0,0,.75) 100%)}
</style></head><body><div class="scene"></div>{{if .Table}}<div class="table"></div>{{end}}
{{if .Bokeh}}{{range $i, $b := bokeh}}<div class="bokeh" style="left:{{index $b 0}}%;top:{{index $b 1}}%;width:{{index $b 2}}px;height:{{index $b 2}}px;background:{{$.Bokeh}}"></div>{{end}}{{end}}
{{range .Art}}{{if .Glow}}<div class="glow" style="left:{{sub .Left (half .Width)}}%;top:{{sub .Top 8}}%;width:{{.Width}}%;height:16%;background:{{.Glow}}"></div>{{end}}
<div class="art" style="left:{{sub .Left (half .Width)}}%;top:{{.Top}}%;width:{{.Width}}%;transform:translateY(-50%) rotate({{.Rotate}}deg)">{{.SVG}}</div>
{{if .Reflect}}<div class="art reflect" style="left:{{sub .Left (half .Width)}}%;top:{{add .Top 21}}%;width:{{.Width}}%;transform:translateY(-50%) rotate({{neg .Rotate}}deg) scaleY(-1)">{{.SVG}}</div>{{end}}{{end}}
<svg class="grain" width="100%" height="100%"><filter id="n"><feTurbulence type="fractalNoise" baseFrequency=".9" numOctaves="3" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter><rect width="100%" height="100%" filter="url(#n)"/></svg>
<div class="vignette"></div></body></html>`

var tmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"half": func(v float64) float64 { return v / 2 },
	"sub":  func(a, b float64) float64 { return a - b },
	"add":  func(a, b float64) float64 { return a + b },
	"neg":  func(v float64) float64 { return -v },
	"bokeh": func() [][3]float64 {
		return [][3]float64{{8, 12, 120}, {22, 30, 70}, {70, 10, 160}, {86, 26, 90}, {55, 18, 60}, {38, 8, 110}}
	},
}).Parse(page))

func main() {
	only := flag.String("only", "", "make only the shots whose file name contains this")
	root := flag.String("content", "content", "the content folder")
	browser := flag.String("chromium", "chromium", "the browser")
	flag.Parse()
	load := func(name string) template.HTML {
		b, err := os.ReadFile(filepath.Join(*root, "static", "images", name))
		if err != nil {
			log.Fatal(err)
		}
		// Several drawings in one page: their ids must not collide.
		prefix := strings.NewReplacer("/", "-", ".svg", "").Replace(name) + "-"
		s := regexp.MustCompile(`id="([^"]+)"`).ReplaceAllString(string(b), `id="`+prefix+`$1"`)
		s = regexp.MustCompile(`url\(#([^)]+)\)`).ReplaceAllString(s, `url(#`+prefix+`$1)`)
		s = strings.ReplaceAll(s, `fill="url(#`+prefix+`bg)"`, `fill="url(#bg)"`) // hidden by the page's CSS
		return template.HTML(s)
	}
	var shots []shot
	products := []string{"arc", "talon", "ancient", "count", "royal", "belt-clip", "connector", "plug"}
	for _, p := range products {
		a := load("products/" + p + ".svg")
		shots = append(shots,
			shot{Out: "products/" + p + "/1-studio.jpg", Width: 2000, Height: 1333, Wall: "#15171b", Light: "rgba(150,160,175,.30)", Table: "#2a2622",
				Art: []art{{SVG: a, Left: 50, Top: 56, Width: 86, Reflect: true}}},
			shot{Out: "products/" + p + "/2-workshop.jpg", Width: 2000, Height: 1333, Wall: "#0f1a1c", Light: "rgba(60,140,150,.28)", Table: "#1d1a17",
				Bokeh: "#e8a657", Art: []art{{SVG: a, Left: 50, Top: 60, Width: 80, Rotate: -14, Glow: "rgba(178,24,38,.55)"}}},
			shot{Out: "products/" + p + "/3-detail.jpg", Width: 2000, Height: 1333, Wall: "#1a1414", Light: "rgba(190,120,110,.25)",
				Art: []art{{SVG: a, Left: 38, Top: 50, Width: 190, Rotate: 6}}},
		)
	}
	parts := func(names ...string) []art {
		var out []art
		for i, n := range names {
			out = append(out, art{SVG: load("creator/" + n + ".svg"), Left: 20 + float64(i%3)*30, Top: 38 + float64(i/3)*30, Width: 28, Rotate: float64(i%2*8 - 4)})
		}
		return out
	}
	shots = append(shots,
		shot{Out: "pages/features.jpg", Width: 2000, Height: 1125, Wall: "#0c0b0e", Light: "rgba(178,24,38,.35)", Table: "#1b1715",
			Art: []art{{SVG: load("hero.svg"), Left: 50, Top: 46, Width: 96}}},
		shot{Out: "pages/construction.jpg", Width: 2000, Height: 1125, Wall: "#191612", Light: "rgba(210,170,120,.28)", Table: "#2d261f",
			Art: parts("emitter-arc", "grip-ribbed", "pommel-flat", "emitter-talon", "grip-knurled", "pommel-crown")},
		shot{Out: "pages/get-started.jpg", Width: 2000, Height: 1125, Wall: "#101418", Light: "rgba(120,150,190,.3)", Table: "#221e1a", Bokeh: "#9cc2ff",
			Art: []art{{SVG: load("products/arc.svg"), Left: 46, Top: 50, Width: 70, Rotate: -8, Reflect: true}, {SVG: load("products/belt-clip.svg"), Left: 80, Top: 74, Width: 30, Rotate: 12}}},
		shot{Out: "pages/generator.jpg", Width: 2000, Height: 1125, Wall: "#0d1014", Light: "rgba(90,200,255,.22)", Table: "#1c1a18",
			Art: []art{{SVG: load("generators/crystal.svg"), Left: 34, Top: 52, Width: 44, Glow: "rgba(90,200,255,.5)"}, {SVG: load("generators/standard.svg"), Left: 72, Top: 56, Width: 40, Rotate: 6}}},
	)
	tmp, err := os.MkdirTemp("", "placeholders")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	for _, s := range shots {
		if *only != "" && !strings.Contains(s.Out, *only) {
			continue
		}
		if err := render(*browser, tmp, *root, s); err != nil {
			log.Fatalf("%s: %v", s.Out, err)
		}
		fmt.Println("wrote", filepath.Join(*root, "images", s.Out))
	}
}

// render writes s's page, photographs it with headless Chromium and
// stores the picture as a JPEG.
func render(browser, tmp, root string, s shot) error {
	var html bytes.Buffer
	if err := tmpl.Execute(&html, s); err != nil {
		return err
	}
	in, shotPNG := filepath.Join(tmp, "page.html"), filepath.Join(tmp, "shot.png")
	if err := os.WriteFile(in, html.Bytes(), 0o644); err != nil {
		return err
	}
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir="+filepath.Join(tmp, "profile"),
		"--force-device-scale-factor=1", fmt.Sprintf("--window-size=%d,%d", s.Width, s.Height), "--screenshot="+shotPNG, "file://"+in)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	f, err := os.Open(shotPNG)
	if err != nil {
		return err
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		return err
	}
	out := filepath.Join(root, "images", s.Out)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 84}); err != nil {
		return err
	}
	return os.WriteFile(out, b.Bytes(), 0o644)
}
