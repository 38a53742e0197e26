package index

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/store"
)

func openTest(tb testing.TB) *DB {
	tb.Helper()
	db, err := Open(context.Background(), filepath.Join(tb.TempDir(), "sub", "index.db"), Options{})
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// openOther opens a second handle on db's file, as another process
// would, closed when the test ends.
func openOther(tb testing.TB, db *DB) *DB {
	tb.Helper()
	other, err := Open(context.Background(), db.Path(), Options{})
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { other.Close() })
	return other
}

func chunk(path string, seq int, text string, vec []float32) Chunk {
	const prefix = "Heading\n"
	k := embedcache.KeyOf(prefix + text) // as the indexer makes it, and Check verifies
	return Chunk{ID: ChunkID(path, seq, k), Seq: seq, StartLine: seq*10 + 1, EndLine: seq*10 + 5, Hash: k, Text: text, Prefix: prefix, Vector: vec}
}

func TestApplyReplaceAndSearch(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if err := db.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	a := chunk("memory/a.md", 0, "valkey replaces redis for caching", []float32{1, 0, 0})
	b := chunk("memory/a.md", 1, "postgres is the primary database", []float32{0, 1, 0})
	c := chunk("memory/x/b.md", 0, "error code E1234 in the payment service", []float32{0, 0, 1})
	_, err := db.Apply(ctx, []Update{
		{File: File{Path: "memory/a.md", Source: "memory", Hash: "h1"}, Chunks: []Chunk{a, b}},
		{File: File{Path: "memory/x/b.md", Source: "x", Hash: "h2"}, Chunks: []Chunk{c}},
	}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	textOf := func(id int64) string {
		cs, err := db.Chunks(ctx, []int64{id})
		if err != nil {
			t.Fatal(err)
		}
		return cs[id].Text
	}
	hits, err := db.Keyword(ctx, `"redis"`, 10, store.Filter{})
	if err != nil || len(hits) != 1 || textOf(hits[0].ID) != a.Text || hits[0].BM25 >= 0 {
		t.Fatalf("Keyword(redis) = %+v, %v; want chunk a with negative bm25", hits, err)
	}
	if hits, _ := db.Keyword(ctx, `"e1234"`, 10, store.Filter{Sources: []string{"memory"}}); len(hits) != 0 {
		t.Errorf("Keyword with source filter = %+v, want none", hits)
	}
	vh, err := db.Vector(ctx, []float32{0, 0.1, 1}, 2, store.Filter{})
	if err != nil || len(vh) != 2 || textOf(vh[0].ID) != c.Text || textOf(vh[1].ID) != b.Text {
		t.Fatalf("Vector = %+v, %v; want c then b", vh, err)
	}
	if vh, _ := db.Vector(ctx, []float32{0, 0, 1}, 5, store.Filter{Sources: []string{"memory"}}); len(vh) != 2 {
		t.Errorf("Vector with source filter = %+v, want 2 hits from memory", vh)
	}
	onlyB := store.Filter{Paths: []string{"memory/x/b.md"}}
	if hits, _ := db.Keyword(ctx, `"e1234" OR "redis"`, 10, onlyB); len(hits) != 1 || textOf(hits[0].ID) != c.Text {
		t.Errorf("Keyword with path filter = %+v, want only chunk c", hits)
	}
	if vh, _ := db.Vector(ctx, []float32{1, 0, 0}, 5, onlyB); len(vh) != 1 || textOf(vh[0].ID) != c.Text {
		t.Errorf("Vector with path filter = %+v, want only chunk c", vh)
	}
	none := store.Filter{Paths: []string{}, Sources: []string{"x"}}
	if hits, _ := db.Keyword(ctx, `"e1234"`, 10, none); len(hits) != 0 {
		t.Errorf("Keyword with an empty path list = %+v, want none", hits)
	}
	if vh, _ := db.Vector(ctx, []float32{0, 0, 1}, 5, none); len(vh) != 0 {
		t.Errorf("Vector with an empty path list = %+v, want none", vh)
	}
	// Replace a.md: b changes, a stays; b's vector and FTS row go.
	b2 := chunk("memory/a.md", 1, "sqlite is the primary database", []float32{0, 1, 0})
	ch, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h3"}, Chunks: []Chunk{a, b2}}}, nil, nil)
	if err != nil || ch.ChunksCreated != 1 || ch.ChunksRemoved != 1 {
		t.Fatalf("Apply(replace) = %+v, %v; want 1 created, 1 removed", ch, err)
	}
	if hits, _ := db.Keyword(ctx, `"postgres"`, 10, store.Filter{}); len(hits) != 0 {
		t.Errorf("old FTS row still matches: %+v", hits)
	}
	assertConsistent(t, db)
	// Delete a file.
	if _, err := db.Apply(ctx, nil, []string{"memory/x/b.md"}, nil); err != nil {
		t.Fatal(err)
	}
	assertConsistent(t, db)
	st, _ := db.Stats(ctx)
	if st.Files != 1 || st.Chunks != 2 || st.Vectors != 2 {
		t.Errorf("Stats = %+v, want 1 file, 2 chunks, 2 vectors", st)
	}
}

func assertConsistent(tb testing.TB, db *DB) {
	tb.Helper()
	var chunks, vecs, fts int
	q := db.SQL()
	q.QueryRow(`SELECT count(*) FROM chunks`).Scan(&chunks)
	q.QueryRow(`SELECT count(*) FROM vectors`).Scan(&vecs)
	q.QueryRow(`SELECT count(*) FROM chunks_fts`).Scan(&fts)
	if chunks != vecs || chunks != fts {
		tb.Errorf("chunks %d, vectors %d, fts rows %d: want equal", chunks, vecs, fts)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.db")
	os.WriteFile(corrupt, []byte(strings.Repeat("garbage!", 1000)), 0o644)
	if _, err := Open(ctx, corrupt, Options{}); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), corrupt) {
		t.Errorf("Open(corrupt) = %v, want ErrCorrupt naming the file", err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	sdb, _ := sql.Open("sqlite3", foreign)
	sdb.Exec(`CREATE TABLE users (id INTEGER)`)
	sdb.Close()
	if _, err := Open(ctx, foreign, Options{}); !errors.Is(err, ErrForeign) {
		t.Errorf("Open(foreign) = %v, want ErrForeign", err)
	}
	sdb, _ = sql.Open("sqlite3", foreign)
	var mode string
	sdb.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
	sdb.Close()
	if mode != "delete" {
		t.Errorf("foreign database journal_mode = %q after Open, want it untouched (delete)", mode)
	}
	// Reopening a good index is fine and keeps its data.
	good := filepath.Join(dir, "good.db")
	db, err := Open(ctx, good, Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.SetMeta(ctx, map[string]string{"identity": "x"})
	db.Close()
	db, err = Open(ctx, good, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, _ := db.Meta(ctx, "identity"); v != "x" {
		t.Errorf("Meta after reopen = %q, want x", v)
	}
}

func TestChunkIDStable(t *testing.T) {
	k := embedcache.KeyOf("text")
	if ChunkID("a.md", 0, k) != ChunkID("a.md", 0, k) || ChunkID("a.md", 0, k) == ChunkID("a.md", 1, k) || ChunkID("a.md", 0, k) < 0 {
		t.Error("ChunkID not stable, not distinct or negative")
	}
}

// TestVectorParallelScan checks the parallel scan of large sets against a
// brute-force ranking.
func TestVectorParallelScan(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	const dims, n = 4, parallelScan + 5000
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var chunks []Chunk
	for i := 0; i < n; i++ {
		v := []float32{rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5, rng.Float32() - 0.5}
		chunks = append(chunks, chunk("memory/big.md", i, fmt.Sprintf("chunk %d", i), v))
	}
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/big.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	q := []float32{0.3, -0.2, 0.9, 0.1}
	got, err := db.Vector(ctx, q, 10, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	// Brute force: every cosine, sorted.
	cos := func(a, b []float32) float64 {
		var d, na, nb float64
		for i := range a {
			d += float64(a[i]) * float64(b[i])
			na += float64(a[i]) * float64(a[i])
			nb += float64(b[i]) * float64(b[i])
		}
		return d / math.Sqrt(na*nb)
	}
	var all []VectorHit
	for _, c := range chunks {
		all = append(all, VectorHit{Cosine: cos(q, c.Vector)})
	}
	slices.SortFunc(all, func(a, b VectorHit) int { return cmp.Compare(b.Cosine, a.Cosine) })
	for i := range got {
		// Vectors are stored as halves: cosines agree to 1e-3.
		if math.Abs(got[i].Cosine-all[i].Cosine) > 1e-3 {
			t.Errorf("rank %d: cosine %v, brute force %v", i, got[i].Cosine, all[i].Cosine)
		}
		if i > 0 && got[i].Cosine > got[i-1].Cosine {
			t.Errorf("rank %d out of order", i)
		}
	}
}

// TestSampleCosinesAndTermCounts checks the two reads that calibrate
// search scores: the cosine sample covers a small index whole, within
// the code error of the exact cosines, and a smaller sample is the start
// of a larger one (the texts with the smallest hashes, see Sample); each
// term counts the chunks it matches.
func TestSampleCosinesAndTermCounts(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	if err := db.ResetVectors(ctx, 3); err != nil {
		t.Fatal(err)
	}
	q := []float32{1, 0, 0}
	if got, err := db.SampleCosines(ctx, q, 64); err != nil || len(got) != 0 {
		t.Fatalf("SampleCosines(empty index) = %v, %v; want none", got, err)
	}
	var chunks []Chunk
	for i, text := range []string{"valkey cache", "redis cache", "postgres", "cache warmup"} {
		chunks = append(chunks, chunk("memory/a.md", i, text, []float32{float32(i), 1, 0}))
	}
	if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: chunks}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	got, err := db.SampleCosines(ctx, q, 64)
	if err != nil || len(got) != len(chunks) {
		t.Fatalf("SampleCosines(64) = %v, %v; want all %d chunks", got, err, len(chunks))
	}
	var want []float64
	for _, c := range chunks {
		want = append(want, float64(c.Vector[0])/math.Hypot(float64(c.Vector[0]), float64(c.Vector[1])))
	}
	sorted := slices.Sorted(slices.Values(got))
	slices.Sort(want)
	for i := range want {
		if math.Abs(sorted[i]-want[i]) > 0.01 {
			t.Errorf("sorted sample %d = %.4f, want %.4f", i, sorted[i], want[i])
		}
	}
	if two, err := db.SampleCosines(ctx, q, 2); err != nil || !slices.Equal(two, got[:2]) {
		t.Errorf("SampleCosines(2) = %v, %v; want the first two of %v", two, err, got)
	}
	if other, err := db.SampleCosines(ctx, []float32{1, 0}, 64); err != nil || len(other) != 0 {
		t.Errorf("SampleCosines(2-dim query on 3-dim index) = %v, %v; want none", other, err)
	}
	counts, err := db.TermCounts(ctx, []string{`"cache"`, `"postgres"`, `"nowhere"`, ""})
	if want := []int{3, 1, 0, 0}; err != nil || !slices.Equal(counts, want) {
		t.Errorf("TermCounts = %v, %v; want %v", counts, err, want)
	}
}

// TestWriteAheadLogStaysSmall checks the connection pragmas: after many
// small writes the log beside the database stays near 1 MiB, where
// SQLite's defaults would let it grow to 4 MiB and keep it there.
func TestWriteAheadLogStaysSmall(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	text := strings.Repeat("the deploy window moves to slot seven ", 200) // ~7.6 KB
	largest := int64(0)
	for i := range 600 {
		path := fmt.Sprintf("memory/n%03d.md", i)
		c := chunk(path, 0, fmt.Sprintf("%s %d", text, i), nil)
		if _, err := db.Apply(ctx, []Update{{File: File{Path: path, Source: "memory", Hash: fmt.Sprint(i)}, Chunks: []Chunk{c}}}, nil, nil); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(db.path + "-wal"); err == nil {
			largest = max(largest, fi.Size())
		}
	}
	if largest == 0 || largest > 2<<20 {
		t.Errorf("largest write-ahead log = %d bytes, want above 0 and at most 2 MiB", largest)
	}
}

// TestTermCountsFollowWrites checks that the counts TermCounts keeps
// between writes are dropped by a write of this handle or of another one,
// and that a cached and an uncached term are answered together.
func TestTermCountsFollowWrites(t *testing.T) {
	ctx := context.Background()
	a := openTest(t)
	b := openOther(t, a)
	put := func(db *DB, path, text string) {
		t.Helper()
		c := chunk(path, 0, text, nil)
		if _, err := db.Apply(ctx, []Update{{File: File{Path: path, Source: "memory", Hash: text}, Chunks: []Chunk{c}}}, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	count := func(want ...int) {
		t.Helper()
		got, err := a.TermCounts(ctx, []string{`"valkey"`, `"redis"`})
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("TermCounts = %v, %v; want %v", got, err, want)
		}
	}
	put(a, "memory/a.md", "valkey cache")
	if got, err := a.TermCounts(ctx, []string{`"valkey"`}); err != nil || got[0] != 1 {
		t.Fatalf("TermCounts(valkey) = %v, %v; want 1", got, err)
	}
	count(1, 0) // valkey cached, redis read
	put(a, "memory/b.md", "valkey and redis")
	count(2, 1)
	put(b, "memory/c.md", "redis only")
	count(2, 2)
}

// TestTouchKeepsARowThatChanged checks that a touch carrying the hash
// the caller saw leaves alone a row whose hash changed since (another
// process re-indexed the file), and applies when the hash still matches,
// with the read time given: Apply and Touch store File.IndexedAt as is.
func TestTouchKeepsARowThatChanged(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	f := File{Path: "memory/a.md", Source: "memory", Hash: "h2", MTime: 20, Size: 200, IndexedAt: 25}
	if _, err := db.Apply(ctx, []Update{{File: f, Chunks: []Chunk{chunk(f.Path, 0, "new text", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Touch(ctx, []File{{Path: f.Path, MTime: 10, Size: 100, Hash: "h1", IndexedAt: 15}}); err != nil {
		t.Fatal(err)
	}
	rows, err := db.FilesAt(ctx, []string{f.Path})
	if r := rows[f.Path]; err != nil || r.MTime != 20 || r.Size != 200 || r.IndexedAt != 25 {
		t.Fatalf("row after a touch with a stale hash = %+v, %v; want mtime 20, size 200, the written read time 25", r, err)
	}
	if err := db.Touch(ctx, []File{{Path: f.Path, MTime: 30, Size: 200, Hash: "h2", IndexedAt: 35}}); err != nil {
		t.Fatal(err)
	}
	if rows, err = db.FilesAt(ctx, []string{f.Path}); err != nil || rows[f.Path].MTime != 30 || rows[f.Path].IndexedAt != 35 {
		t.Errorf("row after a touch with the current hash = %+v, %v; want mtime 30, the given read time 35", rows[f.Path], err)
	}
}

// TestOpenVersionedForeign: a database whose header records a
// user_version, so that Open skips its read-only look at the schema, is
// still refused when memweave did not write it; and the header of an
// index memweave closed records the schema version Open reads there.
func TestOpenVersionedForeign(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	foreign := filepath.Join(dir, "versioned.db")
	sdb, _ := sql.Open("sqlite3", foreign)
	sdb.Exec(`CREATE TABLE users (id INTEGER); PRAGMA user_version = 3`)
	sdb.Close()
	head, err := readHead(foreign)
	if err != nil || headerVersion(head) != 3 {
		t.Fatalf("headerVersion of a file at user_version 3 = %d (%v), want 3", headerVersion(head), err)
	}
	if _, err := Open(ctx, foreign, Options{}); !errors.Is(err, ErrForeign) {
		t.Errorf("Open(versioned foreign) = %v, want ErrForeign", err)
	}
	good := filepath.Join(dir, "good.db")
	db, err := Open(ctx, good, Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if head, err = readHead(good); err != nil || headerVersion(head) != uint32(len(migrations)) {
		t.Errorf("headerVersion of a closed index = %d (%v), want %d", headerVersion(head), err, len(migrations))
	}
	if v := headerVersion([]byte(strings.Repeat("garbage!", 20))); v != 0 {
		t.Errorf("headerVersion(not SQLite) = %d, want 0", v)
	}
}

// TestFileRowsRead holds the file rows Files reads to what was written,
// every column in its place, and a row whose integers a crafted file
// holds as text to database/sql's conversions: a numeric text reads as
// its number, other text and a flag other than 0 or 1 are errors.
func TestFileRowsRead(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	want := File{Path: "memory/a.md", Source: "memory", Hash: "h1", MTime: 1_700_000_000_123_456_789, Size: 4321, Pending: true,
		External: true, Chunks: 1, CTime: 1_700_000_001_000_000_007, Inode: 987654, IndexedAt: 1_700_000_002_000_000_009, Meta: `{"tags":["x"]}`}
	if _, err := db.Apply(ctx, []Update{{File: want, Chunks: []Chunk{chunk(want.Path, 0, "text", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	// Apply sets the pending flag from the chunks' vectors.
	if _, err := db.SQL().ExecContext(ctx, `UPDATE files SET pending = 1; UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'`); err != nil {
		t.Fatal(err)
	}
	files, err := db.Files(ctx)
	if err != nil || files[want.Path] != want {
		t.Fatalf("Files = %+v, %v; want %+v", files[want.Path], err, want)
	}
	for _, c := range []struct {
		set     string
		wantErr bool
	}{
		{`mtime = CAST(' 77' AS TEXT)`, false}, // INTEGER affinity keeps ' 77' as text
		{`size = 'abc'`, true},
		{`pending = 2`, true},
		{`external = 'yes'`, true},
	} {
		if _, err := db.SQL().ExecContext(ctx, `UPDATE files SET `+c.set+`; UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'`); err != nil {
			t.Fatal(err)
		}
		files, err := db.Files(ctx)
		if (err != nil) != c.wantErr {
			t.Errorf("after SET %s: Files = %+v, %v; want an error: %v", c.set, files[want.Path], err, c.wantErr)
		}
		if !c.wantErr && files[want.Path].MTime != 77 {
			t.Errorf("after SET %s: MTime = %d, want 77", c.set, files[want.Path].MTime)
		}
		if _, err := db.SQL().ExecContext(ctx, `UPDATE files SET mtime = 1, size = 1, pending = 0, external = 0`); err != nil {
			t.Fatal(err)
		}
	}
}
