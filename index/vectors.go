package index

import (
	"container/heap"
	"context"
	"database/sql"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/search"
)

// ResetVectors drops every vector and recreates the vector table for dims
// dimensions (no table when dims is 0, a keyword-only index). Every chunk
// is marked as needing a vector and every file with chunks as pending, so
// the next index run re-embeds them, from the embedding cache where it can.
func (db *DB) ResetVectors(ctx context.Context, dims int) error {
	err := db.write(ctx, func(tx *sql.Tx) error {
		// Keep the old vectors in the embedding cache under their
		// identity, so that switching back costs no embedding calls.
		if err := saveLiveVectors(ctx, tx, ""); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS chunks_vec`); err != nil {
			return err
		}
		if dims > 0 {
			ddl := fmt.Sprintf(`CREATE VIRTUAL TABLE chunks_vec USING vec0 (embedding float[%d] distance_metric=cosine)`, dims)
			if _, err := tx.ExecContext(ctx, ddl); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE chunks SET embedded = 0`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE files SET pending = (? > 0 AND chunks > 0)`, dims); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO meta (key, value) VALUES ('dims', ?)`, strconv.Itoa(dims))
		return err
	})
	if err != nil {
		return fmt.Errorf("reset vectors: %w", err)
	}
	return nil
}

// saveLiveVectors copies the vectors of live chunks into the embedding
// cache under the index's recorded identity; with where set, only those
// of the chunks it selects (a condition on c).
func saveLiveVectors(ctx context.Context, tx *sql.Tx, where string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'chunks_vec'`).Scan(&n); err != nil || n == 0 {
		return err
	}
	cond := "c.embedded = 1"
	if where != "" {
		cond += " AND " + where
	}
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO embed_cache (identity, hash, vector, used)
		SELECT (SELECT value FROM meta WHERE key = 'identity'), c.hash, v.embedding, ?
		FROM chunks c JOIN chunks_vec v ON v.rowid = c.id
		WHERE `+cond+` AND EXISTS (SELECT 1 FROM meta WHERE key = 'identity')`, time.Now().UnixNano())
	return err
}

// LiveVectors returns the vectors of live chunks whose text hash is among
// keys: the first place to look before embedding, since a vector is
// stored once, with its chunk.
func (db *DB) LiveVectors(ctx context.Context, keys []embedcache.Key) (map[embedcache.Key][]float32, error) {
	out := make(map[embedcache.Key][]float32)
	if len(keys) == 0 {
		return out, nil
	}
	var n int
	if err := db.sql.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'chunks_vec'`).Scan(&n); err != nil {
		return nil, db.wrap("look up vectors", err)
	}
	if n == 0 {
		return out, nil
	}
	for start := 0; start < len(keys); start += 500 {
		batch := keys[start:min(start+500, len(keys))]
		args := make([]any, len(batch))
		for i, k := range batch {
			args[i] = k[:]
		}
		rows, err := db.sql.QueryContext(ctx, `SELECT c.hash, v.embedding FROM chunks c JOIN chunks_vec v ON v.rowid = c.id
			WHERE c.embedded = 1 AND c.hash IN (`+embedcache.Placeholders(len(batch))+`)`, args...)
		if err != nil {
			return nil, db.wrap("look up vectors", err)
		}
		for rows.Next() {
			var h, v []byte
			if err := rows.Scan(&h, &v); err != nil {
				rows.Close()
				return nil, db.wrap("look up vectors", err)
			}
			var k embedcache.Key
			copy(k[:], h)
			out[k] = embedcache.Decode(v)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, db.wrap("look up vectors", err)
		}
	}
	return out, nil
}

// VectorHit is one vector search result.
type VectorHit = search.VectorHit

// vectorSet is an immutable in-memory copy of the vector table, L2
// normalised, for fast exact scans. It is rebuilt when the database's
// generation counter moves.
type vectorSet struct {
	gen   int64
	dims  int
	ids   []int64
	src   []int32
	names []string
	// file is each row's index in paths.
	file  []int32
	paths []string
	data  []float32
	pos   map[int64]int32
}

// vectors returns an up-to-date vector set.
func (db *DB) vectors(ctx context.Context) (*vectorSet, error) {
	gen, err := db.generation(ctx)
	if err != nil {
		return nil, err
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.vecs != nil && db.vecs.gen == gen {
		return db.vecs, nil
	}
	vs, err := db.loadVectors(ctx)
	if err != nil {
		return nil, err
	}
	db.vecs = vs
	return vs, nil
}

func (db *DB) loadVectors(ctx context.Context) (*vectorSet, error) {
	// Read the generation and the rows in one deferred (read) transaction
	// so they agree; BeginTx would take the write lock (_txlock=immediate).
	tx, err := db.sql.Conn(ctx)
	if err != nil {
		return nil, db.wrap("load vectors", err)
	}
	defer tx.Close()
	if _, err := tx.ExecContext(ctx, `BEGIN DEFERRED`); err != nil {
		return nil, db.wrap("load vectors", err)
	}
	defer tx.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
	vs := &vectorSet{pos: make(map[int64]int32)}
	var dims string
	if err := tx.QueryRowContext(ctx, `SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'`).Scan(&vs.gen); err != nil {
		return nil, db.wrap("load vectors", err)
	}
	err = tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'dims'`).Scan(&dims)
	if err == sql.ErrNoRows || dims == "0" {
		return vs, nil
	}
	if err != nil {
		return nil, db.wrap("load vectors", err)
	}
	vs.dims, _ = strconv.Atoi(dims)
	// Size the copy up front: growing it by appending would briefly hold
	// twice the vectors.
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM chunks WHERE embedded = 1`).Scan(&n); err != nil {
		return nil, db.wrap("load vectors", err)
	}
	vs.ids = make([]int64, 0, n)
	vs.src = make([]int32, 0, n)
	vs.data = make([]float32, 0, n*vs.dims)
	vs.pos = make(map[int64]int32, n)
	vs.file = make([]int32, 0, n)
	rows, err := tx.QueryContext(ctx, `SELECT v.rowid, v.embedding, c.source, c.path FROM chunks_vec v JOIN chunks c ON c.id = v.rowid`)
	if err != nil {
		return nil, db.wrap("load vectors", err)
	}
	defer rows.Close()
	srcIdx := make(map[string]int32)
	fileIdx := make(map[string]int32)
	var blob []byte
	for rows.Next() {
		var id int64
		var source, path string
		if err := rows.Scan(&id, &blob, &source, &path); err != nil {
			return nil, db.wrap("load vectors", err)
		}
		v := embedcache.Decode(blob)
		if len(v) != vs.dims {
			return nil, fmt.Errorf("index %s: vector of chunk %d has %d dims, want %d: %w", db.path, id, len(v), vs.dims, ErrCorrupt)
		}
		normalize(v)
		si, ok := srcIdx[source]
		if !ok {
			si = int32(len(vs.names))
			srcIdx[source] = si
			vs.names = append(vs.names, source)
		}
		fi, ok := fileIdx[path]
		if !ok {
			fi = int32(len(vs.paths))
			fileIdx[path] = fi
			vs.paths = append(vs.paths, path)
		}
		vs.file = append(vs.file, fi)
		vs.pos[id] = int32(len(vs.ids))
		vs.ids = append(vs.ids, id)
		vs.src = append(vs.src, si)
		vs.data = append(vs.data, v...)
	}
	if err := rows.Err(); err != nil {
		return nil, db.wrap("load vectors", err)
	}
	return vs, nil
}

func normalize(v []float32) {
	var s float64
	for _, f := range v {
		s += float64(f) * float64(f)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
}

func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// Vector returns the k chunks nearest to q by cosine similarity, within
// f.
func (db *DB) Vector(ctx context.Context, q []float32, k int, f search.Filter) ([]VectorHit, error) {
	vs, err := db.vectors(ctx)
	if err != nil {
		return nil, err
	}
	if vs.dims == 0 || k <= 0 {
		return nil, nil
	}
	if len(q) != vs.dims {
		return nil, fmt.Errorf("index %s: query vector has %d dims, index has %d", db.path, len(q), vs.dims)
	}
	qn := append([]float32(nil), q...)
	normalize(qn)
	allow := vs.allow(f)
	// Large sets are scanned in parallel slices, each keeping its own
	// top k, merged at the end.
	parts := 1
	if len(vs.ids) >= parallelScan {
		parts = runtime.GOMAXPROCS(0)
	}
	heaps := make([]hitHeap, parts)
	var wg sync.WaitGroup
	per := (len(vs.ids) + parts - 1) / parts
	for p := range parts {
		lo, hi := p*per, min((p+1)*per, len(vs.ids))
		wg.Go(func() { heaps[p] = vs.topK(qn, k, allow, lo, hi) })
	}
	wg.Wait()
	h := heaps[0]
	for _, o := range heaps[1:] {
		for _, hit := range o {
			h.offer(hit, k)
		}
	}
	out := make([]VectorHit, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(VectorHit)
	}
	return out, nil
}

// rowFilter says which rows a scan may return; a nil slice allows all.
type rowFilter struct {
	src, file []bool
}

// ok reports whether row i passes.
func (rf rowFilter) ok(vs *vectorSet, i int) bool {
	return (rf.src == nil || rf.src[vs.src[i]]) && (rf.file == nil || rf.file[vs.file[i]])
}

// allow translates f into a rowFilter.
func (vs *vectorSet) allow(f search.Filter) rowFilter {
	var rf rowFilter
	if len(f.Sources) > 0 {
		rf.src = make([]bool, len(vs.names))
		for i, n := range vs.names {
			rf.src[i] = slices.Contains(f.Sources, n)
		}
	}
	if f.Paths != nil {
		want := make(map[string]bool, len(f.Paths))
		for _, p := range f.Paths {
			want[p] = true
		}
		rf.file = make([]bool, len(vs.paths))
		for i, p := range vs.paths {
			rf.file[i] = want[p]
		}
	}
	return rf
}

// parallelScan is the vector count from which a scan uses every CPU.
const parallelScan = 20000

// topK scans rows lo..hi-1 and returns the best k by cosine as a heap.
func (vs *vectorSet) topK(qn []float32, k int, allow rowFilter, lo, hi int) hitHeap {
	h := make(hitHeap, 0, k+1)
	filtered := allow.src != nil || allow.file != nil
	for i := lo; i < hi; i++ {
		if filtered && !allow.ok(vs, i) {
			continue
		}
		s := dot(qn, vs.data[i*vs.dims:(i+1)*vs.dims])
		if len(h) < k || float64(s) > h[0].Cosine {
			h.offer(VectorHit{ID: vs.ids[i], Cosine: float64(s)}, k)
		}
	}
	return h
}

// offer adds hit to a heap that holds at most k hits.
func (h *hitHeap) offer(hit VectorHit, k int) {
	if len(*h) < k {
		heap.Push(h, hit)
		return
	}
	if (*h)[0].Cosine < hit.Cosine || ((*h)[0].Cosine == hit.Cosine && (*h)[0].ID > hit.ID) {
		(*h)[0] = hit
		heap.Fix(h, 0)
	}
}

// VectorCount returns the number of stored vectors, from the in-memory
// copy that searches use.
func (db *DB) VectorCount(ctx context.Context) (int, error) {
	vs, err := db.vectors(ctx)
	if err != nil {
		return 0, err
	}
	return len(vs.ids), nil
}

// Cosines returns the cosine similarity between q and each of the given
// chunks that has a vector.
func (db *DB) Cosines(ctx context.Context, q []float32, ids []int64) (map[int64]float64, error) {
	vs, err := db.vectors(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]float64, len(ids))
	if vs.dims == 0 || len(q) != vs.dims {
		return out, nil
	}
	qn := append([]float32(nil), q...)
	normalize(qn)
	for _, id := range ids {
		if i, ok := vs.pos[id]; ok {
			out[id] = float64(dot(qn, vs.data[int(i)*vs.dims:(int(i)+1)*vs.dims]))
		}
	}
	return out, nil
}

// hitHeap is a min-heap on Cosine, ties broken so that larger ids are
// evicted first, which keeps results deterministic.
type hitHeap []VectorHit

func (h hitHeap) Len() int { return len(h) }
func (h hitHeap) Less(i, j int) bool {
	if h[i].Cosine != h[j].Cosine {
		return h[i].Cosine < h[j].Cosine
	}
	return h[i].ID > h[j].ID
}
func (h hitHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *hitHeap) Push(x any)   { *h = append(*h, x.(VectorHit)) }
func (h *hitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
