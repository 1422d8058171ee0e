package site

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	stdimage "image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/images"
)

// testPhoto draws a w x h photo-like gradient (seed varies the colours,
// so that two photos differ).
func testPhoto(w, h, seed int) stdimage.Image {
	img := stdimage.NewRGBA(stdimage.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x*255/w + seed), uint8(y*255/h + 3*seed), uint8((x + y + seed) % 256), 255})
		}
	}
	return img
}

func encodeJPEG(t testing.TB, img stdimage.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withExif inserts an EXIF block (APP1) into a JPEG: the orientation tag
// and a GPS position (52°13' N), as a phone writes them.
func withExif(jpg []byte, orientation uint16) []byte {
	le := binary.LittleEndian
	tiff := make([]byte, 92)
	copy(tiff, "II")
	le.PutUint16(tiff[2:], 42)
	le.PutUint32(tiff[4:], 8)
	entry := func(at int, tag, typ uint16, count, value uint32) {
		le.PutUint16(tiff[at:], tag)
		le.PutUint16(tiff[at+2:], typ)
		le.PutUint32(tiff[at+4:], count)
		le.PutUint32(tiff[at+8:], value)
	}
	le.PutUint16(tiff[8:], 2) // IFD0: orientation and the GPS IFD's offset
	entry(10, 0x0112, 3, 1, uint32(orientation))
	entry(22, 0x8825, 4, 1, 38)
	le.PutUint16(tiff[38:], 2) // GPS IFD: latitude ref "N" and latitude 52/1 13/1 0/1
	entry(40, 0x0001, 2, 2, uint32('N'))
	entry(52, 0x0002, 5, 3, 68)
	for i, v := range []uint32{52, 1, 13, 1, 0, 1} {
		le.PutUint32(tiff[68+4*i:], v)
	}
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(2+6+len(tiff)))
	app1 = append(append(app1, "Exif\x00\x00"...), tiff...)
	return append(append(append([]byte{}, jpg[:2]...), app1...), jpg[2:]...)
}

// photoSite is the fixture with photos: Arc as a page bundle with a
// rotated phone photo (EXIF orientation 6, GPS), a shared PNG used from
// Markdown, and Features as a bundle whose photo the Polish page shares.
func photoSite(t testing.TB) string {
	t.Helper()
	dir := writeFixture(t, "site", `-- en/products/arc.md --
DELETE
-- en/products/arc/index.md --
---
title: Arc
summary: The classic.
kind: hilt
images: [front.jpg, /images/arc.svg]
returnable: true
build_days: 7
presets: 6
weight: 1
prices:
  - {from: 2026-01-01, EUR: 349.00, PLN: 1499.00}
model: FX-ARC
---
The Arc.

![Arc in hand](front.jpg)
-- en/pages/features.md --
DELETE
-- en/pages/features/index.md --
---
title: Features
---
Features.

![The bench](bench.jpg)

![The workshop](/images/workshop.png)
-- pl/pages/features.md --
---
title: Funkcje
---
Funkcje.

![Stół](bench.jpg)
`)
	write := func(rel string, body []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("en/products/arc/front.jpg", withExif(encodeJPEG(t, testPhoto(1000, 700, 0)), 6))
	write("en/pages/features/bench.jpg", encodeJPEG(t, testPhoto(800, 500, 40)))
	var buf bytes.Buffer
	if err := png.Encode(&buf, testPhoto(500, 400, 80)); err != nil {
		t.Fatal(err)
	}
	write("images/workshop.png", buf.Bytes())
	return dir
}

type photoBuild struct {
	fixtureBuild
	encodes  int64
	progress []string
}

func buildPhotos(t testing.TB, contentDir, out, cache string) photoBuild {
	t.Helper()
	var progress []string
	var mu sync.Mutex
	b := New(Options{ContentDir: contentDir, OutDir: out, Root: "../..", Workers: 2, ImageCache: cache,
		Now:      func() time.Time { return fixtureNow },
		Progress: func(line string) { mu.Lock(); progress = append(progress, line); mu.Unlock() }})
	defer b.Close()
	rep, err := b.Build()
	return photoBuild{fixtureBuild{out: out, rep: rep, err: err}, b.images.Encodes(), progress}
}

func catImage(ps []struct{ Slug, Image string }, slug string) string {
	for _, p := range ps {
		if p.Slug == slug {
			return p.Image
		}
	}
	return ""
}

var pictureRE = regexp.MustCompile(`<span class="photo">.*?</picture></span>`)

func TestPhotosThroughThePipeline(t *testing.T) {
	dir := photoSite(t)
	cache := t.TempDir()
	first := buildPhotos(t, dir, filepath.Join(t.TempDir(), "public"), cache)
	if first.err != nil {
		t.Fatal(first.err)
	}
	if first.encodes != 3 || len(first.rep.Images) != 3 || first.rep.Photos != 3 {
		t.Fatalf("first build: %d encodes, %d made, %d photos; want 3 each", first.encodes, len(first.rep.Images), first.rep.Photos)
	}
	if len(first.progress) != 3 || !strings.HasPrefix(first.progress[2], "images: 3/3 made (") {
		t.Errorf("progress lines %q", first.progress)
	}
	out := first.out

	t.Run("golden picture markup", func(t *testing.T) { checkGoldenPictures(t, out) })

	t.Run("the catalogue names a photo's thumbnail", func(t *testing.T) {
		// Basket lines, the status page and order e-mails show a product
		// at under 100 CSS pixels: the smallest JPEG, not the 1280 one.
		var cat struct {
			Products []struct{ Slug, Image string }
		}
		if err := json.Unmarshal([]byte(read(t, out, "catalog.json")), &cat); err != nil {
			t.Fatal(err)
		}
		for _, p := range cat.Products {
			if p.Slug == "arc" && !regexp.MustCompile(`^/_img/front-320-[A-Z2-7]{8}\.jpg$`).MatchString(p.Image) {
				t.Errorf("arc's catalogue image %q, want the 320 px JPEG", p.Image)
			}
		}
		if _, err := os.Stat(filepath.Join(out, strings.TrimPrefix(catImage(cat.Products, "arc"), "/"))); err != nil {
			t.Errorf("the thumbnail is not written: %v", err)
		}
	})

	t.Run("every candidate is written, never upscaled", func(t *testing.T) {
		html := read(t, out, "features/index.html")
		urls := regexp.MustCompile(`/_img/[a-z0-9-]+-[A-Z2-7]{8}\.(?:avif|webp|jpg)`).FindAllString(html, -1)
		if len(urls) < 10 {
			t.Fatalf("only %d image URLs in %s", len(urls), html)
		}
		for _, u := range urls {
			if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(u))); err != nil {
				t.Errorf("%s: %v", u, err)
			}
		}
		if strings.Contains(html, "-960-") || !strings.Contains(html, "bench-800-") {
			t.Errorf("an 800 px original should give 320..640 and 800, no 960: %s", html)
		}
	})

	t.Run("orientation applied, width and height from the oriented photo", func(t *testing.T) { checkOrientedPhoto(t, dir, cache, out) })

	t.Run("EXIF and GPS stripped", func(t *testing.T) {
		files, _ := filepath.Glob(filepath.Join(out, "_img", "front-*"))
		if len(files) < 10 {
			t.Fatalf("front photo files: %v", files)
		}
		files = append([]string{filepath.Join(dir, "en/products/arc/front.jpg")}, files...)
		got := readExif(t, files)
		if src := got[files[0]]; src["Orientation"] == nil || src["GPSLatitude"] == nil {
			t.Fatalf("the test photo should carry orientation and GPS: %v", src)
		}
		for _, f := range files[1:] {
			if len(got[f]) != 0 {
				t.Errorf("%s keeps metadata: %v", filepath.Base(f), got[f])
			}
		}
	})

	t.Run("Polish page shares the English bundle's photo", func(t *testing.T) {
		en := pictureRE.FindAllString(read(t, out, "features/index.html"), -1)
		pl := pictureRE.FindAllString(read(t, out, "pl/features/index.html"), -1)
		if len(pl) != 1 || strings.Replace(pl[0], `alt="Stół"`, `alt="The bench"`, 1) != en[0] {
			t.Errorf("pl picture %q, want en's %q with its own alt", pl, en[0])
		}
	})

	t.Run("Open Graph and JSON-LD take the photo's 1200x630 JPEG", func(t *testing.T) { checkSocialImage(t, out) })

	t.Run("second build is a cache hit", func(t *testing.T) {
		second := buildPhotos(t, dir, filepath.Join(t.TempDir(), "public"), cache)
		if second.err != nil {
			t.Fatal(second.err)
		}
		if second.encodes != 0 || len(second.rep.Images) != 0 || len(second.progress) != 0 {
			t.Fatalf("second build sent %d photos to the encoder (%v), want 0", second.encodes, second.rep.Images)
		}
		if a, b := read(t, out, "features/index.html"), read(t, second.out, "features/index.html"); a != b {
			t.Errorf("the cached build's page differs")
		}
	})
}

// checkGoldenPictures compares the features page's pictures with their
// golden file, and checks which of them load first.
func checkGoldenPictures(t *testing.T, out string) {
	html := read(t, out, "features/index.html")
	got := strings.Join(pictureRE.FindAllString(html, -1), "\n") + "\n"
	golden := filepath.Join("testdata", "golden", "photos-features.html")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("features pictures differ from %s (UPDATE_GOLDEN=1 to accept):\n%s", golden, got)
	}
	// The first picture of a page without front matter photos is its
	// main one; the rest load lazily.
	pics := pictureRE.FindAllString(html, -1)
	if len(pics) != 2 || !strings.Contains(pics[0], `loading="eager" fetchpriority="high"`) || !strings.Contains(pics[1], `loading="lazy"`) {
		t.Errorf("main/lazy pictures wrong: %q", pics)
	}
}

// checkOrientedPhoto checks that a photo turned by its EXIF orientation
// has the turned width and height: in the markup, in the data the
// components get, and in the JPEG written.
func checkOrientedPhoto(t *testing.T, dir, cache, out string) {
	// The markup: the Markdown image of the rotated photo.
	html := read(t, out, "shop/arc/index.html")
	if !regexp.MustCompile(`<img src="/_img/front-700-[A-Z2-7]{8}\.jpg" srcset="[^"]+" sizes="[^"]+" width="700" height="1000" alt="Arc in hand" loading="lazy"`).MatchString(html) {
		t.Errorf("product page lacks the 700x1000 picture (1000x700 turned by EXIF 6): %s", pictureRE.FindAllString(html, -1))
	}
	// The data components get (product.pictures).
	site, err := content.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	b := New(Options{ContentDir: dir, Root: "../..", Workers: 1, ImageCache: cache})
	defer b.Close()
	set, err := b.processPhotos(site, &Report{})
	if err != nil {
		t.Fatal(err)
	}
	asm, _, err := assembleSite(site, fixtureNow, set, nil)
	if err != nil {
		t.Fatal(err)
	}
	var pics []images.Picture
	for _, p := range asm.pages {
		if p.key == "product:arc" && p.locale == "en" {
			pics = p.req.Data.Product.Pictures
		}
	}
	if len(pics) != 2 || pics[0].Width != 700 || pics[0].Height != 1000 || pics[0].Alt != "Arc" || len(pics[0].Sources) != 2 {
		t.Fatalf("product pictures: %+v, want the photo 700x1000, then the SVG", pics)
	}
	if v := pics[1]; v.Src != "/images/arc.svg" || v.Srcset != "" || v.Width != 0 || v.Placeholder != "" {
		t.Errorf("the SVG must stay a plain vector: %+v", pics[1])
	}
	f, err := os.Open(filepath.Join(out, filepath.FromSlash(pics[0].Src)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := jpeg.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 700 || cfg.Height != 1000 {
		t.Errorf("fallback JPEG is %dx%d, want 700x1000 (portrait, the largest width up to 1280)", cfg.Width, cfg.Height)
	}
}

// checkSocialImage checks that Open Graph and JSON-LD name the photo's
// 1200x630 JPEG, and that a product without photos keeps its SVG.
func checkSocialImage(t *testing.T, out string) {
	h := parseHead(t, read(t, out, "shop/arc/index.html"))
	og := strings.Join(h.meta["og:image"], " ")
	if !regexp.MustCompile(`^https://[^/]+/_img/front-og-[A-Z2-7]{8}\.jpg$`).MatchString(og) {
		t.Fatalf("og:image %q", og)
	}
	if fmt.Sprint(h.meta["og:image:width"], h.meta["og:image:height"]) != "[1200] [630]" {
		t.Errorf("og:image size %q x %q", h.meta["og:image:width"], h.meta["og:image:height"])
	}
	if imgs, _ := h.ld("Product")["image"].([]any); len(imgs) != 1 || imgs[0] != og {
		t.Errorf("JSON-LD image %v, want [%s] (no SVG next to a photo)", h.ld("Product")["image"], og)
	}
	f, err := os.Open(filepath.Join(out, "_img", filepath.Base(og)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if cfg, err := jpeg.DecodeConfig(f); err != nil || cfg.Width != 1200 || cfg.Height != 630 {
		t.Errorf("og JPEG %+v %v", cfg, err)
	}
	// A product without photos keeps its SVG.
	if og := parseHead(t, read(t, out, "shop/plug/index.html")).meta["og:image"]; len(og) != 1 || !strings.HasSuffix(og[0], "/images/arc.svg") {
		t.Errorf("plug og:image %q", og)
	}
}

// readExif reads every file's metadata with exifr (npm), a kept EXIF
// reader: tag name -> value, empty when the file has none.
func readExif(t *testing.T, files []string) map[string]map[string]any {
	t.Helper()
	script := `import exifr from "exifr";
const out = {};
for (const f of process.argv.slice(1)) {
  const all = await exifr.parse(f, { tiff: true, exif: true, gps: true, xmp: true, icc: false, iptc: true }).catch(() => undefined);
  out[f] = all ?? {};
}
console.log(JSON.stringify(out));`
	cmd := exec.Command("node", append([]string{"--input-type=module", "-e", script}, files...)...)
	cmd.Dir = "../.."
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("exifr: %v: %s", err, b)
	}
	got := map[string]map[string]any{}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("exifr output %s: %v", b, err)
	}
	return got
}

func TestPhotoErrorsAtFileLine(t *testing.T) {
	dir := photoSite(t)
	small := encodeJPEG(t, testPhoto(500, 400, 9))
	if err := os.WriteFile(filepath.Join(dir, "en/products/arc/small.jpg"), small, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "en/products/arc/broken.jpg"), small[:200], 0o644); err != nil {
		t.Fatal(err)
	}
	edit := func(rel, from, to string) {
		p := filepath.Join(dir, rel)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bytes.Replace(b, []byte(from), []byte(to), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Corrupt and too small: the images stage, with every problem at once.
	edit("en/products/arc/index.md", "images: [front.jpg, /images/arc.svg]", "images: [small.jpg, broken.jpg]")
	edit("en/pages/features/index.md", "![The workshop](/images/workshop.png)", "![Gone](gone.jpg)")
	got := buildPhotos(t, dir, filepath.Join(t.TempDir(), "public"), t.TempDir())
	want := []string{
		"content/en/pages/features/index.md:8: image: file is missing (looked in content/en/pages/features/gone.jpg, content/images/gone.jpg)",
		"content/en/products/arc/index.md:5: images.0: content/en/products/arc/small.jpg is 500 px wide; at least 640 px are needed here (use the camera's original)",
		"content/en/products/arc/index.md:5: images.1: content/en/products/arc/broken.jpg: Input file has corrupt header: VipsJpeg: premature end of JPEG image (a corrupt file",
	}
	checkDiags(t, got.err, dir, want)

	// Missing and HEIC in the front matter: the load stage.
	edit("en/products/arc/index.md", "images: [small.jpg, broken.jpg]", "images: [front.jpg, nope.jpg, IMG_0001.HEIC]")
	got = buildPhotos(t, dir, filepath.Join(t.TempDir(), "public"), t.TempDir())
	checkDiags(t, got.err, dir, []string{
		"content/en/products/arc/index.md:5: images.1: file is missing (looked in content/en/products/arc/nope.jpg, content/images/nope.jpg)",
		"content/en/products/arc/index.md:5: images.2: HEIC is not supported: convert the photo to JPEG",
	})
}

// checkDiags compares a build's diagnostics (their paths shown from the
// content directory as "content/...") with want, each a prefix.
func checkDiags(t *testing.T, err error, dir string, want []string) {
	t.Helper()
	var diags content.Diagnostics
	if !asDiagnostics(err, &diags) {
		t.Fatalf("want content diagnostics, got %v", err)
	}
	root := filepath.ToSlash(filepath.Clean(dir))
	var got []string
	for _, d := range diags {
		got = append(got, strings.ReplaceAll(d.String(), root, "content"))
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("problem %d:\n got %s\nwant %s...", i, got[i], want[i])
		}
	}
}

// BenchmarkRebuildCachedPhotos is a full rebuild (a new Builder, as `go
// run ./cmd/build` is) of the fixture with N photos, all in the cache:
// the images stage only checks the cache.
func BenchmarkRebuildCachedPhotos(b *testing.B) {
	n := 200
	if v, err := strconv.Atoi(os.Getenv("BENCH_PHOTOS")); err == nil {
		n = v // a quicker look: BENCH_PHOTOS=40
	}
	var md strings.Builder
	md.WriteString("-- en/pages/features/index.md --\n---\ntitle: Features\n---\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&md, "![Photo %d](p%03d.jpg)\n\n", i, i)
	}
	dir := writeFixture(b, "site", "-- en/pages/features.md --\nDELETE\n"+md.String())
	for i := 0; i < n; i++ {
		if err := os.WriteFile(filepath.Join(dir, "en/pages/features", fmt.Sprintf("p%03d.jpg", i)), encodeJPEG(b, testPhoto(400, 300, i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	cache, out := b.TempDir(), filepath.Join(b.TempDir(), "public")
	opts := Options{ContentDir: dir, OutDir: out, Root: "../..", ImageCache: cache, Compress: true,
		Now: func() time.Time { return fixtureNow }}
	first := New(opts)
	if _, err := first.Build(); err != nil {
		b.Fatal(err)
	}
	first.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bl := New(opts)
		rep, err := bl.Build()
		encodes := bl.images.Encodes()
		bl.Close()
		if err != nil {
			b.Fatal(err)
		}
		if encodes != 0 {
			b.Fatalf("rebuild encoded %d photos", encodes)
		}
		b.Logf("stages %v", rep.Stages)
	}
	b.ReportMetric(float64(n), "photos")
}
