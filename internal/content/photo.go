package content

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Photo is a raster original (JPEG, PNG, WebP, AVIF) that pages use; the
// build's image pipeline (internal/images) makes the sizes and formats the
// site serves from it. Vector images (SVG under content/static) are not
// photos: they are served as they are.
type Photo struct {
	// Key is the original's path relative to the content directory,
	// "en/products/arc/front.jpg" or "images/workshop.jpg". A front matter
	// field that names a photo holds its key after loading (never starting
	// with "/", unlike a static file's path).
	Key  string
	Path string // the file on disk
	Uses []PhotoUse
}

// PhotoUse is where a photo is referenced, for the pipeline's errors.
type PhotoUse struct {
	File     string
	Line     int
	Field    string // "images.0", "cover", "image" (Markdown)
	MinWidth int    // the smallest original width this place accepts
}

// Minimum widths of an original: a product photo is shown large in the
// gallery; any other photo at least fills a phone's column.
const (
	MinPhotoWidth        = 320
	MinProductPhotoWidth = 640
)

// SharedImagesDir is the folder, inside the content directory, for photos
// that several pages use; "/images/x.jpg" names content/images/x.jpg when
// content/static has no such file.
const SharedImagesDir = "images"

var rasterExts = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".webp": true, ".avif": true}

// IsPhotoSrc reports whether src names a raster original by its extension.
func IsPhotoSrc(src string) bool { return rasterExts[strings.ToLower(path.Ext(src))] }

// Bundle is the document's folder for its own photos, relative to the
// locale: "products/arc" for products/arc.md and products/arc/index.md.
func (d *Doc) Bundle() string {
	return string(d.Kind) + "/" + docKey(d)
}

// ResolvePhoto finds the original that src names on a page of locale
// whose bundle is bundle: a relative path is looked up in the page's
// bundle folder, then in the same bundle of the default locale (so that
// translations share the photos), then in content/images/; "/images/..."
// names content/images/. It returns the photo's key, or a problem for the
// editor.
func ResolvePhoto(dir string, cfg Config, locale, bundle, src string) (key, problem string) {
	switch strings.ToLower(path.Ext(src)) {
	case ".heic", ".heif":
		return "", "HEIC is not supported: convert the photo to JPEG (most phones can save JPEG; macOS Preview and GIMP export it)"
	}
	if !IsPhotoSrc(src) {
		return "", "not a photo (use .jpg, .png, .webp or .avif; SVG files go in content/static)"
	}
	var tries []string
	if rest, ok := strings.CutPrefix(src, "/"); ok {
		if !strings.HasPrefix(rest, SharedImagesDir+"/") {
			return "", "no file content/static" + src
		}
		tries = []string{path.Clean(rest)}
	} else {
		clean := path.Clean(src)
		if strings.HasPrefix(clean, "../") {
			return "", "a photo path may not leave the page's folder: put shared photos in content/images/"
		}
		tries = []string{path.Join(locale, bundle, clean)}
		if def := cfg.DefaultLocale().Code; def != locale {
			tries = append(tries, path.Join(def, bundle, clean))
		}
		tries = append(tries, path.Join(SharedImagesDir, clean))
	}
	for _, t := range tries {
		if fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(t))); err == nil && !fi.IsDir() {
			return t, ""
		}
	}
	shown := make([]string, len(tries))
	for i, t := range tries {
		shown[i] = path.Join(displayRoot(dir), t)
	}
	return "", "file is missing (looked in " + strings.Join(shown, ", ") + ")"
}

// photoField checks an image field's value: a static file stays as it is,
// a photo is resolved and recorded, and its key returned.
func (l *loader) photoField(f *fields, field, src, locale, bundle string, min int, static map[string]bool) string {
	if src == "" || static[src] || strings.HasPrefix(src, "http") {
		return src
	}
	if !IsPhotoSrc(src) && !strings.HasSuffix(strings.ToLower(src), ".heic") && !strings.HasSuffix(strings.ToLower(src), ".heif") {
		f.errorf(field, "no file content/static%s", src)
		return src
	}
	key, problem := ResolvePhoto(l.dir, l.cfg, locale, bundle, src)
	if problem != "" {
		f.errorf(field, "%s", problem)
		return src
	}
	l.addPhoto(key, PhotoUse{File: f.r.file, Line: f.line(field), Field: f.key(field), MinWidth: min})
	return key
}

func (l *loader) addPhoto(key string, use PhotoUse) {
	if l.photos == nil {
		l.photos = map[string]*Photo{}
	}
	p := l.photos[key]
	if p == nil {
		p = &Photo{Key: key, Path: filepath.Join(l.dir, filepath.FromSlash(key))}
		l.photos[key] = p
	}
	p.Uses = append(p.Uses, use)
}

// DisplayPath shows a photo's key as the editor sees the file:
// content/en/products/arc/front.jpg.
func DisplayPath(dir, key string) string { return path.Join(displayRoot(dir), key) }
