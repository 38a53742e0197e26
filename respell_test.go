package memweave_test

import (
	"path/filepath"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestSearchRespellsTypos searches words typed one letter wrong, which no
// note holds: each finds the note holding the word meant, in keyword and
// hybrid mode at the default threshold, while a word two letters from
// every note's, or a short one, finds nothing by keyword.
func TestSearchRespellsTypos(t *testing.T) {
	files := map[string]string{
		"memory/a.md": "# Receipts\n\nKeep the receipt for the warranty claim.\n",
		"memory/b.md": "# Rack\n\nThe replica moved to the new rack; the maintenance window is Sunday.\n",
		"memory/c.md": "# Market\n\nThe basket of pairs sold at the market.\n",
		"memory/d.md": "# Garden\n\nThe hedge needs trimming before spring.\n",
	}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	for _, c := range []struct{ query, want string }{
		{"recipt", "memory/a.md"},      // a letter missing
		{"warrantty", "memory/a.md"},   // a letter added
		{"replika", "memory/b.md"},     // a letter changed
		{"maintenence", "memory/b.md"}, // a letter changed, before the stemmer's suffix
		{"warrnaty", "memory/a.md"},    // two letters swapped
	} {
		for _, mode := range []memweave.Mode{memweave.ModeKeyword, memweave.ModeHybrid} {
			resp := mustSearch(t, w, c.query, memweave.SearchMode(mode))
			if len(resp.Results) == 0 || resp.Results[0].Path != c.want {
				t.Errorf("Search(%q, %s) = %v, want %s first", c.query, mode, locs(resp.Results), c.want)
			}
		}
	}
	for _, q := range []string{"brisket", "paris", "hedgehog"} {
		if resp := mustSearch(t, w, q, memweave.SearchMode(memweave.ModeKeyword)); len(resp.Results) > 0 {
			t.Errorf("Search(%q, keyword) = %v, want none", q, locs(resp.Results))
		}
	}
}
