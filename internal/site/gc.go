package site

import (
	"os"
	"runtime/debug"
)

// BuildGCPercent is the collector's target for a process that builds the
// site (`cmd/build`, one-off or watching). A build makes all of its pages'
// data, documents and compressed bodies at once (tens of MB), and at Go's
// default of 100 the collector's marking took a core's share of a build
// that is CPU-bound on two cores:
//   - a Markdown edit's reload in watch mode went from 52-53 to 47 ms, for a
//     process whose peak memory went from 121 to 254 MB;
//   - the 1,000-page build without a cache went from 2.22-2.46 to
//     1.91-2.12 s in four alternated pairs, its peak from 178 to 212 MB
//     (docs/benchmarks.md, "The 1,000-page build, third session").
const BuildGCPercent = 400

// SetBuildGC sets the collector's target to BuildGCPercent, unless GOGC in
// the environment already decides.
func SetBuildGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(BuildGCPercent)
	}
}
