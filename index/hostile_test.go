package index

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/store"
)

// allocated returns the bytes fn allocates on the Go heap.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHostileIndexFile damages a valid index the way a copied or crafted
// file could, and checks that a vector search refuses it with
// [ErrCorrupt] naming the table, without a large allocation, that Check
// reports it, and that Repair makes the search work again.
func TestHostileIndexFile(t *testing.T) {
	const dims, n = 16, 300
	for _, tc := range []struct {
		name   string
		damage []string
		table  string
	}{
		{"blocks view", []string{`DROP TABLE vector_blocks`,
			// Sixteen rows declaring blobs of 16 MiB each, in a file of a
			// few pages: a reader that trusts the lengths allocates them.
			`CREATE VIEW vector_blocks AS WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r WHERE i < 15)
				SELECT i AS block, 1 << 40 AS gen, zeroblob(1 << 24) AS codes FROM r`}, "vector_blocks"},
		{"huge declared length", []string{`UPDATE vector_blocks SET codes = zeroblob(1 << 22) WHERE block = 1`}, "vector_blocks"},
		{"text codes", []string{`UPDATE vector_blocks SET codes = CAST(codes AS TEXT) WHERE block = 2`}, "vector_blocks"},
		{"duplicated block", []string{
			`CREATE TABLE vb2 (block INTEGER, gen INTEGER NOT NULL, codes BLOB NOT NULL)`,
			`INSERT INTO vb2 SELECT * FROM vector_blocks`,
			`INSERT INTO vb2 SELECT * FROM vector_blocks WHERE block = 1`,
			`DROP TABLE vector_blocks`,
			`ALTER TABLE vb2 RENAME TO vector_blocks`}, "vector_blocks"},
		{"ids duplicated across blocks", []string{`UPDATE vector_blocks SET codes = (SELECT codes FROM vector_blocks WHERE block = 1) WHERE block = 2`}, "vector_blocks"},
		{"text vector", []string{`UPDATE vectors SET vector = CAST(vector AS TEXT)`}, "vectors"},
		{"vectors view", []string{`ALTER TABLE vectors RENAME TO v2`,
			`CREATE VIEW vectors AS SELECT id, zeroblob(1 << 24) AS vector FROM v2`}, "vectors"},
		{"foreign trigger", []string{`CREATE TRIGGER evil AFTER INSERT ON vectors BEGIN DELETE FROM chunks; END`}, "evil"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "index.db")
			vectorIndex(t, path, n, dims, 7)
			raw := openRaw(t, path)
			for _, s := range tc.damage {
				if _, err := raw.ExecContext(ctx, s); err != nil {
					t.Fatalf("%s: %v", s, err)
				}
			}
			raw.Close()
			db, err := Open(ctx, path, Options{})
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer db.Close()
			q := make([]float32, dims)
			q[0] = 1
			var hits []VectorHit
			mem := allocated(func() { hits, err = db.Vector(ctx, q, 10, store.Filter{}) })
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.table) {
				t.Errorf("Vector = %d hits, %v; want ErrCorrupt naming %s", len(hits), err, tc.table)
			}
			if mem > 2<<20 {
				t.Errorf("Vector allocated %d MiB", mem>>20)
			}
			rep, err := db.Check(ctx)
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if rep.OK() || !strings.Contains(strings.Join(rep.Problems(), "\n"), tc.table) {
				t.Errorf("Check problems = %q, want one naming %s", rep.Problems(), tc.table)
			}
			if _, err := db.Repair(ctx); err != nil {
				t.Fatalf("Repair: %v", err)
			}
			if _, err = db.Vector(ctx, q, 10, store.Filter{}); err != nil {
				t.Fatalf("Vector after Repair: %v", err)
			}
			if rep, err := db.Check(ctx); err != nil || !rep.OK() {
				t.Errorf("Check after Repair = %v, %q", err, rep.Problems())
			}
		})
	}
}

// TestHostileCoreTable checks that a file whose chunk or file table is
// not memweave's fails to open with [ErrCorrupt] naming the table: only
// a rebuild from the files can fix it.
func TestHostileCoreTable(t *testing.T) {
	for _, table := range []string{"chunks", "files"} {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "index.db")
		vectorIndex(t, path, 10, 4, 1)
		raw := openRaw(t, path)
		for _, s := range []string{`ALTER TABLE ` + table + ` RENAME TO old`, `CREATE VIEW ` + table + ` AS SELECT * FROM old`} {
			if _, err := raw.ExecContext(ctx, s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
		raw.Close()
		db, err := Open(ctx, path, Options{})
		if err == nil {
			db.Close()
		}
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), table+" is a view") {
			t.Errorf("Open with %s a view: %v, want ErrCorrupt naming it", table, err)
		}
	}
}

// TestHostileDims checks that recorded vector dimensions no embedder has
// are refused with [ErrCorrupt] naming the meta row, before any buffer of
// their size is made.
func TestHostileDims(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	vectorIndex(t, path, 100, 16, 3)
	raw := openRaw(t, path)
	if _, err := raw.ExecContext(ctx, `UPDATE meta SET value = '1099511627776' WHERE key = 'dims'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	q := make([]float32, 16)
	q[0] = 1
	mem := allocated(func() {
		_, err = db.Vector(ctx, q, 10, store.Filter{})
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "meta row dims") {
			t.Errorf("Vector = %v, want ErrCorrupt naming the dims", err)
		}
		if _, err := db.Check(ctx); !errors.Is(err, ErrCorrupt) {
			t.Errorf("Check = %v, want ErrCorrupt", err)
		}
		if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/b.md", Source: "memory", Hash: "h"}, Chunks: []Chunk{chunk("memory/b.md", 0, "b", q)}}}, nil, nil); !errors.Is(err, ErrCorrupt) {
			t.Errorf("Apply = %v, want ErrCorrupt", err)
		}
	})
	if mem > 2<<20 {
		t.Errorf("allocated %d MiB", mem>>20)
	}
}
