package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sabershop/internal/testutil"
)

// Benchmarks report numbers for docs/benchmarks.md; they assert nothing
// about speed. Run with `make bench`.

// BenchmarkFullBuildRealSite is a cold build of the shop's own content, as
// `go run ./cmd/build` does it: bundling, starting the SSR workers,
// rendering every page, compressing and writing.
func BenchmarkFullBuildRealSite(b *testing.B) {
	benchFullBuild(b, Options{ContentDir: "../../content"})
}

// benchFullBuild runs a new Builder b.N times, as `go run ./cmd/build`
// does: "fresh" into an empty output directory (a new clone), and "over
// previous" where the last build's public/ exists (an editor's next build:
// unchanged files are kept as hard links).
//
// The "-cached" variants have a build cache (buildcache.go) that one build
// before the timer filled, as every build after the first on a machine
// does: `go run ./cmd/build` keeps it in .cache/build.
func benchFullBuild(b *testing.B, opts Options) {
	SetBuildGC() // as cmd/build runs
	b.Run("fresh", func(b *testing.B) { runFullBuilds(b, opts, true) })
	b.Run("over-previous", func(b *testing.B) { runFullBuilds(b, opts, false) })
	cached := opts
	b.Run("fresh-cached", func(b *testing.B) {
		cached.BuildCache = filepath.Join(b.TempDir(), "cache")
		runFullBuilds(b, cached, true)
	})
	b.Run("over-previous-cached", func(b *testing.B) {
		cached.BuildCache = filepath.Join(b.TempDir(), "cache")
		runFullBuilds(b, cached, false)
	})
}

func runFullBuilds(b *testing.B, opts Options, fresh bool) {
	opts.OutDir = filepath.Join(b.TempDir(), "public")
	opts.Root, opts.Compress = "../..", true
	if opts.BuildCache != "" {
		warm := opts
		warm.OutDir = filepath.Join(b.TempDir(), "warm")
		bl := New(warm)
		if _, err := bl.Build(); err != nil {
			b.Fatal(err)
		}
		bl.Close()
	}
	if !fresh {
		bl := New(opts)
		if _, err := bl.Build(); err != nil {
			b.Fatal(err)
		}
		bl.Close()
	}
	var pages int
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if fresh {
			b.StopTimer()
			if err := os.RemoveAll(opts.OutDir); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		bl := New(opts)
		rep, err := bl.Build()
		bl.Close()
		if err != nil {
			b.Fatal(err)
		}
		pages = 0
		for _, n := range rep.Pages {
			pages += n
		}
		b.Logf("stages %v %v", rep.Stages, rep.Substages)
	}
	b.ReportMetric(float64(pages), "pages")
	// The CPU time of this process and of the node workers it started and
	// waited for: on two cores a full build is CPU-bound, so this says
	// whether a change saved work when the wall time is noisy.
	b.ReportMetric((cpuTime(b)-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the user and system time of this process and its waited-for
// children so far.
func cpuTime(b *testing.B) time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err != nil {
			b.Fatal(err)
		}
		total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return total
}

// generatedSite is the fixture plus enough English posts for 1,000 pages
// across the three locales (untranslated posts fall back under /pl/, /de/).
func generatedSite(b *testing.B, posts int) string {
	return writeFixture(b, "site", genPosts(posts))
}

func genPosts(posts int) string {
	var sb strings.Builder
	for i := 0; i < posts; i++ {
		fmt.Fprintf(&sb, "-- en/blog/post-%04d.md --\n---\ntitle: Generated post %d\ndate: 2026-01-%02d\nsummary: Post number %d.\ncategories: [news]\n---\n", i, i, i%28+1, i)
		fmt.Fprintf(&sb, "## Part one\n\nSome text with a [link](/shop/arc) and *emphasis*, number %d.\n\n- a\n- b\n\n## Part two\n\nMore text.\n", i)
	}
	return sb.String()
}

func BenchmarkFullBuild1000Pages(b *testing.B) {
	benchFullBuild(b, Options{ContentDir: generatedSite(b, 310), Now: func() time.Time { return fixtureNow }})
}

// BenchmarkRebuildOneMarkdownEdit is watch mode's work after an editor
// saves one Markdown file of the real site (dev mode: no compression).
func BenchmarkRebuildOneMarkdownEdit(b *testing.B) {
	dir := testutil.CopyDir(b, "../../content")
	bl := New(Options{ContentDir: dir, OutDir: filepath.Join(b.TempDir(), "public"), Root: "../..", InPlace: true})
	defer bl.Close()
	benchMarkdownEdits(b, dir, bl.Build)
}

// BenchmarkContentOnlyRebuild is `go run ./cmd/build` after an editor saved
// one Markdown file of the real site: a new process (Builder) over the
// previous public/, with the build cache of the builds before it.
func BenchmarkContentOnlyRebuild(b *testing.B) {
	dir := testutil.CopyDir(b, "../../content")
	opts := Options{ContentDir: dir, OutDir: filepath.Join(b.TempDir(), "public"), Root: "../..", Compress: true,
		BuildCache: filepath.Join(b.TempDir(), "cache")}
	benchMarkdownEdits(b, dir, func() (*Report, error) {
		bl := New(opts)
		defer bl.Close()
		return bl.Build()
	})
}

// benchMarkdownEdits builds once, then times b.N builds each after one
// more edit of the real site's features page (a copy in dir).
func benchMarkdownEdits(b *testing.B, dir string, build func() (*Report, error)) {
	SetBuildGC() // as cmd/build runs
	if _, err := build(); err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(dir, "en", "pages", "features.md")
	orig, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	rendered := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		edited := append(append([]byte{}, orig...), []byte(fmt.Sprintf("\nEdit number %d.\n", i))...)
		if err := os.WriteFile(file, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		rep, err := build()
		if err != nil {
			b.Fatal(err)
		}
		rendered = rep.Rendered
		if os.Getenv("SITE_BENCH_STAGES") != "" {
			fmt.Fprintln(os.Stderr, stageLine(rep))
		}
	}
	b.ReportMetric(float64(rendered), "pages-rendered")
}

// stageLine is one build's stage times (SITE_BENCH_STAGES=1 prints one per
// timed build): where a benchmark's time goes, without a profiler.
func stageLine(rep *Report) string {
	var parts []string
	for _, st := range append(append([]StageTime{}, rep.Stages...), rep.Substages...) {
		parts = append(parts, fmt.Sprintf("%s %.1f", st.Name, float64(st.Duration.Microseconds())/1000))
	}
	return fmt.Sprintf("%.1f ms: %s", float64(rep.Duration.Microseconds())/1000, strings.Join(parts, ", "))
}
