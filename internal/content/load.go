package content

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
)

var slugPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Load reads and checks the content directory. On any problem it returns
// all of them as Diagnostics; no partial Site is returned then.
func Load(dir string) (*Site, error) {
	l := &loader{dir: dir, display: displayRoot(dir), cache: nil}
	return l.load()
}

// Loader loads repeatedly (watch mode) and re-reads only changed files.
type Loader struct {
	dir   string
	cache map[string]cachedFile
	tomls map[string]cachedTOML
	// Drafts keeps the documents marked draft: true (dev mode), each with
	// Doc.Draft set; without it they are checked like any file and left out.
	Drafts bool
	// watched: the caller reports every change (Changed), so a file read
	// before and not reported since is taken from files, not read again.
	watched bool
	files   map[string][]byte // by clean path, as last read
	dirty   map[string]bool   // reported changed since read; "" = every file
}

// NewLoader returns a loader that caches parsed Markdown by file content.
func NewLoader(dir string) *Loader {
	return &Loader{dir: dir, cache: map[string]cachedFile{}, tomls: map[string]cachedTOML{}}
}

// Watched says that the caller will report every change under the content
// directory with Changed (watch mode, from the file system's events): the
// next loads read only the files reported, and the new ones.
func (c *Loader) Watched() {
	c.watched, c.files, c.dirty = true, map[string][]byte{}, map[string]bool{}
}

// Changed reports that the file or directory at path (as the content
// directory's path joined with the rest) changed; "" means anything may
// have (the watch lost events), and the next load reads every file.
func (c *Loader) Changed(path string) {
	if !c.watched {
		return
	}
	if path != "" {
		path = filepath.Clean(path)
	}
	c.dirty[path] = true
}

// Load is Load with the loader's cache.
func (c *Loader) Load() (*Site, error) {
	l := &loader{dir: c.dir, display: displayRoot(c.dir), cache: c.cache, tomls: c.tomls, drafts: c.Drafts, files: c}
	if c.dirty[""] {
		clear(c.files)
	}
	for d := range c.dirty {
		delete(c.files, d)
		// A directory's events (a folder renamed or removed) say nothing
		// about each file: read everything under it again.
		for f := range c.files {
			if strings.HasPrefix(f, d+string(filepath.Separator)) {
				delete(c.files, f)
			}
		}
	}
	clear(c.dirty)
	return l.load()
}

// readFile is os.ReadFile, answered from memory for a watched file that
// did not change.
func (c *Loader) readFile(p string) ([]byte, error) {
	if c == nil || !c.watched {
		return os.ReadFile(p)
	}
	p = filepath.Clean(p)
	if src, ok := c.files[p]; ok {
		return src, nil
	}
	src, err := os.ReadFile(p)
	if err == nil {
		c.files[p] = src
	}
	return src, err
}

type cachedFile struct {
	src []byte
	doc *document
	err error
}

// cachedTOML is a decoded TOML file (the i18n bundles, config, data) by its
// bytes: decoding them with their line map was most of a rebuild's load stage
// after a Markdown edit
// (docs/decisions/build.md#decoded-files-are-cached-by-their-bytes). The
// decoded map is only read from (fields), so builds share it.
type cachedTOML struct {
	src   []byte
	data  map[string]any
	lines lineMap
	err   error
	// An i18n file's bundle and what was found wrong in it, alone and
	// against the default locale's (loadBundles): made again only when
	// one of the two files changed. Flattening and comparing the three
	// bundles on every save was half of watch mode's load stage.
	flat     *flatBundle
	compared *comparedBundle
}

type flatBundle struct {
	bundle   i18n.Bundle
	problems []i18n.Problem
}

type comparedBundle struct {
	base     *flatBundle // the default locale's, as compared
	problems []i18n.Problem
}

type loader struct {
	dir     string
	display string // how the content dir is shown in diagnostics
	diags   Diagnostics
	cache   map[string]cachedFile
	tomls   map[string]cachedTOML
	drafts  bool    // keep drafts (Loader.Drafts)
	files   *Loader // reads files: from memory when watched, from disk when nil

	cfg    Config
	photos map[string]*Photo

	// localeLines are the lines of config.toml's [[locales]] codes;
	// safetyRefs the languages deliveries.toml names (safety.go).
	localeLines []int
	safetyRefs  []safetyRef
}

// displayRoot shows paths as the editor typed them, relative when possible.
func displayRoot(dir string) string {
	return filepath.ToSlash(filepath.Clean(dir))
}

func (l *loader) rel(parts ...string) string {
	return path.Join(append([]string{l.display}, parts...)...)
}

func (l *loader) reporter(file string) reporter {
	return reporter{file: file, diags: &l.diags}
}

func (l *loader) read(parts ...string) ([]byte, bool) {
	src, err := l.files.readFile(filepath.Join(append([]string{l.dir}, parts...)...))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			l.diags = append(l.diags, Diagnostic{File: l.rel(parts...), Problem: "file is missing"})
		} else {
			l.diags = append(l.diags, Diagnostic{File: l.rel(parts...), Problem: err.Error()})
		}
		return nil, false
	}
	return src, true
}

func (l *loader) load() (*Site, error) {
	if fi, err := os.Stat(l.dir); err != nil || !fi.IsDir() {
		return nil, Diagnostics{{File: l.display, Problem: "content directory not found"}}
	}
	site := &Site{Dir: l.dir, Docs: map[string][]*Doc{}}
	cfg, ok := l.loadConfig()
	if !ok {
		return nil, l.diags.Err()
	}
	site.Safety = l.loadSafety()
	for _, t := range site.Safety {
		cfg.Safety.Languages = append(cfg.Safety.Languages, catalog.SafetyLanguage{Code: t.Lang, Name: t.Name})
	}
	site.Config, l.cfg = cfg, cfg
	site.Static = l.loadStatic()
	static := map[string]bool{}
	for _, s := range site.Static {
		static["/"+s] = true
	}
	site.Bundles, site.Formats = l.loadBundles(cfg)
	site.Creator = l.loadCreator(cfg, static)
	site.Guarantee = l.loadGuarantee(cfg)
	site.Deliveries = l.loadDeliveries(cfg, site)
	l.checkSafetyLanguages(cfg, site.Safety)
	products := map[string]*Product{}
	for _, loc := range cfg.Locales {
		site.Docs[loc.Code] = l.loadDocs(cfg, loc.Code, static, products)
	}
	l.checkTranslations(site, products)
	l.checkModels(site, products)
	l.settleDrafts(site)
	for _, p := range products {
		if p.Draft && !l.drafts {
			continue
		}
		site.Products = append(site.Products, p)
	}
	sort.Slice(site.Products, func(i, j int) bool {
		a, b := site.Products[i], site.Products[j]
		if a.Weight != b.Weight {
			return a.Weight < b.Weight
		}
		return a.Slug < b.Slug
	})
	l.addFallbacks(site)
	site.Photos = l.photos
	if err := l.diags.Err(); err != nil {
		return nil, err
	}
	return site, nil
}

func (l *loader) loadStatic() []string {
	root := filepath.Join(l.dir, "static")
	var out []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(out)
	return out
}

// loadDocs reads content/LOCALE/{pages,blog,faq,products}/*.md.
func (l *loader) loadDocs(cfg Config, locale string, static map[string]bool, products map[string]*Product) []*Doc {
	var docs []*Doc
	isDefault := locale == cfg.DefaultLocale().Code
	for _, kind := range []DocKind{KindPage, KindPost, KindFAQ, KindProduct} {
		dir := filepath.Join(l.dir, locale, string(kind))
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue // a locale may have no posts yet: the fallback fills in
		}
		slugs := map[string]*Doc{}
		for _, e := range entries {
			name, base := strings.TrimSuffix(e.Name(), ".md"), e.Name()
			if e.IsDir() {
				// A page bundle: products/arc/index.md with its photos beside it.
				if _, err := os.Stat(filepath.Join(dir, e.Name(), bundleIndex)); err != nil {
					continue
				}
				name, base = e.Name(), e.Name()+"/"+bundleIndex
			} else if !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			file := l.rel(locale, string(kind), base)
			doc := l.loadDoc(cfg, kind, locale, name, file, filepath.Join(dir, filepath.FromSlash(base)), static, isDefault, products)
			if doc == nil {
				continue
			}
			if other, dup := slugs[doc.Slug]; dup {
				// Blame the file that chose the slug in its front matter.
				at, with := doc, other
				if other.SlugLine > 0 && doc.SlugLine == 0 {
					at, with = other, doc
				}
				l.reporter(at.File).add(max(at.SlugLine, 1), "slug", "duplicate slug %q, also used by %s", at.Slug, with.File)
				continue
			}
			slugs[doc.Slug] = doc
			docs = append(docs, doc)
		}
	}
	return docs
}

func (l *loader) parse(abs string) (*document, bool, error) {
	src, err := l.files.readFile(abs)
	if err != nil {
		return nil, false, err
	}
	if c, ok := l.cache[abs]; ok && string(c.src) == string(src) {
		return c.doc, true, c.err
	}
	doc, err := splitDocument(src)
	if l.cache != nil {
		l.cache[abs] = cachedFile{src: src, doc: doc, err: err}
	}
	return doc, false, err
}

func (l *loader) loadDoc(cfg Config, kind DocKind, locale, name, file, abs string, static map[string]bool, isDefault bool, products map[string]*Product) *Doc {
	r := l.reporter(file)
	parsed, _, err := l.parse(abs)
	if err != nil {
		r.parseFailed(err)
		return nil
	}
	if !slugPattern.MatchString(name) && !(kind == KindPage && name == "404") {
		r.add(1, "", "file name %q must be a slug: lower-case letters, digits and dashes", name)
		return nil
	}
	f := newFields(r, parsed.lines, "", parsed.front)
	doc := &Doc{Kind: kind, Locale: locale, Slug: name, File: file, Body: parsed.body, BodyLine: parsed.bodyLine}
	doc.Title = f.String("title", true)
	doc.Description = f.String("description", false)
	doc.Summary = f.String("summary", kind == KindPost)
	doc.Draft = f.Bool("draft", false)
	if kind == KindFAQ {
		f.forbid("a FAQ entry has no page of its own: put the alias in pages/faq.md", "aliases")
	} else {
		doc.Aliases, doc.AliasLines = l.readAliases(cfg, f)
	}
	bundle := doc.Bundle()
	checkImage := func(field, src string) string {
		return l.photoField(f, field, src, locale, bundle, MinPhotoWidth, static)
	}
	switch kind {
	case KindPage:
		doc.Cover = checkImage("cover", f.String("cover", false))
		for i, t := range f.Tables("images") {
			img := Image{Src: t.String("src", true), Alt: t.String("alt", true), Caption: t.String("caption", false)}
			t.unknownFields()
			img.Src = checkImage("images."+itoa(i)+".src", img.Src)
			doc.Images = append(doc.Images, img)
		}
	case KindPost:
		doc.Date = f.Date("date", true)
		doc.Cover = checkImage("cover", f.String("cover", false))
		if s := f.String("slug", false); s != "" {
			if !slugPattern.MatchString(s) {
				f.errorf("slug", "%q must be lower-case letters, digits and dashes", s)
			} else {
				doc.Slug = s
				doc.SlugLine = f.line("slug")
			}
		}
		known := map[string]bool{}
		for _, c := range cfg.Categories {
			known[c.Slug] = true
		}
		for i, c := range f.Strings("categories") {
			if !known[c] {
				f.errorf("categories."+itoa(i), "unknown category %q (declare it in config.toml [[categories]])", c)
			}
			doc.Categories = append(doc.Categories, c)
		}
	case KindFAQ:
		doc.Weight = f.Int("weight", false, 0, 10000)
	case KindProduct:
		for _, t := range f.Tables("specs") {
			doc.Specs = append(doc.Specs, Spec{Name: t.String("name", true), Value: t.String("value", true)})
			t.unknownFields()
		}
		facts := []string{"kind", "model", "images", "returnable", "electronic", "build_days", "presets", "weight", "prices"}
		if isDefault {
			p := l.loadProductFacts(cfg, f, name, file, bundle, static)
			if p != nil {
				p.Draft = doc.Draft
				p.OldSlugs = oldSlugs(doc.Aliases)
				products[name] = p
			}
		} else {
			f.forbid("set it in the "+cfg.DefaultLocale().Code+" file only: it is the same in every language", facts...)
		}
	}
	f.unknownFields()
	return doc
}

func (l *loader) loadProductFacts(cfg Config, f *fields, slug, file, bundle string, static map[string]bool) *Product {
	p := &Product{Slug: slug, File: file}
	switch k := ProductKind(f.String("kind", true)); k {
	case ProductHilt, ProductAccessory, ProductGenerator:
		p.Kind = k
	case "":
	default:
		f.errorf("kind", "must be hilt, accessory or generator, got %q", k)
	}
	p.Model, p.ModelLine = readModel(f), f.line("model")
	p.Images = f.Strings("images")
	if len(p.Images) == 0 {
		f.errorf("images", "at least one image is needed")
	}
	for i, img := range p.Images {
		p.Images[i] = l.photoField(f, "images."+itoa(i), img, cfg.DefaultLocale().Code, bundle, MinProductPhotoWidth, static)
	}
	p.Returnable = f.Bool("returnable", true)
	if f.has("electronic") {
		p.Electronic = f.Bool("electronic", false)
		if p.Kind != ProductAccessory {
			// Hilts and generators are electrical equipment by their kind:
			// a second statement could only contradict it.
			f.errorf("electronic", "only an accessory says whether it has electronics (a %s always has)", p.Kind)
		}
	}
	p.BuildDays = f.Int("build_days", true, 0, 365)
	p.Presets = f.Int("presets", p.Kind == ProductHilt, 0, 6)
	if p.Kind == ProductHilt && p.Presets != 5 && p.Presets != 6 {
		f.errorf("presets", "a hilt has 6 or 5 presets, got %d", p.Presets)
	}
	p.Weight = f.Int("weight", false, 0, 10000)
	p.Prices = readPrices(cfg, f, "prices")
	return p
}

// readPrices reads a dated price list; every entry must price every currency.
func readPrices(cfg Config, f *fields, name string) []PriceEntry {
	tables := f.Tables(name)
	if len(tables) == 0 && !f.has(name) {
		f.errorf(name, "missing: a product needs a price list")
	}
	var out []PriceEntry
	seen := map[string]bool{}
	for _, t := range tables {
		e := PriceEntry{From: t.Date("from", true), Amounts: Amounts{}}
		for _, cur := range cfg.Currencies() {
			if v, ok := t.Money(cur, false); ok {
				e.Amounts[cur] = v
			} else if !t.has(cur) {
				t.errorf(cur, "price missing for currency %s", cur)
			}
		}
		t.unknownFields()
		day := e.From.Format("2006-01-02")
		if seen[day] {
			t.errorf("from", "two prices from %s", day)
		}
		seen[day] = true
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From.Before(out[j].From) })
	return out
}

// settleDrafts marks the translations of a default-locale draft as drafts
// too (the page is not published in any language until the original is)
// and, unless drafts are kept, takes every draft out of the site.
func (l *loader) settleDrafts(site *Site) {
	def := site.Config.DefaultLocale().Code
	drafted := map[string]bool{}
	for _, d := range site.Docs[def] {
		if d.Draft {
			drafted[string(d.Kind)+"/"+docKey(d)] = true
		}
	}
	for loc, docs := range site.Docs {
		kept := docs[:0]
		for _, d := range docs {
			d.Draft = d.Draft || drafted[string(d.Kind)+"/"+docKey(d)]
			if !d.Draft || l.drafts {
				kept = append(kept, d)
			}
		}
		site.Docs[loc] = kept
	}
}

// checkTranslations reports product texts with no facts file.
func (l *loader) checkTranslations(site *Site, products map[string]*Product) {
	def := site.Config.DefaultLocale().Code
	for _, loc := range site.Config.Locales[1:] {
		for _, d := range site.Docs[loc.Code] {
			if d.Kind == KindProduct && products[d.Slug] == nil {
				l.reporter(d.File).add(1, "", "no %s/products/%s.md: products are defined in the default locale first", def, d.Slug)
			}
		}
	}
}

// addFallbacks gives every locale every document of the default locale,
// marked as a fallback where the translation is missing.
func (l *loader) addFallbacks(site *Site) {
	def := site.Config.DefaultLocale().Code
	for _, loc := range site.Config.Locales[1:] {
		have := map[string]bool{}
		for _, d := range site.Docs[loc.Code] {
			have[string(d.Kind)+"/"+docKey(d)] = true
		}
		for _, d := range site.Docs[def] {
			if have[string(d.Kind)+"/"+docKey(d)] {
				continue
			}
			c := *d
			c.Locale = loc.Code
			c.Fallback = true
			site.Docs[loc.Code] = append(site.Docs[loc.Code], &c)
		}
	}
}

// bundleIndex is a page bundle's Markdown file.
const bundleIndex = "index.md"

// docKey identifies a document across locales: its file name, or its
// folder's name for a page bundle (products/arc/index.md).
func docKey(d *Doc) string {
	if path.Base(d.File) == bundleIndex {
		return path.Base(path.Dir(d.File))
	}
	return strings.TrimSuffix(path.Base(d.File), ".md")
}

// TranslationKey identifies a document across locales (the file name, which
// stays the same when a post's URL slug is translated).
func (d *Doc) TranslationKey() string { return docKey(d) }

func itoa(i int) string { return strconv.Itoa(i) }
