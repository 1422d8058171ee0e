package images

import (
	"html"
	"strconv"
	"strings"
)

// Picture is what a page (and a React component, as JSON) gets for one
// image: everything a <picture> element needs. A vector (SVG) image has
// Src only: it is served as it is.
type Picture struct {
	Src     string   `json:"src"`              // the JPEG fallback (or the SVG)
	Srcset  string   `json:"srcset,omitempty"` // JPEG candidates, "url 640w, ..."
	Sources []Source `json:"sources,omitempty"`
	Width   int      `json:"width,omitempty"` // intrinsic, after EXIF orientation
	Height  int      `json:"height,omitempty"`
	// Placeholder is a 16 px wide blurred WebP as a data: URI, shown under
	// the photo until it loads.
	Placeholder string `json:"placeholder,omitempty"`
	Alt         string `json:"alt"`
}

// Source is one <source> of a <picture>: AVIF first, then WebP.
type Source struct {
	Type   string `json:"type"`
	Srcset string `json:"srcset"`
}

// FallbackWidth is the JPEG in src: browsers that read srcset never load
// it, and the rest (and crawlers) get a sharp enough picture.
const FallbackWidth = 1280

// Picture describes ph for a <picture> with alt text.
func (ph *Photo) Picture(alt string) Picture {
	set := func(ext string) string {
		parts := make([]string, len(ph.Widths))
		for i, w := range ph.Widths {
			parts[i] = ph.URL(w, ext) + " " + strconv.Itoa(w) + "w"
		}
		return strings.Join(parts, ", ")
	}
	return Picture{
		Src:    ph.URL(ph.fallbackWidth(), "jpg"),
		Srcset: set("jpg"),
		Sources: []Source{
			{Type: "image/avif", Srcset: set("avif")},
			{Type: "image/webp", Srcset: set("webp")},
		},
		Width: ph.Width, Height: ph.Height, Placeholder: ph.Placeholder, Alt: alt,
	}
}

// JPEG is the address of the fallback JPEG (for feeds, the catalogue and
// other places that take one URL).
func (ph *Photo) JPEG() string { return ph.URL(ph.fallbackWidth(), "jpg") }

// ThumbWidth is the smallest rendition's width: the thumbnail the
// catalogue names (basket lines, the status page, order e-mails show a
// product at under 100 CSS pixels: 320 px is sharp on a 3x screen).
const ThumbWidth = 320

// Thumbnail is the address of the JPEG for small pictures: the rendition
// nearest ThumbWidth (the original's own width when it is smaller).
func (ph *Photo) Thumbnail() string {
	w := ph.Widths[0]
	for _, c := range ph.Widths {
		if c <= ThumbWidth {
			w = c
		}
	}
	return ph.URL(w, "jpg")
}

func (ph *Photo) fallbackWidth() int {
	w := ph.Widths[0]
	for _, c := range ph.Widths {
		if c <= FallbackWidth {
			w = c
		}
	}
	return w
}

// Vector is the Picture of an SVG (or any file served as it is).
func Vector(src, alt string) Picture { return Picture{Src: src, Alt: alt} }

// DefaultSizes is the sizes attribute when the layout says nothing: the
// photo spans the text column (phones: the whole width).
const DefaultSizes = "(min-width: 48rem) 45rem, 100vw"

// HTML writes pic as markup. main is the page's main picture (the likely
// Largest Contentful Paint): loaded eagerly with high priority; every
// other picture loads lazily. The placeholder is an <img> of its own under
// the photo, because the site's CSP allows no style attribute.
func (pic Picture) HTML(sizes string, main bool) string {
	var b strings.Builder
	attr := func(name, value string) {
		b.WriteString(" " + name + `="` + html.EscapeString(value) + `"`)
	}
	loading := func() {
		if main {
			attr("loading", "eager")
			attr("fetchpriority", "high")
		} else {
			attr("loading", "lazy")
		}
		attr("decoding", "async")
	}
	if pic.Srcset == "" {
		b.WriteString("<img")
		attr("src", pic.Src)
		attr("alt", pic.Alt)
		loading()
		b.WriteString(">")
		return b.String()
	}
	if sizes == "" {
		sizes = DefaultSizes
	}
	dims := func() {
		attr("width", strconv.Itoa(pic.Width))
		attr("height", strconv.Itoa(pic.Height))
	}
	b.WriteString(`<span class="photo">`)
	if pic.Placeholder != "" {
		b.WriteString(`<img class="photo__placeholder"`)
		attr("src", pic.Placeholder)
		attr("alt", "")
		attr("aria-hidden", "true")
		dims()
		b.WriteString(">")
	}
	b.WriteString("<picture>")
	for _, s := range pic.Sources {
		b.WriteString("<source")
		attr("type", s.Type)
		attr("srcset", s.Srcset)
		attr("sizes", sizes)
		b.WriteString(">")
	}
	b.WriteString("<img")
	attr("src", pic.Src)
	attr("srcset", pic.Srcset)
	attr("sizes", sizes)
	dims()
	attr("alt", pic.Alt)
	loading()
	b.WriteString("></picture></span>")
	return b.String()
}
