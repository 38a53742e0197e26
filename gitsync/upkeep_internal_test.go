package gitsync

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUpkeepDueCountsLooseObjectsOfEitherHash: git's own check counts the
// loose objects in objects/17 whose names are the rest of an object id,
// 38 hex digits under SHA-1 and 62 under SHA-256. upkeepDue counted 38
// only, so a SHA-256 repository's loose objects never made git's upkeep
// run, however many piled up. A name of another length is no object.
func TestUpkeepDueCountsLooseObjectsOfEitherHash(t *testing.T) {
	for _, c := range []struct {
		name  string
		width int
		want  bool
	}{
		{"sha1", 38, true},
		{"sha256", 62, true},
		{"other names", 20, false},
		{"not hex", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			objects := t.TempDir()
			for _, d := range []string{"17", "pack"} {
				if err := os.Mkdir(filepath.Join(objects, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, h := range "abc" { // past gc.auto 256's bound of one
				name := strings.Repeat(string(h), c.width)
				if c.width == 0 {
					name = strings.Repeat("g", 38)
				}
				if err := os.WriteFile(filepath.Join(objects, "17", name), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := &syncer{config: gitConfig{"gc.auto": {"256"}}, paths: map[string]string{"objects": objects}}
			if got := s.upkeepDue(t.Context()); got != c.want {
				t.Errorf("upkeepDue with 3 loose names of %d characters in objects/17, gc.auto 256 = %v, want %v", c.width, got, c.want)
			}
		})
	}
}
