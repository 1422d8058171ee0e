package site

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"sabershop/internal/content"
	"sabershop/internal/images"
)

// ImageCost is one photo the build made (a cache miss), for the summary.
type ImageCost struct {
	Photo    string // its key: en/products/arc/front.jpg
	Width    int
	Height   int
	Duration time.Duration
}

// photoSet is every photo of one build, processed, by key.
type photoSet map[string]*images.Photo

// markdownPhotoDest reports whether a Markdown image's destination names
// a photo for the pipeline (rather than a static file or another site).
func markdownPhotoDest(dest string, static map[string]bool) bool {
	if strings.Contains(dest, "://") || strings.HasPrefix(dest, "//") || static[dest] {
		return false
	}
	lower := strings.ToLower(dest)
	return content.IsPhotoSrc(dest) || strings.HasSuffix(lower, ".heic") || strings.HasSuffix(lower, ".heif")
}

// photoLocale is where d's photos are looked up first: a fallback page
// shows the default locale's text, and so its photos.
func photoLocale(cfg content.Config, d *content.Doc) string {
	if d.Fallback {
		return cfg.DefaultLocale().Code
	}
	return d.Locale
}

// collectPhotos lists every photo the site uses: the front matter's (from
// the loader) and the Markdown bodies' images, with where each is used.
// Problems (a missing file) come back as diagnostics.
func collectPhotos(site *content.Site, seenImages *imageRefs) (map[string]*content.Photo, content.Diagnostics) {
	out := map[string]*content.Photo{}
	for k, p := range site.Photos {
		c := *p
		out[k] = &c
	}
	static := map[string]bool{}
	for _, s := range site.Static {
		static["/"+s] = true
	}
	var diags content.Diagnostics
	seen := map[string]bool{}
	refs := imageRefs{}
	for _, loc := range site.Config.Locales {
		for _, d := range site.Docs[loc.Code] {
			if seen[d.Locale+"\x00"+d.File] || len(d.Body) == 0 {
				continue
			}
			seen[d.Locale+"\x00"+d.File] = true
			for _, img := range refs.of(*seenImages, d.Body) {
				if !markdownPhotoDest(img.dest, static) {
					continue
				}
				line := d.BodyLine + img.line - 1
				key, problem := content.ResolvePhoto(site.Dir, site.Config, photoLocale(site.Config, d), d.Bundle(), img.dest)
				if problem != "" {
					diags = append(diags, content.Diagnostic{File: d.File, Line: line, Field: "image", Problem: problem})
					continue
				}
				p := out[key]
				if p == nil {
					p = &content.Photo{Key: key, Path: site.Dir + "/" + key}
					out[key] = p
				}
				p.Uses = append(p.Uses, content.PhotoUse{File: d.File, Line: line, Field: "image", MinWidth: content.MinPhotoWidth})
			}
		}
	}
	*seenImages = refs
	return out, diags
}

// imageRefs are the Markdown images of each body, by the body's text: a
// rebuild after one edit parses only that body again (parsing every
// document was a tenth of a watch-mode rebuild). Each build
// makes a new map from the last one, keeping only the bodies it met.
type imageRefs map[string][]imageRef

// imageRef is one Markdown image: its destination and its line in the body.
type imageRef struct {
	dest string
	line int
}

// of returns body's images, from prev when it has them, and records them in r.
func (r imageRefs) of(prev imageRefs, body []byte) []imageRef {
	refs, ok := prev[string(body)]
	if !ok {
		root := markdown.Parser().Parse(text.NewReader(body))
		_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if img, ok := n.(*ast.Image); ok && entering {
				refs = append(refs, imageRef{dest: string(img.Destination), line: nodeLine(n, body)})
			}
			return ast.WalkContinue, nil
		})
	}
	r[string(body)] = refs
	return refs
}

// processPhotos runs every photo through the pipeline (the cache answers
// for unchanged ones), reporting progress while photos are made, and
// checks each against the smallest width its places accept.
func (b *Builder) processPhotos(site *content.Site, rep *Report) (photoSet, error) {
	all, diags := collectPhotos(site, &b.imageRefs)
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	set := photoSet{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	sem := make(chan struct{}, b.opts.Workers)
	made := 0
	for _, k := range keys {
		p := all[k]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			ph, err := b.images.Process(p.Path)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case errors.Is(err, images.ErrUnreadable):
				for _, u := range p.Uses {
					diags = append(diags, content.Diagnostic{File: u.File, Line: u.Line, Field: u.Field,
						Problem: fmt.Sprintf("%s: %s (a corrupt file, or not a JPEG, PNG, WebP or AVIF image)", content.DisplayPath(site.Dir, k), strings.TrimPrefix(err.Error(), images.ErrUnreadable.Error()+": "))})
				}
				return
			case err != nil:
				if firstErr == nil {
					firstErr = fmt.Errorf("%s: %w", k, err)
				}
				return
			}
			set[k] = ph
			if ph.Cost > 0 {
				made++
				rep.Images = append(rep.Images, ImageCost{Photo: k, Width: ph.Width, Height: ph.Height, Duration: ph.Cost})
				if b.opts.Progress != nil {
					b.opts.Progress(fmt.Sprintf("images: %d/%d made (%s, %s)", made, len(keys), k, ph.Cost.Round(time.Millisecond)))
				}
			}
			for _, u := range p.Uses {
				if ph.Width < u.MinWidth {
					diags = append(diags, content.Diagnostic{File: u.File, Line: u.Line, Field: u.Field,
						Problem: fmt.Sprintf("%s is %d px wide; at least %d px are needed here (use the camera's original)", content.DisplayPath(site.Dir, k), ph.Width, u.MinWidth)})
				}
			}
		}()
	}
	wg.Wait()
	sort.Slice(rep.Images, func(i, j int) bool { return rep.Images[i].Photo < rep.Images[j].Photo })
	rep.Photos = len(keys)
	if firstErr != nil {
		return nil, firstErr
	}
	if err := diags.Err(); err != nil {
		return nil, err
	}
	if err := b.images.Save(); err != nil {
		return nil, err
	}
	return set, nil
}

// photo is the processed photo a content field names, or nil for a
// static file (an SVG) or an empty field.
func (a *assembler) photo(src string) *images.Photo {
	if src == "" || strings.HasPrefix(src, "/") {
		return nil
	}
	return a.photos[src]
}

// imageURL is the one address of an image field: the fallback JPEG of a
// photo, or the static file's path.
func (a *assembler) imageURL(src string) string {
	if ph := a.photo(src); ph != nil {
		return ph.JPEG()
	}
	return src
}

// thumbnailURL is the small JPEG of a photo (images.ThumbWidth), or src
// itself for anything else (an SVG).
func (a *assembler) thumbnailURL(src string) string {
	if ph := a.photo(src); ph != nil {
		return ph.Thumbnail()
	}
	return src
}

// picture is what a component gets for an image field.
func (a *assembler) picture(src, alt string) images.Picture {
	if ph := a.photo(src); ph != nil {
		return ph.Picture(alt)
	}
	return images.Vector(src, alt)
}

// socialImage is the image for Open Graph and JSON-LD: the 1200x630 JPEG
// of the first photo among srcs. ok is false when none is a photo.
func (a *assembler) socialImage(srcs ...string) (string, bool) {
	for _, s := range srcs {
		if ph := a.photo(s); ph != nil {
			return ph.OG(), true
		}
	}
	return "", false
}

// docImages are the raw image fields of a page, the product's first.
func (a *assembler) docImages(d *content.Doc) []string {
	var srcs []string
	if d.Kind == content.KindProduct {
		for _, p := range a.site.Products {
			if p.Slug == d.Slug {
				srcs = append(srcs, p.Images...)
			}
		}
	}
	srcs = append(srcs, d.Cover)
	for _, img := range d.Images {
		srcs = append(srcs, img.Src)
	}
	return srcs
}

// addPhotoFiles puts every processed file into the output, copied from
// the cache.
func addPhotoFiles(set photoSet, out *output) {
	for _, ph := range set {
		for p, src := range ph.Files() {
			out.copy[p] = src
		}
	}
}

// markdownPhoto makes the <picture> of d's Markdown images that name
// photos. The first is the page's main picture (eager, high priority)
// when the page has no photo in its front matter, which the template
// shows first.
func (a *assembler) markdownPhoto(d *content.Doc) photoMarkup {
	_, main := a.socialImage(a.docImages(d)...)
	main = !main
	return func(dest, alt string) (string, bool) {
		if !markdownPhotoDest(dest, a.static) {
			return "", false
		}
		key, problem := content.ResolvePhoto(a.site.Dir, a.cfg, photoLocale(a.cfg, d), d.Bundle(), dest)
		ph := a.photos[key]
		if problem != "" || ph == nil {
			return "", false
		}
		html := ph.Picture(alt).HTML("", main)
		main = false
		return html, true
	}
}

// ImageCacheKeep is how long a processed photo no build used stays in the
// cache (a photo of another branch, or one an editor removed).
const ImageCacheKeep = 30 * 24 * time.Hour

// PruneImages removes cache entries that this builder did not use and no
// build used for ImageCacheKeep; it returns how many it removed.
func (b *Builder) PruneImages() (int, error) {
	n, err := b.images.Prune(ImageCacheKeep)
	if err != nil {
		return n, err
	}
	return n, b.images.Save()
}
