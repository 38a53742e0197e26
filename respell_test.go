package memweave_test

import (
	"path/filepath"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestSearchRespellsTypos searches words typed one letter wrong, which no
// note holds: each finds the note holding the word meant, in keyword and
// hybrid mode at the default threshold, while a word two letters from
// every note's, or a short one in a question, finds nothing by keyword.
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
	// "paris" typed alone is read as "pairs" with two letters swapped (a
	// short word's typo, in a query of a few keywords: see
	// docs/search.md); in a question it is a word of its own.
	for _, q := range []string{"brisket", "what about paris", "hedgehog"} {
		if resp := mustSearch(t, w, q, memweave.SearchMode(memweave.ModeKeyword)); len(resp.Results) > 0 {
			t.Errorf("Search(%q, keyword) = %v, want none", q, locs(resp.Results))
		}
	}
}

// TestSearchRespellsAFewWordsOnly: each word the index lacks is
// respelled by a read of the index's word list, so a query of many such
// words (64 made-up words: a read of thousands of terms for each) is no
// typo and is searched as typed; a query with a few is respelled.
func TestSearchRespellsAFewWordsOnly(t *testing.T) {
	files := map[string]string{"memory/a.md": "# Receipts\n\nKeep the receipt for the warranty claim.\n"}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db"), MinScore: new(0.0)})
	few := "recipt qwzkvbnl xxpqrtzk"
	if resp := mustSearch(t, w, few, memweave.SearchMode(memweave.ModeKeyword)); len(resp.Results) == 0 || resp.Results[0].Path != "memory/a.md" {
		t.Errorf("Search(%q, keyword) = %v, want memory/a.md first", few, locs(resp.Results))
	}
	many := "recipt qwzkvbnl xxpqrtzk zzvbnmqa pqpqzxzx kkjjhhgg"
	if resp := mustSearch(t, w, many, memweave.SearchMode(memweave.ModeKeyword)); len(resp.Results) > 0 {
		t.Errorf("Search(%q, keyword) = %v, want none: %d words the index lacks are no typo", many, locs(resp.Results), 6)
	}
}

// TestSearchRespellsNoOtherInflection: a real word whose stem, its
// ending set aside, is a letter short of or changed at its end from a
// note's word ("composed", "compos" and "ed", and "compost") is read as
// no typo of it, in a question or typed alone; a typo at that place that
// seldom makes a word (a key beside it, a letter doubled) still finds
// its note.
func TestSearchRespellsNoOtherInflection(t *testing.T) {
	files := map[string]string{
		"memory/a.md": "# Garden\n\nCompost bin is ready to empty in spring.\n",
		"memory/b.md": "# Money\n\nThe current account pays interest monthly.\n",
		"memory/c.md": "# Budget\n\nThe allotment fee for the garden plot is due.\n",
	}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	// MinScore 0: any keyword match, a respelling's too, is returned.
	for _, q := range []string{"Who composed the Four Seasons?", "composed", "What currency does Switzerland use?", "How do we allocate tasks?"} {
		if resp := mustSearch(t, w, q, memweave.SearchMode(memweave.ModeKeyword), memweave.MinScore(0)); len(resp.Results) > 0 {
			t.Errorf("Search(%q, keyword, MinScore(0)) = %v, want none", q, locs(resp.Results))
		}
	}
	for _, c := range []struct{ query, want string }{
		{"composred bin", "memory/a.md"},    // "composr" and "ed": r beside t
		{"currenrs account", "memory/b.md"}, // "currenr" and "s"
	} {
		if resp := mustSearch(t, w, c.query, memweave.SearchMode(memweave.ModeKeyword)); len(resp.Results) == 0 || resp.Results[0].Path != c.want {
			t.Errorf("Search(%q, keyword) = %v, want %s first", c.query, locs(resp.Results), c.want)
		}
	}
}
