package index

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/store"
	"github.com/memweave/memweave-go/tokenize"
)

// TestRankIsBM25 checks that the keyword search's rank, mw_bm25, gives
// every matching row the very double FTS5's bm25() gives it, with the
// phrases' hits given or counted: on a first
// query (lengths read), a second one (lengths kept), after a write that
// changes the table's row count and average length, after a write that
// swaps two rows' texts (which only the generation tells apart from the
// lengths kept) and after a row changed without raising it.
func TestRankIsBM25(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	db.SQL().SetMaxOpenConns(1) // one connection: the one that keeps lengths
	words := []string{"cache", "eviction", "policy", "redis", "valkey", "deploy", "rollback", "latency"}
	var chunks []Chunk
	for i := range 40 {
		var b strings.Builder
		for j := range 3 + i%11*7 { // lengths from 3 to 73 words
			b.WriteString(words[(i*3+j*j)%len(words)] + " filler" + fmt.Sprint(j%5) + " ")
		}
		chunks = append(chunks, chunk("memory/a.md", i, b.String(), nil))
	}
	apply := func(path string, cs []Chunk) {
		t.Helper()
		if _, err := db.Apply(ctx, []Update{{File: File{Path: path, Source: "memory", Hash: path + fmt.Sprint(len(cs))}, Chunks: cs}}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	apply("memory/a.md", chunks)
	queries := []string{`"cache" OR "eviction" OR "policy"`, `"cache eviction" OR "rollback"`, `"val" * OR "latency"`, `"filler0"`,
		`"say ""cache""" OR "de" * OR "policy latency"`}
	check := func(when string) {
		t.Helper()
		for _, q := range queries {
			hits, gen, _, err := db.phraseHits(ctx, q)
			if err != nil || hits == nil {
				t.Fatalf("phraseHits(%s) = %v, %v", q, hits, err)
			}
			// The phrases' hits kept, none (mw_bm25 counts them), and
			// hits of another generation (ignored).
			wrong := strings.TrimSpace(strings.Repeat("1 ", len(orPhrases(q))))
			for _, args := range [][]any{{hits, gen}, {nil, -1}, {wrong, gen - 1}} {
				n := 0
				err := scanRows(ctx, db.SQL(), `SELECT rowid, bm25(chunks_fts), `+rankSQL+` FROM chunks_fts WHERE chunks_fts MATCH ?`, func(rows *sql.Rows) error {
					var id int64
					var want, got float64
					if err := rows.Scan(&id, &want, &got); err != nil {
						return err
					}
					if n++; got != want {
						t.Errorf("%s: %s with hits %v: row %d: mw_bm25 = %v, bm25 = %v", when, q, args, id, got, want)
					}
					return nil
				}, append(args, q)...)
				if err != nil || n == 0 {
					t.Fatalf("%s: %s: %d rows, %v", when, q, n, err)
				}
			}
		}
	}
	check("first query")
	check("lengths kept")
	apply("memory/b.md", chunks[:7])
	check("after a write")

	// Two rows swap their texts in a write that raises the generation, as
	// every write does: the table's row count and total length stay, and
	// only the generation says the lengths kept are stale (rowids are
	// reused).
	rowid := func(c Chunk) int64 {
		var id int64
		if err := db.SQL().QueryRowContext(ctx, `SELECT id FROM chunks WHERE uid = ?`, c.ID).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	text := func(c Chunk) string { return tokenize.Segment(c.Prefix + c.Text) }
	rewrite := func(q interface {
		ExecContext(context.Context, string, ...any) (sql.Result, error)
	}, id int64, old, repl string) error {
		if _, err := q.ExecContext(ctx, `INSERT INTO chunks_fts (chunks_fts, rowid, text) VALUES ('delete', ?, ?)`, id, old); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, `INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)`, id, repl)
		return err
	}
	a, b := chunks[5], chunks[6]
	ra, rb := rowid(a), rowid(b)
	if err := db.write(ctx, func(tx *sql.Tx) error {
		return cmp.Or(rewrite(tx, ra, text(a), text(b)), rewrite(tx, rb, text(b), text(a)))
	}); err != nil {
		t.Fatal(err)
	}
	check("after two rows swapped texts")
	// A row rewritten without raising the generation (by hand): the
	// table's total length changed. The term counts the handle keeps
	// follow the generation only, until a check drops them.
	c := chunks[9]
	if err := rewrite(db.SQL(), rowid(c), text(c), "cache eviction policy"); err != nil {
		t.Fatal(err)
	}
	db.forgetCaches()
	check("after a row changed behind the generation")
}

// TestKeywordRanksByBM25 checks that Keyword returns what ordering the
// matches by bm25() and rowid returns, with the same scores.
func TestKeywordRanksByBM25(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	var chunks []Chunk
	for i := range 30 {
		chunks = append(chunks, chunk("memory/a.md", i, strings.Repeat("note ", i%7)+"cache "+strings.Repeat("x ", i), nil))
	}
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	const match = `"cache" OR "note"`
	for range 2 {
		hits, err := db.Keyword(ctx, match, 12, store.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		var want []KeywordHit
		err = scanRows(ctx, db.SQL(), `SELECT rowid, bm25(chunks_fts) AS s FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY s, rowid LIMIT 12`, func(rows *sql.Rows) error {
			var h KeywordHit
			want = append(want, h)
			return rows.Scan(&want[len(want)-1].ID, &want[len(want)-1].BM25)
		}, match)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(hits) != fmt.Sprint(want) {
			t.Fatalf("Keyword = %v\nwant      %v", hits, want)
		}
	}
}

// TestOrPhrases checks the split of a planned MATCH expression into the
// phrases FTS5 numbers, on the planner's own output and on expressions
// of other forms, which get nil.
func TestOrPhrases(t *testing.T) {
	for _, tc := range []struct {
		match string
		want  []string
	}{
		{`"a"`, []string{`"a"`}},
		{`"a" OR "b c" OR "d" *`, []string{`"a"`, `"b c"`, `"d" *`}},
		{`"say ""hi""" OR "x"`, []string{`"say ""hi"""`, `"x"`}},
		{`"支付 付系" OR "支" *`, []string{`"支付 付系"`, `"支" *`}},
		{``, nil},
		{`a OR "b"`, nil},
		{`"a" AND "b"`, nil},
		{`"a" OR`, nil},
		{`"a`, nil},
		{`"a" NEAR("b")`, nil},
		{`"a" *x`, nil},
	} {
		if got := orPhrases(tc.match); !slices.Equal(got, tc.want) {
			t.Errorf("orPhrases(%s) = %q, want %q", tc.match, got, tc.want)
		}
	}
	for _, q := range []string{"what did we decide about the cache", `v2.3.1 "quoted" NEAR(x) AND y*`, "支付系统 deploy-2026", "ERR-4821 timeout"} {
		for _, m := range []string{search.KeywordQuery(q), search.PhraseQuery(q)} {
			if got := orPhrases(m); m != "" && (got == nil || strings.Join(got, " OR ") != m) {
				t.Errorf("orPhrases(%s) = %q: not its phrases", m, got)
			}
		}
	}
}
