package memweave_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestUnicodeQueries searches each case of testdata/unicode/queries.txt
// (a note holding a word or phrase as written, a query) among notes
// holding every case's phrase, in keyword and hybrid mode with the
// offline embedder: a "found" case's note must rank in the top 3, its
// snippet holding the phrase as the note writes it; a "missed" case's note
// must be no keyword result (a distinct word). It logs the misses by
// family and part (tune, check), the figures in the lane's report.
func TestUnicodeQueries(t *testing.T) {
	rows := readUnicodeRows(t, "queries.txt", "found", "missed")
	files := map[string]string{}
	for i, r := range rows {
		files[fmt.Sprintf("memory/q/%03d.md", i)] = formNote(i, r.a)
	}
	_, w := openIndexed(t, files, memweave.Config{DBPath: filepath.Join(t.TempDir(), "index.db")})
	misses, totals := map[string]int{}, map[string]int{}
	for i, r := range rows {
		want := fmt.Sprintf("memory/q/%03d.md", i)
		for _, mode := range []memweave.Mode{memweave.ModeKeyword, memweave.ModeHybrid} {
			if r.want == "missed" && mode != memweave.ModeKeyword {
				continue // the vector side ranks near spellings near by design
			}
			key := fmt.Sprintf("%-10s %-5s %-8s", r.family, r.part, mode)
			totals[key]++
			resp := mustSearch(t, w, r.b, memweave.SearchMode(mode))
			rank := slices.IndexFunc(resp.Results, func(x memweave.Result) bool { return x.Path == want })
			found := rank >= 0 && (rank < 3 || r.want == "missed")
			if found != (r.want == "found") {
				misses[key]++
				t.Errorf("%s %s: Search(%q, %s) for a note holding %q: rank %d of %v, want %s",
					r.family, r.part, r.b, mode, r.a, rank+1, topPaths(resp.Results, 3), r.want)
				continue
			}
			if found && !strings.Contains(resp.Results[rank].Snippet, r.a) {
				t.Errorf("Search(%q, %s) snippet = %q, want the note's own %q", r.b, mode, resp.Results[rank].Snippet, r.a)
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(totals)) {
		t.Logf("%s misses %d of %d", key, misses[key], totals[key])
	}
}
