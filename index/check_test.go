package index

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/store"
)

// filled returns a database with a vector table and two files.
func filled(tb testing.TB) *DB {
	tb.Helper()
	ctx := context.Background()
	db := openTest(tb)
	if err := db.ResetVectors(ctx, 3); err != nil {
		tb.Fatal(err)
	}
	_, err := db.Apply(ctx, []Update{
		{File: File{Path: "memory/a.md", Source: "memory", Hash: "h1"}, Chunks: []Chunk{
			chunk("memory/a.md", 0, "valkey replaces redis for caching", []float32{1, 0, 0}),
			chunk("memory/a.md", 1, "postgres is the primary database", []float32{0, 1, 0}),
		}},
		{File: File{Path: "memory/x/b.md", Source: "x", Hash: "h2"}, Chunks: []Chunk{
			chunk("memory/x/b.md", 0, "error code E1234 in the payment service", []float32{0, 0, 1}),
		}},
	}, nil, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return db
}

func mustCheck(tb testing.TB, db *DB) *Report {
	tb.Helper()
	r, err := db.Check(context.Background())
	if err != nil {
		tb.Fatalf("Check: %v", err)
	}
	return r
}

func exec(tb testing.TB, db *DB, stmts ...string) {
	tb.Helper()
	for _, s := range stmts {
		if _, err := db.SQL().Exec(s); err != nil {
			tb.Fatalf("%s: %v", s, err)
		}
	}
}

func TestCheckSound(t *testing.T) {
	db := filled(t)
	r := mustCheck(t, db)
	if !r.OK() || len(r.Problems()) != 0 {
		t.Fatalf("Check = %q, want no problems", r.Problems())
	}
	if r.Chunks != 3 || r.FTSRows != 3 || r.Vectors != 3 || r.Embedded != 3 {
		t.Errorf("Check counts = %+v, want 3 of each", r)
	}
}

func TestRepair(t *testing.T) {
	tests := []struct {
		name   string
		damage []string
		want   func(*Report) bool
	}{
		{"chunk without keyword row",
			[]string{`INSERT INTO chunks_fts (chunks_fts, rowid, text) SELECT 'delete', id, prefix || text FROM chunks WHERE seq = 1`},
			func(r *Report) bool { return r.ChunksWithoutFTS == 1 }},
		{"keyword row without chunk",
			[]string{`INSERT INTO chunks_fts (rowid, text) VALUES (424242, 'ghost')`},
			func(r *Report) bool { return r.FTSWithoutChunk == 1 }},
		{"vector row without chunk",
			[]string{`INSERT INTO vectors (id, vector) VALUES (424242, X'003C00000000')`},
			func(r *Report) bool { return r.VectorsWithoutChunk == 1 }},
		{"embedded chunk without vector",
			[]string{`DELETE FROM vectors WHERE id = (SELECT id FROM chunks WHERE path = 'memory/x/b.md')`},
			func(r *Report) bool {
				return r.ChunksWithoutVector == 1 && slices.Equal(r.BadFiles, []string{"memory/x/b.md"})
			}},
		// As a release before vectors were stored at unit length kept
		// a server's vector with components past a half's range.
		{"vector of infinities",
			[]string{`UPDATE vectors SET vector = unhex(replace(hex(zeroblob(length(vector) / 2)), '00', '007C')) WHERE id = (SELECT id FROM chunks WHERE path = 'memory/x/b.md')`},
			func(r *Report) bool { return r.BadVectors == 1 }},
		{"chunk without file",
			[]string{`DELETE FROM files WHERE path = 'memory/x/b.md'`},
			func(r *Report) bool { return r.OrphanChunks == 1 }},
		{"wrong chunk count",
			[]string{`UPDATE files SET chunks = 7 WHERE path = 'memory/a.md'`},
			func(r *Report) bool { return slices.Equal(r.BadFiles, []string{"memory/a.md"}) }},
		{"chunk text altered",
			[]string{`UPDATE chunks SET text = replace(text, 'valkey', 'valkez') WHERE path = 'memory/a.md'`},
			func(r *Report) bool { return slices.Equal(r.BadText, []string{"memory/a.md"}) && len(r.BadFiles) == 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			db := filled(t)
			exec(t, db, tt.damage...)
			r := mustCheck(t, db)
			if r.OK() || !tt.want(r) {
				t.Fatalf("Check after damage = %+v, problems %q", r, r.Problems())
			}
			fixed, err := db.Repair(ctx)
			if err != nil {
				t.Fatalf("Repair: %v", err)
			}
			if !tt.want(fixed) {
				t.Errorf("Repair reported %q, want what Check found", fixed.Problems())
			}
			if r := mustCheck(t, db); !r.OK() {
				t.Errorf("Check after Repair = %q", r.Problems())
			}
			// The keyword index answers, and forgot the ghost.
			if hits, err := db.Keyword(ctx, `"postgres"`, 5, store.Filter{}); err != nil || len(hits) != 1 {
				t.Errorf("Keyword(postgres) after Repair = %v, %v; want 1 hit", hits, err)
			}
			if hits, err := db.Keyword(ctx, `"ghost"`, 5, store.Filter{}); err != nil || len(hits) != 0 {
				t.Errorf("Keyword(ghost) after Repair = %v, %v; want none", hits, err)
			}
		})
	}
}

func TestRepairMarksFilesForReindex(t *testing.T) {
	ctx := context.Background()
	db := filled(t)
	exec(t, db,
		`UPDATE files SET chunks = 7 WHERE path = 'memory/a.md'`,
		`DELETE FROM vectors WHERE id = (SELECT id FROM chunks WHERE path = 'memory/x/b.md')`)
	if _, err := db.Repair(ctx); err != nil {
		t.Fatal(err)
	}
	files, err := db.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a := files["memory/a.md"]; a.Hash != "" {
		t.Errorf("file with a wrong chunk count: hash %q, want cleared so the next run re-reads it", a.Hash)
	}
	if b := files["memory/x/b.md"]; !b.Pending || b.Hash == "" {
		t.Errorf("file that lost a vector = %+v, want pending with its hash kept", b)
	}
}

// TestRepairDropsAlteredText checks that Repair drops a chunk whose text
// no longer matches its hash, keyword row included, and clears its file's
// hash so that the next index run stores it again.
func TestRepairDropsAlteredText(t *testing.T) {
	ctx := context.Background()
	db := filled(t)
	exec(t, db, `UPDATE chunks SET text = replace(text, 'valkey', 'valkez') WHERE path = 'memory/a.md'`)
	if _, err := db.Repair(ctx); err != nil {
		t.Fatal(err)
	}
	files, err := db.Files(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a := files["memory/a.md"]; a.Hash != "" || a.Chunks != 1 {
		t.Errorf("file with altered chunk text = %+v, want hash cleared and 1 chunk left", a)
	}
	if hits, err := db.Keyword(ctx, `"valkez"`, 5, store.Filter{}); err != nil || len(hits) != 0 {
		t.Errorf("Keyword(valkez) after Repair = %v, %v; want none", hits, err)
	}
}

func TestCheckDamagedFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var updates []Update
	for f := range 40 {
		p := "memory/f" + string(rune('a'+f%26)) + string(rune('a'+f/26)) + ".md"
		var cs []Chunk
		for s := range 20 {
			cs = append(cs, chunk(p, s, p+" some text that fills pages "+string(rune('a'+s)), nil))
		}
		updates = append(updates, Update{File: File{Path: p, Source: "memory", Hash: "h"}, Chunks: cs})
	}
	if _, err := db.Apply(ctx, updates, nil, nil); err != nil {
		t.Fatal(err)
	}
	exec(t, db, `PRAGMA wal_checkpoint(TRUNCATE)`)
	db.Close()
	// Scribble over a page in the middle; the header stays valid.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := f.Stat()
	junk := make([]byte, 4096)
	for i := range junk {
		junk[i] = byte(i*7 + 3)
	}
	if _, err := f.WriteAt(junk, (fi.Size()/4096/2)*4096); err != nil {
		t.Fatal(err)
	}
	f.Close()
	db, err = Open(ctx, path, Options{})
	if err != nil {
		t.Skipf("Open failed on this damage (%v); Check is for what Open accepts", err)
	}
	defer db.Close()
	r, err := db.Check(ctx)
	if err != nil {
		t.Fatalf("Check on a damaged file = %v, want a report", err)
	}
	if !r.Corrupt() || r.OK() {
		t.Errorf("Check on a damaged file = %+v, want integrity problems", r)
	}
	t.Logf("integrity: %q", r.Integrity)
}

func TestRestoreAndImportCache(t *testing.T) {
	ctx := context.Background()
	dst := filled(t)
	reader, err := Open(ctx, dst.Path(), Options{}) // another connection pool on the same file
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	if hits, _ := reader.Vector(ctx, []float32{1, 0, 0}, 1, store.Filter{}); len(hits) != 1 {
		t.Fatalf("Vector before Restore = %v, want 1 hit", hits)
	}

	srcPath := filepath.Join(t.TempDir(), "src.db")
	src, err := Open(ctx, srcPath, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := src.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := src.Apply(ctx, []Update{{File: File{Path: "memory/new.md", Source: "memory", Hash: "h3"},
		Chunks: []Chunk{chunk("memory/new.md", 0, "kafka streams the events", []float32{0, 1, 1})}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	// The source reuses the destination's cached embeddings.
	key := embedcache.KeyOf("cached text")
	exec(t, dst, `INSERT INTO embed_cache (identity, hash, vector, used) VALUES ('hash/3', X'`+hexKey(key)+`', X'0000803F0000000000000000', 1)`)
	n, err := src.ImportCache(ctx, dst.Path())
	if err != nil || n != 1 {
		t.Fatalf("ImportCache = %d, %v; want 1 entry", n, err)
	}
	src.Close()

	genBefore, _ := reader.Generation(ctx)
	if err := dst.Restore(ctx, srcPath); err != nil {
		t.Fatalf("Restore: %v", err)
	}
	if g, _ := reader.Generation(ctx); g <= genBefore {
		t.Errorf("generation after Restore = %d, want more than %d", g, genBefore)
	}
	files, err := reader.Files(ctx)
	if err != nil || len(files) != 1 || files["memory/new.md"].Hash != "h3" {
		t.Errorf("Files through the other handle after Restore = %v, %v; want only memory/new.md", files, err)
	}
	hits, err := reader.Vector(ctx, []float32{0, 1, 1}, 5, store.Filter{})
	if err != nil || len(hits) != 1 {
		t.Errorf("Vector after Restore = %v, %v; want the restored chunk only", hits, err)
	}
	if r := mustCheck(t, dst); !r.OK() {
		t.Errorf("Check after Restore = %q", r.Problems())
	}
}

func hexKey(k embedcache.Key) string {
	const digits = "0123456789ABCDEF"
	out := make([]byte, 0, 2*len(k))
	for _, b := range k {
		out = append(out, digits[b>>4], digits[b&15])
	}
	return string(out)
}
