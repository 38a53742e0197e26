package index

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// TestKeywordNoPhraseMatches checks the keyword search of an OR of
// phrases none of which matches a row (most two-word phrase queries): it
// returns what the ranked query returns, nothing, and once another
// handle writes a row that a phrase matches, the counts kept as zero
// are of the generation before and the row is found. The same with a
// filter, and for an expression one phrase of which matches.
func TestKeywordNoPhraseMatches(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	other := openOther(t, db)
	apply := func(h *DB, path, text string) {
		t.Helper()
		if _, err := h.Apply(ctx, []Update{{File: File{Path: path, Source: "memory", Hash: text}, Chunks: []Chunk{chunk(path, 0, text, nil)}}}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	apply(db, "memory/a.md", "the cache eviction policy is least recently used")
	apply(db, "memory/b.md", "deploy the rollback procedure before the window")
	ranked := func(match string) []int64 {
		t.Helper()
		var ids []int64
		err := scanRows(ctx, db.SQL(), `SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid`, func(rows *sql.Rows) error {
			var id int64
			ids = append(ids, id)
			return rows.Scan(&ids[len(ids)-1])
		}, match)
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	search := func(when, match string, want int) {
		t.Helper()
		for _, f := range []store.Filter{{}, {Paths: []string{"memory/a.md", "memory/b.md", "memory/c.md"}}} {
			hits, err := db.Keyword(ctx, match, 10, f)
			if err != nil {
				t.Fatalf("%s: Keyword(%s): %v", when, match, err)
			}
			var ids []int64
			for _, h := range hits {
				ids = append(ids, h.ID)
			}
			slices.Sort(ids)
			if len(ids) != want || !slices.Equal(ids, ranked(match)) {
				t.Errorf("%s: Keyword(%s, %+v) = ids %v; want %d, the MATCH's rows %v", when, match, f, ids, want, ranked(match))
			}
		}
	}
	const none = `"eviction rollback" OR "window cache" OR "zzq" *`
	search("before", none, 0)
	search("before", `"eviction rollback" OR "cache eviction"`, 1)
	// Another process's write: the zero counts kept are of the
	// generation before it.
	apply(other, "memory/c.md", "a window cache in front of the eviction rollback queue")
	search("after another handle wrote", none, 1)
}
