package mcpserver

import (
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "0123456789abcdef0123"}
	dirty := debug.BuildSetting{Key: "vcs.modified", Value: "true"}
	clean := debug.BuildSetting{Key: "vcs.modified", Value: "false"}
	tests := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"nothing recorded", debug.BuildInfo{}, "(devel)"},
		{"main, tagged", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.0"},
			Settings: []debug.BuildSetting{rev, clean}}, "v1.2.0 (commit 0123456789ab)"},
		{"main, devel, modified", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{rev, dirty}}, "(devel) (commit 0123456789ab, modified)"},
		{"main, no VCS", debug.BuildInfo{Main: debug.Module{Path: modulePath}}, "(devel)"},
		{"dependency", debug.BuildInfo{Main: debug.Module{Path: "example.com/app", Version: "v9.9.9"},
			Deps:     []*debug.Module{{Path: modulePath, Version: "v1.3.0"}},
			Settings: []debug.BuildSetting{rev, dirty}}, "v1.3.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := versionOf(&tt.bi); got != tt.want {
				t.Errorf("versionOf(%+v) = %q, want %q", tt.bi, got, tt.want)
			}
		})
	}
}
