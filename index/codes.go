package index

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
)

// Vector storage.
//
// The vectors live one row per chunk in the vectors table, as half
// floats: the truth, read by id to rescore candidates and to reuse a
// vector for the same text. Searches scan compact int8 codes instead: each vector,
// L2-normalised, scaled so that its largest component is 127 and rounded,
// kept with its scale, in blocks of [blockSize] consecutive chunk ids in
// the vector_blocks table. A block row is rewritten in the same
// transaction as the vectors it holds, and stamped with the generation
// that transaction commits, so a reader that holds the codes of
// generation g reloads only the blocks whose stamp is above g. A
// fresh process reads a quarter of the bytes the float vectors take, in
// a few large rows; a search after a write reloads one or two blocks. A
// one-shot handle keeps no codes: it scores them in SQL as it reads them
// ([DB.queryDots]).
//
// Block rows are only ever deleted by an operation that also increments
// the vector epoch in meta (a reset of the vectors, a rebuild of the
// blocks), which makes readers reload everything.
//
// A block row is read only through readBlocks, which checks the value's
// type and length in SQL before fetching it, and decodeBlock, which
// checks that each id belongs to the block: a crafted row is refused
// with ErrCorrupt, and no chunk can appear in two blocks.

// blockShift sets the block size: chunk ids id>>blockShift share a block.
const blockShift = 6

// blockSize is the number of consecutive chunk ids a block covers.
const blockSize = 1 << blockShift

// entryHeader is the size of an entry's id and scale before its codes.
const entryHeader = 8 + 4

// maxDims bounds the vector dimensions an index may record, so that a
// crafted meta row cannot make a buffer of its size.
const maxDims = 1 << 16

// checkDims returns the [ErrCorrupt] error of recorded dimensions outside
// 0..maxDims.
func checkDims(dims int) error {
	if dims < 0 || dims > maxDims {
		return fmt.Errorf("meta row dims: %d vector dimensions, at most %d: %w", dims, maxDims, ErrCorrupt)
	}
	return nil
}

// quantize writes v's int8 code into dst (len(v) of them) and returns
// its scale: the cosine of v with a unit vector q is approximately
// scale * Σ q[i]*dst[i].
func quantize(dst []byte, v []float32) float32 {
	var norm, peak float64
	for _, f := range v {
		norm += float64(f) * float64(f)
		peak = max(peak, math.Abs(float64(f)))
	}
	if norm == 0 || peak == 0 {
		clear(dst)
		return 0
	}
	norm = math.Sqrt(norm)
	peak /= norm
	step := peak / 127
	for i, f := range v {
		dst[i] = byte(int8(math.Round(float64(f) / norm / step)))
	}
	return float32(step)
}

// codeBlock is one decoded block: entries sorted by id. Its codes stay
// in place inside the block's blob, which it keeps: a search process that
// loads every block copies no code. A block read for one query on a
// one-shot handle holds the codes' dot products with it instead (see
// [DB.queryDots]).
type codeBlock struct {
	block  int64
	ids    []int64
	scales []float32
	// blob is the row's value: for each entry, its id, its scale, then
	// its code of dims int8 values. nil when dots is set.
	blob []byte
	// dots are the dot products of the codes with one query's code
	// ([blockDots]), for a block read by [DB.queryDots]; nil otherwise.
	dots []int64
}

// code returns the i-th code of b.
func (b *codeBlock) code(i, dims int) []byte {
	at := i*(entryHeader+dims) + entryHeader
	return b.blob[at : at+dims]
}

// appendEntry appends to blob the entry of chunk id.
func appendEntry(blob []byte, id int64, scale float32, code []byte) []byte {
	blob = binary.LittleEndian.AppendUint64(blob, uint64(id))
	blob = binary.LittleEndian.AppendUint32(blob, math.Float32bits(scale))
	return append(blob, code...)
}

// decodeBlock parses the blob of block blk, of vectors with dims
// dimensions, and checks that its ids ascend and belong to blk (so no id
// is in two blocks). The caller must not modify data afterwards.
func decodeBlock(blk int64, data []byte, dims int) (*codeBlock, error) {
	b, err := decodeEntries(blk, data, dims, entryHeader+dims)
	if err == nil {
		b.blob = data
	}
	return b, err
}

// dotEntry is the size of an entry of mw_code_dots's result: an entry's
// id and scale, then its dot product with the query.
const dotEntry = entryHeader + 8

// decodeDots parses what mw_code_dots returned for block blk of
// dims-dimension codes (see readBlocks), checking the ids as decodeBlock
// does.
func decodeDots(blk int64, data []byte, dims int) (*codeBlock, error) {
	b, err := decodeEntries(blk, data, dims, dotEntry)
	if err != nil {
		return nil, err
	}
	b.dots = make([]int64, len(b.ids))
	for i := range b.dots {
		b.dots[i] = int64(binary.LittleEndian.Uint64(data[i*dotEntry+entryHeader:]))
	}
	return b, nil
}

// decodeEntries reads the ids and scales at the start of each size-byte
// entry of data, the value read for block blk of dims-dimension codes,
// and checks that the ids ascend and belong to blk.
func decodeEntries(blk int64, data []byte, dims, size int) (*codeBlock, error) {
	if dims <= 0 || len(data)%size != 0 || len(data) > blockSize*size {
		return nil, corruptRow("vector_blocks", blk, fmt.Sprintf("%d bytes of codes do not hold %d-dimension entries", len(data), dims))
	}
	n := len(data) / size
	b := &codeBlock{block: blk, ids: make([]int64, n), scales: make([]float32, n)}
	for i := range n {
		e := data[i*size : (i+1)*size]
		b.ids[i] = int64(binary.LittleEndian.Uint64(e))
		b.scales[i] = math.Float32frombits(binary.LittleEndian.Uint32(e[8:]))
		if b.ids[i]>>blockShift != blk || (i > 0 && b.ids[i] <= b.ids[i-1]) {
			return nil, corruptRow("vector_blocks", blk, fmt.Sprintf("chunk id %d out of place", b.ids[i]))
		}
	}
	return b, nil
}

// blockEdits collects the vector changes of one write transaction, to be
// applied to the code blocks before it commits.
type blockEdits struct {
	set map[int64][]float32 // id -> new vector
	del map[int64]bool
}

// put records that chunk id now has vector v.
func (e *blockEdits) put(id int64, v []float32) {
	if e.set == nil {
		e.set = make(map[int64][]float32)
	}
	e.set[id] = v
	delete(e.del, id)
}

// remove records that chunk id lost its vector.
func (e *blockEdits) remove(id int64) {
	if e.del == nil {
		e.del = make(map[int64]bool)
	}
	e.del[id] = true
	delete(e.set, id)
}

// flush rewrites in tx every block the edits touch, stamped with the
// generation tx will commit.
func (e *blockEdits) flush(ctx context.Context, tx *sql.Tx) error {
	if len(e.set) == 0 && len(e.del) == 0 {
		return nil
	}
	dims, gen, err := blockStamp(ctx, tx)
	if err != nil || dims == 0 {
		return err
	}
	touched := make(map[int64]bool)
	for id := range e.set {
		touched[id>>blockShift] = true
	}
	for id := range e.del {
		touched[id>>blockShift] = true
	}
	for _, blk := range slices.Sorted(maps.Keys(touched)) {
		if err := e.rewrite(ctx, tx, blk, dims, gen); err != nil {
			return err
		}
	}
	e.set, e.del = nil, nil
	return nil
}

// rewrite applies the edits to block blk.
func (e *blockEdits) rewrite(ctx context.Context, tx *sql.Tx, blk int64, dims int, gen int64) error {
	old := &codeBlock{}
	err := readBlocks(ctx, tx, dims, ` WHERE block = ?`, []any{blk}, func(b *codeBlock, err error) error {
		old = b
		return err
	})
	if errors.Is(err, ErrCorrupt) {
		// A damaged block is rebuilt from the exact vectors.
		return rebuildBlock(ctx, tx, blk, dims, gen)
	}
	if err != nil {
		return err
	}
	var fresh []int64
	for id := range e.set {
		if id>>blockShift == blk {
			fresh = append(fresh, id)
		}
	}
	slices.Sort(fresh)
	blob, code := []byte{}, make([]byte, dims)
	i := 0
	put := func() {
		blob = appendEntry(blob, fresh[i], quantize(code, e.set[fresh[i]]), code)
		i++
	}
	for j, id := range old.ids {
		for i < len(fresh) && fresh[i] < id {
			put()
		}
		if e.del[id] || (i < len(fresh) && fresh[i] == id) {
			continue
		}
		blob = appendEntry(blob, id, old.scales[j], old.code(j, dims))
	}
	for i < len(fresh) {
		put()
	}
	return writeBlock(ctx, tx, blk, gen, blob)
}

// rebuildBlock recomputes block blk from the exact vectors.
func rebuildBlock(ctx context.Context, tx *sql.Tx, blk int64, dims int, gen int64) error {
	blob, code := []byte{}, make([]byte, dims)
	err := scanRows(ctx, tx, `SELECT id, `+selectVector+` FROM vectors WHERE id >= ? AND id < ? ORDER BY id`, func(rows *sql.Rows) error {
		id, v, err := scanVector(rows)
		if err == nil {
			blob = appendEntry(blob, id, quantize(code, v), code)
		}
		return err
	}, blk<<blockShift, (blk+1)<<blockShift)
	if err != nil {
		return err
	}
	return writeBlock(ctx, tx, blk, gen, blob)
}

// writeBlock stores the blob of block blk, stamped with generation gen.
func writeBlock(ctx context.Context, tx *sql.Tx, blk, gen int64, blob []byte) error {
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO vector_blocks (block, gen, codes) VALUES (?, ?, ?)`, blk, gen, blob)
	return err
}

// rebuildBlocks recomputes every block from the exact vectors and bumps
// the vector epoch, so readers reload everything.
func rebuildBlocks(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM vector_blocks`); err != nil {
		return err
	}
	if err := bumpEpoch(ctx, tx); err != nil {
		return err
	}
	dims, gen, err := blockStamp(ctx, tx)
	if err != nil || dims == 0 {
		return err
	}
	var blocks []int64
	if err := scanRows(ctx, tx, `SELECT DISTINCT id >> `+strconv.Itoa(blockShift)+` FROM vectors ORDER BY 1`, func(rows *sql.Rows) error {
		var b int64
		if err := rows.Scan(&b); err != nil {
			return err
		}
		blocks = append(blocks, b)
		return nil
	}); err != nil {
		return err
	}
	for _, b := range blocks {
		if err := rebuildBlock(ctx, tx, b, dims, gen); err != nil {
			return err
		}
	}
	return nil
}

// bumpEpoch increments the vector epoch.
func bumpEpoch(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('vector_epoch', '1')
		ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`)
	return err
}

// vectorDims returns the recorded vector dimensions, 0 for none.
func vectorDims(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}) (int, error) {
	var dims int
	err := q.QueryRowContext(ctx, `SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'dims'`).Scan(&dims)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	if err == nil {
		err = checkDims(dims)
	}
	return dims, err
}

// blockStamp returns what a write transaction needs to rewrite code
// blocks: the vector size (0 for a keyword-only index, when there is
// nothing to write) and the generation the blocks are stamped with.
func blockStamp(ctx context.Context, tx *sql.Tx) (dims int, gen int64, err error) {
	if dims, err = vectorDims(ctx, tx); err != nil || dims == 0 {
		return 0, 0, err
	}
	gen, err = nextGeneration(ctx, tx)
	return dims, gen, err
}

// nextGeneration returns the generation the current write transaction
// will commit (it bumps the counter last).
func nextGeneration(ctx context.Context, tx *sql.Tx) (int64, error) {
	var g int64
	err := tx.QueryRowContext(ctx, `SELECT CAST(value AS INTEGER) + 1 FROM meta WHERE key = 'generation'`).Scan(&g)
	return g, err
}
