package memweave_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/search"
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

// TestSearchRefusesManyExclusions: each excluded word is one more term of
// a keyword query, which SQLite counts in one statement of at most 2,000
// columns: 3,000 "-word"s failed with "too many columns in result set"
// and an error quoting every word. More than search.MaxQueryTerms are
// refused as a query too long, naming the count, before any search;
// that many are searched.
func TestSearchRefusesManyExclusions(t *testing.T) {
	files := map[string]string{"memory/planning.md": "# Planning\n\nThe planning meeting moved to Thursday.\n"}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	query := func(n int) string {
		var b strings.Builder
		b.WriteString("meeting")
		for i := range n {
			fmt.Fprintf(&b, " -excl%s", strings.Repeat("a", i%7)+string(rune('b'+i%20))+string(rune('b'+i/20%20))+string(rune('b'+i/400)))
		}
		return b.String()
	}
	for _, n := range []int{search.MaxQueryTerms + 1, 3000} {
		_, err := w.Search(t.Context(), query(n), memweave.SearchMode(memweave.ModeKeyword))
		if !errors.Is(err, memweave.ErrQueryTooLong) || !strings.Contains(err.Error(), fmt.Sprintf("excludes %d words", n)) || len(err.Error()) > 300 {
			t.Errorf("Search(meeting and %d -words) = %v, want ErrQueryTooLong naming %d, in a short message", n, err, n)
		}
	}
	if resp := mustSearch(t, w, query(search.MaxQueryTerms), memweave.SearchMode(memweave.ModeKeyword), memweave.MinScore(0)); len(resp.Results) != 1 {
		t.Errorf("Search(meeting and %d -words) = %v, want memory/planning.md", search.MaxQueryTerms, locs(resp.Results))
	}
}
