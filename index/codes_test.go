package index

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/store"
)

// randomChunks returns n chunks of path with random vectors of dims.
func randomChunks(rng *rand.Rand, path string, n, dims int, tag string) []Chunk {
	out := make([]Chunk, n)
	for i := range out {
		v := make([]float32, dims)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		out[i] = chunk(path, i, fmt.Sprintf("%s chunk %d of %s", tag, i, path), v)
	}
	return out
}

// bruteForce returns the ids of the k stored vectors nearest to q, read
// straight from the vectors table.
func bruteForce(t *testing.T, db *DB, q []float32, k int) []int64 {
	t.Helper()
	type hit struct {
		id  int64
		cos float64
	}
	var all []hit
	if err := db.EachVector(context.Background(), func(id int64, v []float32) error {
		all = append(all, hit{id, cosine64(q, v)})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(all, func(a, b hit) int { return cmp.Or(cmp.Compare(b.cos, a.cos), cmp.Compare(a.id, b.id)) })
	var ids []int64
	for _, h := range all[:min(k, len(all))] {
		ids = append(ids, h.id)
	}
	return ids
}

// TestCodesFollowWrites checks, after each kind of write, that the codes
// a search holds, brought up to date block by block, equal a fresh load,
// that a small write reloads only the blocks it touched, and that the
// vector search finds what a brute-force scan finds.
func TestCodesFollowWrites(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	const dims = 16
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	file := func(p string) File { return File{Path: p, Source: "memory", Hash: p} }
	steps := []struct {
		name    string
		updates []Update
		deletes []string
	}{
		{"first files", []Update{
			{File: file("memory/a.md"), Chunks: randomChunks(rng, "memory/a.md", 300, dims, "a")},
			{File: file("memory/b.md"), Chunks: randomChunks(rng, "memory/b.md", 200, dims, "b")},
		}, nil},
		{"append one chunk", []Update{
			{File: file("memory/c.md"), Chunks: randomChunks(rng, "memory/c.md", 1, dims, "c")},
		}, nil},
		{"edit a chunk", []Update{
			{File: file("memory/a.md"), Chunks: append(randomChunks(rng, "memory/a.md", 300, dims, "a")[:299], randomChunks(rng, "memory/a.md", 300, dims, "a2")[299])},
		}, nil},
		{"delete a file", nil, []string{"memory/b.md"}},
		// c's one chunk is now alone in its block: the reload reads
		// nothing but an emptied block.
		{"empty a block", nil, []string{"memory/c.md"}},
		{"replace everything", []Update{
			{File: file("memory/a.md"), Chunks: randomChunks(rng, "memory/a.md", 50, dims, "a3")},
		}, nil},
	}
	var prev *codeSet
	for _, st := range steps {
		if _, err := db.Apply(ctx, st.updates, st.deletes, nil); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		got, err := db.codes(ctx)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := db.loadCodes(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.n != fresh.n || !slices.Equal(got.order, fresh.order) {
			t.Fatalf("%s: incremental codes have %d vectors in blocks %v, a fresh load %d in %v", st.name, got.n, got.order, fresh.n, fresh.order)
		}
		for _, b := range fresh.order {
			g, f := got.blocks[b], fresh.blocks[b]
			if !slices.Equal(g.ids, f.ids) || !slices.Equal(g.scales, f.scales) || string(g.blob) != string(f.blob) {
				t.Fatalf("%s: block %d differs from a fresh load", st.name, b)
			}
			// The blocks keep the driver's blob in place: each must still
			// hold its own row, not a later one's.
			var stored []byte
			if err := db.SQL().QueryRowContext(ctx, `SELECT codes FROM vector_blocks WHERE block = ?`, b).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if string(f.blob) != string(stored) || string(g.blob) != string(stored) {
				t.Fatalf("%s: block %d in memory differs from its row", st.name, b)
			}
		}
		if st.name == "append one chunk" && got.read != 1 {
			t.Errorf("appending one chunk re-read %d blocks, want 1 (of %d)", got.read, len(got.order))
		}
		if prev != nil && st.name == "edit a chunk" && got.read > 2 {
			t.Errorf("editing one chunk re-read %d blocks, want at most 2", got.read)
		}
		prev = got
		stats, err := db.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got.n != stats.Chunks {
			t.Errorf("%s: %d codes for %d chunks", st.name, got.n, stats.Chunks)
		}
		for range 5 {
			q := make([]float32, dims)
			for j := range q {
				q[j] = float32(rng.NormFloat64())
			}
			hits, err := db.Vector(ctx, q, 10, store.Filter{})
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, h := range hits {
				ids = append(ids, h.ID)
			}
			if want := bruteForce(t, db, q, 10); !slices.Equal(ids, want) {
				t.Errorf("%s: vector search %v, brute force %v", st.name, ids, want)
			}
		}
	}
	rep, err := db.Check(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Errorf("Check after the writes: %v", rep.Problems())
	}
}

// TestCheckRepairsStaleCodes damages the code blocks in each way Check
// should notice, and checks that Repair recomputes them.
func TestCheckRepairsStaleCodes(t *testing.T) {
	for _, damage := range []string{
		`DELETE FROM vector_blocks WHERE block = 0`,
		`UPDATE vector_blocks SET codes = x'0102' WHERE block = 1`,
		`INSERT INTO vectors (id, vector) VALUES (999999, zeroblob(32))`,
	} {
		t.Run(damage, func(t *testing.T) {
			ctx := context.Background()
			db := openTest(t)
			if err := db.ResetVectors(ctx, 16); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(9, 10))
			if _, err := db.Apply(ctx, []Update{{File: File{Path: "memory/a.md", Source: "memory", Hash: "h"}, Chunks: randomChunks(rng, "memory/a.md", 150, 16, "a")}}, nil, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL().ExecContext(ctx, damage); err != nil {
				t.Fatal(err)
			}
			rep, err := db.Check(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if rep.StaleCodes == 0 || rep.OK() {
				t.Fatalf("Check after %q: stale codes %d, problems %v", damage, rep.StaleCodes, rep.Problems())
			}
			if _, err := db.Repair(ctx); err != nil {
				t.Fatal(err)
			}
			if rep, err = db.Check(ctx); err != nil || !rep.OK() {
				t.Fatalf("Check after Repair: %v, %v", err, rep.Problems())
			}
			q := make([]float32, 16)
			q[0] = 1
			hits, err := db.Vector(ctx, q, 5, store.Filter{})
			if err != nil || len(hits) != 5 {
				t.Fatalf("Vector after Repair: %d hits, %v", len(hits), err)
			}
		})
	}
}

// TestUpgradeFromVec0 opens an index of schema version 3, whose vectors
// are in a vec0 table, and checks that they move to the new tables with
// no loss: same ids, same values to half precision, searchable.
func TestUpgradeFromVec0(t *testing.T) {
	ctx := context.Background()
	path := t.TempDir() + "/index.db"
	autoOnce.Do(registerExtensions)
	sdb, err := sql.Open("sqlite3", fileURI(path, nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := migrate(ctx, sdb, migrations[:3]); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	const n, dims = 200, 8
	want := make(map[int64][]float32)
	stmts := []string{
		`INSERT INTO meta (key, value) VALUES ('dims', '8'), ('identity', 'hash/8')`,
		`CREATE VIRTUAL TABLE chunks_vec USING vec0 (embedding float[8] distance_metric=cosine)`,
		`INSERT INTO files (path, source, hash, mtime, size, chunks) VALUES ('memory/a.md', 'memory', 'h', 1, 1, 200)`,
	}
	for _, s := range stmts {
		if _, err := sdb.ExecContext(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		c := randomChunks(rng, "memory/a.md", 1, dims, fmt.Sprint(i))[0]
		id := int64(i + 1)
		want[id] = c.Vector
		if _, err := sdb.ExecContext(ctx, `INSERT INTO chunks (id, uid, path, source, seq, start_line, end_line, headings, prefix, hash, text, embedded)
			VALUES (?, ?, 'memory/a.md', 'memory', ?, 1, 1, '', ?, ?, ?, 1)`, id, c.ID, i, c.Prefix, c.Hash[:], c.Text); err != nil {
			t.Fatal(err)
		}
		if _, err := sdb.ExecContext(ctx, `INSERT INTO chunks_fts (rowid, text) VALUES (?, ?)`, id, c.Text); err != nil {
			t.Fatal(err)
		}
		if _, err := sdb.ExecContext(ctx, `INSERT INTO chunks_vec (rowid, embedding) VALUES (?, ?)`, id, embedcache.Encode(c.Vector)); err != nil {
			t.Fatal(err)
		}
	}
	sdb.Close()

	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var left int
	db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'chunks_vec'`).Scan(&left)
	if left != 0 {
		t.Error("the vec0 table is still there after the upgrade")
	}
	got := 0
	if err := db.EachVector(ctx, func(id int64, v []float32) error {
		got++
		w := want[id]
		for j := range v {
			if math.Abs(float64(v[j]-w[j])) > 1e-3*math.Abs(float64(w[j]))+1e-6 {
				return fmt.Errorf("chunk %d dim %d: %v, was %v", id, j, v[j], w[j])
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got != n {
		t.Errorf("%d vectors after the upgrade, want %d", got, n)
	}
	rep, err := db.Check(ctx)
	if err != nil || !rep.OK() {
		t.Fatalf("Check after the upgrade: %v %v", err, rep.Problems())
	}
	q := want[17]
	hits, err := db.Vector(ctx, q, 1, store.Filter{})
	if err != nil || len(hits) != 1 || hits[0].ID != 17 {
		t.Errorf("Vector(vector of 17) = %v, %v; want chunk 17 first", hits, err)
	}
}

// TestFilesCacheSeesEveryWrite checks that the cached file rows follow
// writes made through another handle (another process), Touch included.
func TestFilesCacheSeesEveryWrite(t *testing.T) {
	ctx := context.Background()
	a := openTest(t)
	b := openOther(t, a)
	f := File{Path: "memory/a.md", Source: "memory", Hash: "h", MTime: 1, Size: 10}
	if _, err := b.Apply(ctx, []Update{{File: f, Chunks: []Chunk{chunk(f.Path, 0, "text", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := a.Files(ctx)
	if err != nil || rows[f.Path].MTime != 1 {
		t.Fatalf("Files = %v, %v; want the row written by the other handle", rows, err)
	}
	f.MTime, f.Size = 2, 11
	if err := b.Touch(ctx, []File{f}); err != nil {
		t.Fatal(err)
	}
	if rows, err = a.Files(ctx); err != nil || rows[f.Path].MTime != 2 || rows[f.Path].Size != 11 {
		t.Fatalf("Files after the other handle's Touch = %+v, %v; want mtime 2, size 11", rows[f.Path], err)
	}
	if _, err := b.Apply(ctx, nil, []string{f.Path}, nil); err != nil {
		t.Fatal(err)
	}
	if rows, err = a.Files(ctx); err != nil || len(rows) != 0 {
		t.Fatalf("Files after the other handle's delete = %v, %v; want none", rows, err)
	}
}

// TestOwnWritesPatchCaches checks that a write by this handle brings the
// cached file rows and chunk count to the new generation without reading
// them all again, that the patched cache equals a fresh read, and that a
// write by another handle in between makes the next read reload instead.
func TestOwnWritesPatchCaches(t *testing.T) {
	ctx := context.Background()
	a := openTest(t)
	f := File{Path: "memory/a.md", Source: "memory", Hash: "h", MTime: 1, Size: 10}
	g := File{Path: "memory/b.md", Source: "memory", Hash: "g", MTime: 1, Size: 20}
	if _, err := a.Apply(ctx, []Update{{File: f, Chunks: []Chunk{chunk(f.Path, 0, "one", nil), chunk(f.Path, 1, "two", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	check := func(step string) {
		t.Helper()
		gen, err := a.Generation(ctx)
		if err != nil {
			t.Fatal(err)
		}
		a.mu.Lock()
		c, count, countGen := a.files, a.count, a.countGen
		var (
			cachedGen      int64 = -1
			nRows, pending int
			patched        map[string]File
		)
		if c != nil {
			cachedGen, nRows, pending, patched = c.gen, c.n, c.pending, patchedRows(c)
		}
		a.mu.Unlock()
		if cachedGen != gen || countGen != gen {
			t.Fatalf("%s: caches at generations %d and %d, index at %d: want them patched", step, cachedGen, countGen, gen)
		}
		fresh, err := a.readFiles(ctx)
		if err != nil || !maps.Equal(patched, fresh) {
			t.Fatalf("%s: patched rows %+v, fresh read %+v (%v)", step, patched, fresh, err)
		}
		freshPending := 0
		for _, f := range fresh {
			if f.Pending {
				freshPending++
			}
		}
		if nRows != len(fresh) || pending != freshPending {
			t.Fatalf("%s: patched counts %d files, %d pending; fresh read %d, %d", step, nRows, pending, len(fresh), freshPending)
		}
		if n, err := a.FileCount(ctx); err != nil || n != len(fresh) {
			t.Fatalf("%s: FileCount = %d, %v; fresh read %d", step, n, err, len(fresh))
		}
		if n, err := a.PendingFiles(ctx); err != nil || n != freshPending {
			t.Fatalf("%s: PendingFiles = %d, %v; fresh read %d", step, n, err, freshPending)
		}
		at, err := a.FilesAt(ctx, []string{f.Path, g.Path, "memory/none.md"})
		want := map[string]File{}
		for _, p := range []string{f.Path, g.Path} {
			if r, ok := fresh[p]; ok {
				want[p] = r
			}
		}
		if err != nil || !maps.Equal(at, want) {
			t.Fatalf("%s: FilesAt = %+v, %v; fresh read %+v", step, at, err, fresh)
		}
		var n int
		if err := a.SQL().QueryRowContext(ctx, `SELECT count(*) FROM chunks`).Scan(&n); err != nil || n != count {
			t.Fatalf("%s: patched chunk count %d, table holds %d (%v)", step, count, n, err)
		}
	}
	if _, err := a.Files(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := a.ChunkCount(ctx); err != nil {
		t.Fatal(err)
	}
	// Without its vector, b.md waits for embeddings: the pending count
	// is patched too.
	if _, err := a.Apply(ctx, []Update{{File: g, Chunks: []Chunk{chunk(g.Path, 0, "three", nil)}, NeedVectors: true}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	check("after adding a file")
	f.MTime = 5
	if err := a.Touch(ctx, []File{f}); err != nil {
		t.Fatal(err)
	}
	check("after a touch")
	if _, err := a.Apply(ctx, nil, []string{f.Path}, nil); err != nil {
		t.Fatal(err)
	}
	check("after a delete")
	if rows, err := a.Files(ctx); err != nil || len(rows) != 1 || rows[g.Path].Hash != g.Hash {
		t.Fatalf("Files after the patched writes = %+v, %v; want %s alone", rows, err, g.Path)
	}
	check("after Files folded the patch")

	b := openOther(t, a)
	if _, err := b.Apply(ctx, []Update{{File: f, Chunks: []Chunk{chunk(f.Path, 0, "other", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Apply(ctx, []Update{{File: g, Chunks: []Chunk{chunk(g.Path, 0, "four", nil), chunk(g.Path, 1, "five", nil)}}}, nil, nil); err != nil {
		t.Fatal(err)
	}
	rows, err := a.Files(ctx)
	if err != nil || len(rows) != 2 || rows[f.Path].Hash != "h" {
		t.Fatalf("Files after another handle's write = %v, %v; want both files, with the other handle's row", rows, err)
	}
	if n, err := a.ChunkCount(ctx); err != nil || n != 3 {
		t.Errorf("ChunkCount after another handle's write = %d, %v; want 3", n, err)
	}
}

// patchedRows returns c's rows with its patch applied, leaving c as it
// is: fold on a copy of c (fold clones the rows it patches).
func patchedRows(c *fileCache) map[string]File {
	cp := *c
	return cp.fold()
}

// TestCodesEmptiedBlock checks the reload after a write that only
// emptied a block: the rows read hold no code at all, and the codes in
// memory must lose the block.
func TestCodesEmptiedBlock(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	const dims = 8
	if err := db.ResetVectors(ctx, dims); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	file := func(p string) File { return File{Path: p, Source: "memory", Hash: p} }
	// Row ids start at 1: x fills block 0 (ids 1-63), y is alone in block 1.
	if _, err := db.Apply(ctx, []Update{
		{File: file("memory/x.md"), Chunks: randomChunks(rng, "memory/x.md", blockSize-1, dims, "x")},
		{File: file("memory/y.md"), Chunks: randomChunks(rng, "memory/y.md", 1, dims, "y")},
	}, nil, nil); err != nil {
		t.Fatal(err)
	}
	before, err := db.codes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(before.order, []int64{0, 1}) || len(before.blocks[1].ids) != 1 {
		t.Fatalf("blocks %v: want y's chunk alone in block 1", before.order)
	}
	if _, err := db.Apply(ctx, nil, []string{"memory/y.md"}, nil); err != nil {
		t.Fatal(err)
	}
	after, err := db.codes(ctx)
	if err != nil {
		t.Fatalf("reload after emptying a block: %v", err)
	}
	if !slices.Equal(after.order, []int64{0}) || after.n != blockSize-1 || after.read != 1 {
		t.Errorf("after emptying block 1: blocks %v, %d codes, %d rows read; want [0], %d, 1", after.order, after.n, after.read, blockSize-1)
	}
}
