// Package buildinfo says which build of the daemon runs: the module
// version, the commit and its time, and whether the tree had uncommitted
// changes, as the Go toolchain stamped them into the binary (go build in
// a git checkout does; go run and go test do not, and then say so).
package buildinfo

import (
	"fmt"
	"runtime/debug"
)

// Info is the build of the running binary.
type Info struct {
	Version   string `json:"version"`  // module version, "(devel)" for a local build
	Commit    string `json:"commit"`   // vcs.revision; "" when not stamped
	Time      string `json:"time"`     // vcs.time (RFC 3339), the commit's time
	Modified  bool   `json:"modified"` // the tree had uncommitted changes
	GoVersion string `json:"go"`       // the toolchain that built it
}

// Read returns the running binary's Info.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: "unknown"}
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) Info {
	in := Info{Version: bi.Main.Version, GoVersion: bi.GoVersion}
	if in.Version == "" {
		in.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Commit = s.Value
		case "vcs.time":
			in.Time = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// Short is the commit's first 12 characters, with "+dirty" for a
// modified tree; "unstamped" when the toolchain recorded none.
func (in Info) Short() string {
	if in.Commit == "" {
		return "unstamped"
	}
	c := in.Commit
	if len(c) > 12 {
		c = c[:12]
	}
	if in.Modified {
		c += "+dirty"
	}
	return c
}

// String is the one line `orderd version` prints.
func (in Info) String() string {
	s := fmt.Sprintf("orderd %s commit %s", in.Version, in.Short())
	if in.Time != "" {
		s += " (" + in.Time + ")"
	}
	return s + " " + in.GoVersion
}
