package index

import (
	"cmp"
	"container/heap"
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/memweave/memweave-go/store"
)

// VectorHit is one vector search result.
type VectorHit = store.VectorHit

// codeSet is an immutable in-memory copy of the code blocks at one
// generation. A newer generation is made from an older one by reloading
// only the blocks stamped after it.
type codeSet struct {
	gen, epoch int64
	dims       int
	blocks     map[int64]*codeBlock
	// order is the block numbers, ascending.
	order []int64
	n     int
	// read is the number of block rows read to make this set from the
	// previous one: all of them on a first load.
	read int
	// query is the query code the blocks' dots are of, for a set made by
	// [DB.queryDots]; nil for a set of codes.
	query []int16
}

// codes returns the code set of the database's current generation.
func (db *DB) codes(ctx context.Context) (*codeSet, error) {
	gen, err := db.Generation(ctx)
	if err != nil {
		return nil, err
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if err := schemaError(db.schema); err != nil {
		return nil, db.wrap("load vectors", err)
	}
	if db.vecs != nil && db.vecs.gen == gen {
		return db.vecs, nil
	}
	cs, err := db.loadCodes(ctx, db.vecs)
	if err != nil {
		return nil, db.wrap("load vectors", err)
	}
	db.vecs = cs
	return cs, nil
}

// loadCodes reads the code set of the current generation: the blocks
// changed since old, or all of them when old is nil or of another epoch.
func (db *DB) loadCodes(ctx context.Context, old *codeSet) (*codeSet, error) {
	return db.readSet(ctx, func(cs *codeSet, conn *sql.Conn) error {
		where, args := "", []any(nil)
		if old != nil && old.epoch == cs.epoch && old.dims == cs.dims {
			cs.blocks = maps.Clone(old.blocks)
			where, args = ` WHERE gen > ?`, []any{old.gen}
		} else {
			cs.blocks = make(map[int64]*codeBlock)
		}
		if err := readBlocks(ctx, conn, cs.dims, where, args, func(b *codeBlock, err error) error {
			if err != nil {
				return err
			}
			cs.read++
			if len(b.ids) == 0 {
				delete(cs.blocks, b.block)
				return nil
			}
			cs.blocks[b.block] = b
			return nil
		}); err != nil {
			return err
		}
		cs.order = slices.Sorted(maps.Keys(cs.blocks))
		for _, b := range cs.blocks {
			cs.n += len(b.ids)
		}
		return nil
	})
}

// readSet makes a code set of the current generation: it reads the
// generation, vector epoch and dims, then, when the index has vectors,
// calls read with the set and the connection, all in one deferred (read)
// transaction so that they agree (BeginTx would take the write lock,
// _txlock=immediate).
func (db *DB) readSet(ctx context.Context, read func(cs *codeSet, conn *sql.Conn) error) (*codeSet, error) {
	conn, err := db.handle(ctx).Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN DEFERRED`); err != nil {
		return nil, err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
	cs := &codeSet{}
	err = conn.QueryRowContext(ctx, `SELECT
		(SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'),
		coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'vector_epoch'), 0),
		coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'dims'), 0)`).Scan(&cs.gen, &cs.epoch, &cs.dims)
	if err != nil {
		return nil, err
	}
	if err := checkDims(cs.dims); err != nil || cs.dims == 0 {
		return cs, err
	}
	if err := read(cs, conn); err != nil {
		return nil, err
	}
	return cs, nil
}

// queryDots is what a one-shot handle's vector search scans instead of
// the codes ([Options.OneShot]): the code set of the current generation
// with each code's dot product with the query code qc in place of the
// code, computed by SQLite's mw_code_dots as it reads each block, so that
// the codes are never copied out of SQLite. A process that searches once
// would otherwise fault in a page of fresh memory for every 4 KiB of
// codes, to scan them once. The set of the last query is kept until the
// generation changes, for the calibration sample taken with the same
// query after the search ([DB.SampleCosines]). When the index's vectors
// have other dims than qc, the set holds no block, only the count of
// codes, and the vector search reports the mismatch.
func (db *DB) queryDots(ctx context.Context, qc queryCode) (*codeSet, error) {
	gen, err := db.Generation(ctx)
	if err != nil {
		return nil, err
	}
	db.mu.Lock()
	last, bad := db.dots, schemaError(db.schema)
	db.mu.Unlock()
	if bad != nil {
		return nil, db.wrap("load vectors", bad)
	}
	if last != nil && last.gen == gen && slices.Equal(last.query, qc.q) {
		return last, nil
	}
	cs, err := db.readSet(ctx, func(cs *codeSet, conn *sql.Conn) error {
		cs.blocks = make(map[int64]*codeBlock)
		if cs.dims != len(qc.q) {
			var err error
			cs.n, err = countCodes(ctx, conn)
			return err
		}
		return readBlockRows(ctx, conn, cs.dims, &qc, "", nil, func(b *codeBlock, err error) error {
			if err != nil {
				return err
			}
			cs.read++
			if len(b.ids) > 0 {
				cs.blocks[b.block] = b
				cs.order = append(cs.order, b.block) // rows come in block order
				cs.n += len(b.ids)
			}
			return nil
		})
	})
	if err != nil {
		return nil, db.wrap("load vectors", err)
	}
	cs.query = qc.q
	db.mu.Lock()
	db.dots = cs
	db.mu.Unlock()
	return cs, nil
}

// countCodes returns the number of codes the blocks hold, from their
// lengths, which SQLite reads from each row's header, not its pages.
func countCodes(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT coalesce(sum(length(codes) / (`+strconv.Itoa(entryHeader)+` + dims.n)), 0)
		FROM vector_blocks, (SELECT CAST(value AS INTEGER) AS n FROM meta WHERE key = 'dims') AS dims
		WHERE dims.n > 0`).Scan(&n)
	return n, err
}

// vectorSet returns what a vector search with the query code qc scans:
// the codes the handle keeps in memory, or on a one-shot handle, the
// codes scored against qc as they are read ([DB.queryDots]).
func (db *DB) vectorSet(ctx context.Context, qc queryCode) (*codeSet, error) {
	if db.oneShot {
		return db.queryDots(ctx, qc)
	}
	return db.codes(ctx)
}

// readBlocks reads, in block order, the vector_blocks rows that match
// where (with args) and calls fn with each, decoded (see decodeBlock),
// or with the [ErrCorrupt] error of a row memweave could not have
// written: one whose codes are not a blob of whole entries of dims, at
// most a block's worth (refused before its value is read, so that no
// declared length makes a large allocation), or whose block number
// repeats. fn's error ends the read.
//
// The blocks keep the driver's buffer (sql.RawBytes), which database/sql
// promises only until the next row: mattn/go-sqlite3 makes a new slice
// for each blob and never reuses it, and a second copy would cost a
// fresh process a page fault for every 4 KiB of codes it loads.
// TestCodesFollowWrites fails if a driver reuses the buffer.
func readBlocks(ctx context.Context, q queryer, dims int, where string, args []any, fn func(*codeBlock, error) error) error {
	return readBlockRows(ctx, q, dims, nil, where, args, fn)
}

// readBlockRows is readBlocks, or with a query code qc, the blocks
// scored against it as SQLite reads them (see decodeDots): the codes are
// never copied out of SQLite, whose buffer mw_code_dots reads.
func readBlockRows(ctx context.Context, q queryer, dims int, qc *queryCode, where string, args []any, fn func(*codeBlock, error) error) error {
	size := entryHeader + dims
	value, decode, head := `codes`, decodeBlock, []any{size, blockSize * size}
	if qc != nil {
		value, decode = `mw_code_dots(codes, ?)`, decodeDots
		head = append(head, qc.bytes())
	}
	query := `SELECT block, typeof(codes), length(codes),
		CASE WHEN typeof(codes) = 'blob' AND length(codes) % ? = 0 AND length(codes) <= ? THEN ` + value + ` END
		FROM vector_blocks` + where + ` ORDER BY block`
	prev, first := int64(0), true
	return scanRows(ctx, q, query, func(rows *sql.Rows) error {
		var blk, n int64
		var typ string
		var data sql.RawBytes
		if err := rows.Scan(&blk, &typ, &n, &data); err != nil {
			return err
		}
		if !first && blk <= prev {
			return fn(nil, corruptRow("vector_blocks", blk, "block repeated"))
		}
		prev, first = blk, false
		if typ != "blob" || n%int64(size) != 0 || n > blockSize*int64(size) {
			return fn(nil, corruptRow("vector_blocks", blk, fmt.Sprintf("codes are a %s of %d bytes, want a blob of %d-byte entries", typ, n, size)))
		}
		return fn(decode(blk, data, dims))
	}, append(head, args...)...)
}

// corruptRow is the [ErrCorrupt] error of a row of table that memweave
// could not have written.
func corruptRow(table string, id int64, why string) error {
	return fmt.Errorf("%s row %d: %s: %w", table, id, why, ErrCorrupt)
}

// normalize scales v to unit length; a zero v stays zero. The factor
// stays in float64: as a float32 it is infinite for a vector of tiny
// components (an embedding server's 1e-45), which would make v
// infinities and NaNs, and subnormal for one of huge components.
func normalize(v []float32) {
	var s float64
	for _, f := range v {
		s += float64(f) * float64(f)
	}
	if s == 0 {
		return
	}
	inv := 1 / math.Sqrt(s)
	for i := range v {
		v[i] = float32(float64(v[i]) * inv)
	}
}

// queryCode is a unit query vector in fixed point: q[i] ≈ qn[i] * scale.
type queryCode struct {
	q     []int16
	scale float64
	// round bounds the error the query's own rounding adds to an
	// approximate cosine: each q[i]/scale is within 0.5/scale of qn[i],
	// and the components of a unit code sum to at most √dims in
	// magnitude.
	round float64
}

// bytes returns the query code as mw_code_dots takes it: int16 values,
// little-endian.
func (qc queryCode) bytes() []byte {
	b := make([]byte, 2*len(qc.q))
	for i, v := range qc.q {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(v))
	}
	return b
}

func newQueryCode(qn []float32) queryCode {
	var peak float64
	for _, f := range qn {
		peak = max(peak, math.Abs(float64(f)))
	}
	qc := queryCode{q: make([]int16, len(qn)), scale: 1}
	if peak == 0 {
		return qc
	}
	// 2^15 keeps every product of a query and a code within 2^22.
	qc.scale = 32767 / peak
	qc.round = 0.5 / qc.scale * math.Sqrt(float64(len(qn)))
	for i, f := range qn {
		qc.q[i] = int16(math.Round(float64(f) * qc.scale))
	}
	return qc
}

// margin bounds how far the approximate cosine of the query with a code
// of the given scale (see [quantize]) lies from the cosine with the
// stored vector.
//
// Each component of a code is rounded to a multiple of the scale, so it
// is off by at most half of it, and the error of the cosine is the sum of
// those errors weighted by the unit query. The sum's worst case, half the
// scale times the query's L1 norm (up to √dims), is many times what
// happens: the errors are independent and centred, so the sum's standard
// deviation is at most scale/√12 for a unit query, and the stored
// vector's half-precision rounding adds far less. The margin is
// [codeErrorSteps] scales, about seven standard deviations, plus the
// bound of the query's own rounding.
func (qc queryCode) margin(scale float32) float64 {
	return codeErrorSteps*math.Abs(float64(scale)) + qc.round
}

// codeErrorSteps is the margin of an approximate cosine in code scales
// (see [queryCode.margin]).
const codeErrorSteps = 2

// Vector returns the k chunks nearest to q by cosine similarity, within
// f. It ranks every code by its approximate cosine, keeps as candidates
// the codes whose approximate cosine is within the error margin (see
// [queryCode.margin]) of the k-th best, at most [rescoreCap] of them,
// then rescores them with the exact vectors in order of their upper
// bound (approximate cosine plus margin) until the k-th best exact
// cosine is above the next candidate's bound, which no candidate left can
// then reach: the cosines it returns are exact, and so is the top k, even
// when many chunks are near-duplicates whose approximate cosines are
// within their error of each other.
func (db *DB) Vector(ctx context.Context, q []float32, k int, f store.Filter) ([]VectorHit, error) {
	qn := append([]float32(nil), q...)
	normalize(qn)
	qc := newQueryCode(qn)
	cs, err := db.vectorSet(ctx, qc)
	if err != nil {
		return nil, err
	}
	if cs.dims == 0 || k <= 0 || cs.n == 0 {
		return nil, nil
	}
	if len(q) != cs.dims {
		return nil, fmt.Errorf("index %s: query vector has %d dims, index has %d: %w", db.path, len(q), cs.dims, store.ErrDims)
	}
	allow, err := db.allowed(ctx, f)
	if err != nil {
		return nil, err
	}
	// No more than the index's chunks can be found: a larger k would
	// only size the scan's heaps (and overflow rescoreCap).
	k = min(k, cs.n)
	cands := cs.top(qc, k, rescoreCap(k), allow)
	h := make(hitHeap, 0, k+1)
	var exact []VectorHit
	err = db.eachExact(ctx, qn, cands, func(i int, id int64, cos float64) bool {
		exact = append(exact, VectorHit{ID: id, Cosine: cos})
		h.offer(VectorHit{ID: id, Cosine: cos}, k)
		// Read on while the next candidate's bound may reach the top k.
		return i+1 < len(cands) && (len(h) < k || !(h[0].Cosine > cands[i+1].Cosine))
	})
	if err != nil {
		return nil, err
	}
	out := make([]VectorHit, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(VectorHit)
	}
	if len(out) < k {
		return out, nil
	}
	return db.breakTies(ctx, out, exact)
}

// breakTies returns the top k (out, by descending cosine) with the
// chunks tied with the k-th (copies of one text) chosen in path and line
// order among those rescored (exact), not by chunk id: row ids follow the
// order the chunks were written in, and an index rebuilt from the same
// files must find the same chunks.
func (db *DB) breakTies(ctx context.Context, out, exact []VectorHit) ([]VectorHit, error) {
	k := len(out)
	last := out[k-1].Cosine
	head := k
	for head > 0 && out[head-1].Cosine == last {
		head--
	}
	var tied []int64
	for _, hit := range exact {
		if hit.Cosine == last {
			tied = append(tied, hit.ID)
		}
	}
	if len(tied) <= k-head {
		return out, nil
	}
	list, err := json.Marshal(tied)
	if err != nil {
		return nil, err
	}
	out = out[:head]
	err = scanRows(ctx, db.handle(ctx), `SELECT id FROM chunks WHERE id IN (SELECT value FROM json_each(?)) ORDER BY path, start_line, seq LIMIT ?`, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		out = append(out, VectorHit{ID: id, Cosine: last})
		return err
	}, string(list), k-head)
	if err != nil {
		return nil, db.wrap("vector search", err)
	}
	return out, nil
}

// rescoreCap is the most candidates a search for k chunks rescores
// exactly: enough for the top k to lie among hundreds of near-duplicates,
// few enough that an index whose codes all score alike (or whose scales
// were tampered with) costs a bounded number of vector reads.
func rescoreCap(k int) int { return 8*k + 256 }

// allowed returns the ids of the chunks f allows, nil for all.
func (db *DB) allowed(ctx context.Context, f store.Filter) (map[int64]bool, error) {
	if len(f.Sources) == 0 && f.Paths == nil {
		return nil, nil
	}
	query := `SELECT id FROM chunks WHERE embedded = 1`
	var args []any
	if len(f.Sources) > 0 {
		// As in [DB.Keyword]: one JSON list, whatever its length.
		sources, err := json.Marshal(f.Sources)
		if err != nil {
			return nil, fmt.Errorf("index %s: vector search: %w", db.path, err)
		}
		query += ` AND source IN (SELECT value FROM json_each(?))`
		args = append(args, string(sources))
	}
	if f.Paths != nil {
		paths, err := json.Marshal(f.Paths)
		if err != nil {
			return nil, fmt.Errorf("index %s: vector search: %w", db.path, err)
		}
		query += ` AND path IN (SELECT value FROM json_each(?))`
		args = append(args, string(paths))
	}
	out := make(map[int64]bool)
	err := scanRows(ctx, db.handle(ctx), query, func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		out[id] = true
		return nil
	}, args...)
	return out, db.wrap("vector search", err)
}

// parallelScan is the code count from which a scan uses every CPU.
const parallelScan = 4096

// candidates is what a scan keeps of the codes it ranks.
type candidates struct {
	// lows holds the k largest lower bounds of a cosine (approximate
	// cosine minus margin), each with its id: the k-th of them is a
	// cosine that k chunks are known to reach.
	lows hitHeap
	// highs holds, with their upper bounds (approximate cosine plus
	// margin), the best chunks, up to the cap, whose upper bound reached
	// the k-th lower bound when they were ranked.
	highs hitHeap
}

// floor is the k-th largest lower bound of lows, or -Inf while there are
// fewer than k.
func (c *candidates) floor(k int) float64 {
	if len(c.lows) < k {
		return math.Inf(-1)
	}
	return c.lows[0].Cosine
}

// offer ranks the chunk id of approximate cosine s and margin m. A code
// whose bounds are not numbers (a scale read from a damaged file) is
// left out.
func (c *candidates) offer(id int64, s, m float64, k, capacity int) {
	lo, hi := s-m, s+m
	if !(lo <= hi) {
		return
	}
	if len(c.lows) < k || lo > c.lows[0].Cosine {
		c.lows.offer(VectorHit{ID: id, Cosine: lo}, k)
	}
	if hi >= c.floor(k) && (len(c.highs) < capacity || hi > c.highs[0].Cosine) {
		c.highs.offer(VectorHit{ID: id, Cosine: hi}, capacity)
	}
}

// top returns the chunks among those allow admits (all when nil) whose
// cosine with the query may be among the best k: those whose upper bound
// (approximate cosine plus margin) reaches the k-th largest lower bound
// (approximate cosine minus margin), each with its upper bound as
// Cosine, by descending bound (ties by ascending id). When more than
// capacity qualify, it returns the capacity of them with the highest
// upper bounds.
func (cs *codeSet) top(qc queryCode, k, capacity int, allow map[int64]bool) []VectorHit {
	capacity = max(capacity, k)
	parts := 1
	if cs.n >= parallelScan {
		parts = min(runtime.GOMAXPROCS(0), len(cs.order))
	}
	found := make([]candidates, parts)
	var wg sync.WaitGroup
	per := (len(cs.order) + parts - 1) / parts
	for p := range parts {
		blocks := cs.order[min(p*per, len(cs.order)):min((p+1)*per, len(cs.order))]
		wg.Go(func() { found[p] = cs.scan(qc, k, capacity, allow, blocks) })
	}
	wg.Wait()
	all := found[0]
	for _, o := range found[1:] {
		for _, hit := range o.lows {
			if len(all.lows) < k || hit.Cosine > all.lows[0].Cosine {
				all.lows.offer(hit, k)
			}
		}
	}
	floor := all.floor(k)
	keep := make(hitHeap, 0, min(capacity, cs.n)+1)
	for _, o := range found {
		for _, hit := range o.highs {
			if hit.Cosine >= floor {
				keep.offer(hit, capacity)
			}
		}
	}
	out := []VectorHit(keep)
	slices.SortFunc(out, func(a, b VectorHit) int {
		return cmp.Or(cmp.Compare(b.Cosine, a.Cosine), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// scan ranks the codes of the given blocks.
func (cs *codeSet) scan(qc queryCode, k, capacity int, allow map[int64]bool, blocks []int64) candidates {
	c := candidates{lows: make(hitHeap, 0, k+1), highs: make(hitHeap, 0, min(capacity, cs.n)+1)}
	inv := 1 / qc.scale
	buf := make([]int64, 1<<blockShift)
	for _, bn := range blocks {
		b := cs.blocks[bn]
		dots := b.dots
		if dots == nil {
			if len(buf) < len(b.ids) {
				buf = make([]int64, len(b.ids))
			}
			blockDots(qc.q, b, buf)
			dots = buf
		}
		for i, id := range b.ids {
			if allow != nil && !allow[id] {
				continue
			}
			c.offer(id, float64(b.scales[i])*float64(dots[i])*inv, qc.margin(b.scales[i]), k, capacity)
		}
	}
	return c
}

// SampleCosines returns the approximate cosines (see [DB.Vector]) of q
// with the stored vectors of the index's sample ([DB.Sample]) of up to n
// distinct texts: the sample a query's own background is measured with
// (see [search.VectorBackend]). The sample depends on the files alone,
// not on the order their chunks were written in (which sets the chunk
// ids), so an index rebuilt from the same files scores the same. It
// reads the sample's ids, once per generation, and the in-memory codes a
// search scans anyway, so it costs n dot products. It returns nothing
// when the index has no vectors or q has other dims.
func (db *DB) SampleCosines(ctx context.Context, q []float32, n int) ([]float64, error) {
	qn := append([]float32(nil), q...)
	normalize(qn)
	qc := newQueryCode(qn)
	cs, err := db.vectorSet(ctx, qc)
	if err != nil {
		return nil, err
	}
	if cs.dims == 0 || cs.n == 0 || n <= 0 || len(q) != cs.dims {
		return nil, nil
	}
	ids, err := db.sampleIDs(ctx, cs.gen, n)
	if err != nil {
		return nil, err
	}
	inv := 1 / qc.scale
	out := make([]float64, 0, len(ids))
	for _, id := range ids {
		b := cs.blocks[id>>blockShift]
		if b == nil {
			continue // written after the codes were read
		}
		i, ok := slices.BinarySearch(b.ids, id)
		if !ok {
			continue
		}
		var dot int64
		if b.dots != nil {
			dot = b.dots[i]
		} else {
			dot = dotCode(qc.q, b.code(i, cs.dims))
		}
		out = append(out, float64(b.scales[i])*float64(dot)*inv)
	}
	return out, nil
}

// sampleIDs returns the chunk ids of the index's sample of n texts
// ([DB.Sample]), kept for generation gen: read again only after a write.
func (db *DB) sampleIDs(ctx context.Context, gen int64, n int) ([]int64, error) {
	db.mu.Lock()
	if db.sampled.Gen == gen && db.sampledN == n && db.sampledOK {
		ids := db.sampled.IDs
		db.mu.Unlock()
		return ids, nil
	}
	db.mu.Unlock()
	s, err := db.Sample(ctx, n)
	if err != nil {
		return nil, err
	}
	db.mu.Lock()
	db.sampled, db.sampledN, db.sampledOK = s, n, true
	db.mu.Unlock()
	return s.IDs, nil
}

// goodVector is the SQL condition that a vectors row's vector is a blob
// of the index's dimensions as half floats; selectVector is that vector,
// NULL when it is not. Selecting it instead of the column refuses a
// damaged or crafted value before it is read.
const (
	goodVector   = `typeof(vector) = 'blob' AND length(vector) = 2 * (SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'dims')`
	selectVector = `CASE WHEN ` + goodVector + ` THEN vector END`
)

// scanVector reads a row of (id, selectVector) and decodes the vector.
func scanVector(rows *sql.Rows) (int64, []float32, error) {
	var id int64
	var blob sql.RawBytes
	if err := rows.Scan(&id, &blob); err != nil {
		return 0, nil, err
	}
	if blob == nil {
		return 0, nil, corruptRow("vectors", id, "vector is not a blob of the index's dimensions")
	}
	v, err := decodeHalf(blob)
	return id, v, err
}

// eachExact calls fn with the exact cosine of the unit vector qn with
// the stored vector of each of the chunks hits names that has one, in
// the order of hits (i is the hit's index), until fn returns false. The
// vectors are read in one statement, row by row as fn asks for them.
func (db *DB) eachExact(ctx context.Context, qn []float32, hits []VectorHit, fn func(i int, id int64, cos float64) bool) error {
	ids := make([]int64, len(hits))
	for i, h := range hits {
		ids[i] = h.ID
	}
	return db.eachVector(ctx, len(qn), ids, func(i int, id int64, blob []byte) bool {
		return fn(i, id, halfCosine(qn, blob))
	})
}

// eachVector calls fn with the stored vector, half floats of dims, of
// each of ids that has one, in the order of ids (i is the id's index),
// until fn returns false. The vectors are read in one statement, row by
// row as fn asks for them; blob is valid until fn returns.
func (db *DB) eachVector(ctx context.Context, dims int, ids []int64, fn func(i int, id int64, blob []byte) bool) error {
	if len(ids) == 0 {
		return nil
	}
	list := make([]byte, 0, 12*len(ids))
	list = append(list, '[')
	for i, id := range ids {
		if i > 0 {
			list = append(list, ',')
		}
		list = strconv.AppendInt(list, id, 10)
	}
	list = append(list, ']')
	// CROSS JOIN makes json_each the outer loop, so rows come in the
	// array's order; j.key is the id's index.
	rows, err := db.handle(ctx).QueryContext(ctx, `SELECT j.key, v.id, `+selectVector+` FROM json_each(?) AS j CROSS JOIN vectors AS v ON v.id = j.value`, string(list))
	if err != nil {
		return db.wrap("read vectors", err)
	}
	defer rows.Close()
	prev := -1
	for rows.Next() {
		var i int
		var id int64
		var blob sql.RawBytes
		if err := rows.Scan(&i, &id, &blob); err != nil {
			return db.wrap("read vectors", err)
		}
		if blob == nil {
			return db.wrap("read vectors", corruptRow("vectors", id, "vector is not a blob of the index's dimensions"))
		}
		if len(blob) != 2*dims {
			return db.wrap("read vectors", corruptRow("vectors", id, "vector is not a blob of the query's dimensions"))
		}
		if i <= prev || i >= len(ids) {
			return fmt.Errorf("index %s: read vectors: row of hit %d after hit %d, want them in order", db.path, i, prev)
		}
		prev = i
		if !fn(i, id, blob) {
			return nil
		}
	}
	return db.wrap("read vectors", rows.Err())
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
// codes that searches use; on a one-shot handle, which keeps no codes,
// from the code blocks' lengths ([DB.queryDots]).
func (db *DB) VectorCount(ctx context.Context) (int, error) {
	if db.oneShot {
		db.mu.Lock()
		bad := schemaError(db.schema)
		db.mu.Unlock()
		if bad != nil {
			return 0, db.wrap("count vectors", bad)
		}
		n, err := countCodes(ctx, db.handle(ctx))
		return n, db.wrap("count vectors", err)
	}
	cs, err := db.codes(ctx)
	if err != nil {
		return 0, err
	}
	return cs.n, nil
}

// Cosines returns the exact cosine similarity between q and each of the
// given chunks that has a vector.
func (db *DB) Cosines(ctx context.Context, q []float32, ids []int64) (map[int64]float64, error) {
	dims, err := vectorDims(ctx, db.handle(ctx))
	if err != nil {
		return nil, db.wrap("read vectors", err)
	}
	if dims == 0 || len(q) != dims || len(ids) == 0 {
		return map[int64]float64{}, nil
	}
	qn := append([]float32(nil), q...)
	normalize(qn)
	hits := make([]VectorHit, len(ids))
	for i, id := range ids {
		hits[i].ID = id
	}
	out := make(map[int64]float64, len(ids))
	err = db.eachExact(ctx, qn, hits, func(_ int, id int64, cos float64) bool {
		out[id] = cos
		return true
	})
	return out, err
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

// EachVector calls fn with every stored vector, as float32, in chunk id
// order, until fn returns an error. Benchmarks use it for exact scans.
func (db *DB) EachVector(ctx context.Context, fn func(id int64, v []float32) error) error {
	err := scanRows(ctx, db.handle(ctx), `SELECT id, `+selectVector+` FROM vectors ORDER BY id`, func(rows *sql.Rows) error {
		id, v, err := scanVector(rows)
		if err != nil {
			return err
		}
		return fn(id, v)
	})
	return db.wrap("read vectors", err)
}
