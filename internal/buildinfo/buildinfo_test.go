package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "sabershop", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "2bd11d2c0ffee0123456789abcdef0123456789a"},
			{Key: "vcs.time", Value: "2026-11-24T11:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	in := fromBuildInfo(bi)
	if want := "orderd (devel) commit 2bd11d2c0ffe+dirty (2026-11-24T11:00:00Z) go1.26.8"; in.String() != want {
		t.Errorf("%q, want %q", in.String(), want)
	}
	in = fromBuildInfo(&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}})
	if want := "orderd v1.2.0 commit unstamped go1.26.8"; in.String() != want {
		t.Errorf("%q, want %q", in.String(), want)
	}
}
