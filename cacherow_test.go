package memweave_test

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestDamagedCacheRowIsAMiss: the embedding cache lives in the index
// file, which may be damaged or crafted. A cached vector of the wrong
// length, or holding a NaN, is a cache miss: the chunk is embedded
// again. It used to be handed to the index, whose write then failed
// ("chunk 0: vector has 2 dimensions, the index 384") in every run, so
// the note was never indexed again, nor found even by keyword.
func TestDamagedCacheRowIsAMiss(t *testing.T) {
	for name, blob := range map[string]string{
		"short": `x'0000803f0000803f'`, // two floats
		"odd":   `x'0000803f00'`,       // not whole floats
		// 384 floats, the first a NaN, the others 1.
		"nan": `unhex('0000C07F' || replace(hex(zeroblob(383)), '00', '0000803F'))`,
	} {
		t.Run(name, func(t *testing.T) {
			root, w := openIndexed(t, sample, memweave.Config{})
			// An edit puts the old text's vector in the cache.
			memweavetest.WriteFile(t, root, "memory/stack.md", "# Stack\n\nchanged\n")
			mustIndex(t, w)
			w.Close()
			db, err := sql.Open("sqlite3", filepath.Join(root, ".memweave", "index.db"))
			if err != nil {
				t.Fatal(err)
			}
			q := `UPDATE embed_cache SET vector = ` + blob
			res, err := db.Exec(q)
			if n, _ := res.RowsAffected(); err != nil || n == 0 {
				t.Fatalf("damage the cache: %v rows, %v", n, err)
			}
			db.Close()

			memweavetest.WriteFile(t, root, "memory/stack.md", sample["memory/stack.md"])
			w = open(t, root, memweave.Config{})
			if _, err := w.Index(t.Context()); err != nil {
				t.Fatalf("Index with a damaged cache row = %v, want the text embedded again", err)
			}
			st, err := w.Status(t.Context())
			if err != nil || st.Vectors != st.Chunks || st.PendingFiles != 0 {
				t.Errorf("Status = %+v, %v; want every chunk with a vector", st, err)
			}
			resp, err := w.Search(t.Context(), "Valkey Redis", memweave.SearchMode(memweave.ModeVector))
			if err != nil || len(resp.Results) == 0 || !strings.HasSuffix(resp.Results[0].Path, "stack.md") || resp.Results[0].VectorScore == nil || *resp.Results[0].VectorScore == 0 {
				t.Errorf("vector Search(Valkey Redis) = %+v, %v; want stack.md first with a vector score", resp, err)
			}
		})
	}
}

// TestDamagedBackgroundRowIsMeasuredAgain: the index background and the
// background questions' vectors are kept in the embedding cache too. A
// damaged entry (NaN) is measured or embedded again; used, it let every
// unrelated note through as a paraphrase (notes.md scored 0.44 for
// "Valkey").
func TestDamagedBackgroundRowIsMeasuredAgain(t *testing.T) {
	root, _, search := measuredBackground(t)
	want := search()
	damage := func(what string, stmts ...string) {
		db, err := sql.Open("sqlite3", filepath.Join(root, ".memweave", "index.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, q := range stmts {
			res, err := db.Exec(q)
			if n, _ := res.RowsAffected(); err != nil || n == 0 {
				t.Fatalf("damage the %s: %q changed %d rows, %v", what, q, n, err)
			}
		}
		if got := search(); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("Search(Valkey) with a damaged %s entry = %q, want %q as before", what, got, want)
		}
	}
	damage("background", `UPDATE embed_cache SET vector = x'0000c07f0000c07f0000c07f' WHERE length(vector) = 12`)
	// Without a kept background, it is measured from the questions.
	damage("questions", `DELETE FROM embed_cache WHERE length(vector) = 12`,
		`UPDATE embed_cache SET vector = unhex(replace(hex(zeroblob(16)), '00', '0000C07F')) WHERE length(vector) = 64`)
}

// measuredBackground returns an indexed workspace whose embedder's
// background is measured (a server with a sentence encoder's baseline),
// its configuration, and a search for "Valkey" in a fresh handle, which returns the paths
// found; the first search measures the background and keeps it in the
// index file's embedding cache.
func measuredBackground(t *testing.T) (root string, cfg memweave.Config, search func() []string) {
	t.Helper()
	srv := memweavetest.NewEmbedServer(t, 16)
	srv.Baseline = 0.3 // a sentence encoder's background: measured
	root = memweavetest.Workspace(t, sample)
	cfg = memweave.Config{Embedder: memweave.EmbedderConfig{Provider: "openai", Model: "m", BaseURL: srv.BaseURL(), Dims: 16}}
	search = func() []string {
		w := open(t, root, cfg)
		defer w.Close()
		resp, err := w.Search(t.Context(), "Valkey")
		if err != nil {
			t.Fatal(err)
		}
		var paths []string
		for _, r := range resp.Results {
			paths = append(paths, r.Path)
		}
		return paths
	}
	w := open(t, root, cfg)
	mustIndex(t, w)
	w.Close()
	return root, cfg, search
}
