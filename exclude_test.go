package memweave_test

import (
	"path/filepath"
	"slices"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestSearchMinusExcludes searches with a leading minus: "-word" leaves
// out every note holding word, in each mode, while a flag typed as code,
// a minus before a number, a hyphenated word and a query of excluded
// words alone stay text.
func TestSearchMinusExcludes(t *testing.T) {
	files := map[string]string{
		"memory/planning.md": "# Planning\n\nThe planning meeting moved to Thursday.\n",
		"memory/standup.md":  "# Standup\n\nThe standup meeting moved to Thursday.\n\n## Later\n\nNothing else.\n",
		"memory/shell.md":    "# Shell\n\nRun ls -la, then tar -xzf the archive; error -1 means the check-in failed.\n",
	}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	cases := []struct {
		query      string
		want, none string
	}{
		{"meeting -standup", "memory/planning.md", "memory/standup.md"},
		{"-standup meeting", "memory/planning.md", "memory/standup.md"},
		{"meeting -Standup,", "memory/planning.md", "memory/standup.md"},
		{"ls -la", "memory/shell.md", ""},
		{"tar -xzf", "memory/shell.md", ""},
		{"error -1", "memory/shell.md", ""},
		{"check-in", "memory/shell.md", ""},
		{"-standup", "memory/standup.md", ""},
	}
	for _, c := range cases {
		for _, mode := range []memweave.Mode{memweave.ModeKeyword, memweave.ModeHybrid, memweave.ModeVector} {
			resp := mustSearch(t, w, c.query, memweave.SearchMode(mode), memweave.MinScore(0))
			paths := make([]string, len(resp.Results))
			for i, r := range resp.Results {
				paths[i] = r.Path
			}
			if mode != memweave.ModeVector && !slices.Contains(paths, c.want) {
				t.Errorf("Search(%q, %s) = %v, want %s", c.query, mode, paths, c.want)
			}
			if c.none != "" && slices.Contains(paths, c.none) {
				t.Errorf("Search(%q, %s) = %v, want no %s", c.query, mode, paths, c.none)
			}
		}
	}
}
