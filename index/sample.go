package index

import (
	"cmp"
	"context"
	"database/sql"

	"github.com/memweave/memweave-go/embedcache"
)

// Sample is the sample of an index's chunks that its vector background
// is measured with (see [DB.Sample]).
type Sample struct {
	// Gen is the index generation the sample was read at.
	Gen int64
	// Dims is the index's vector dimensions; 0 when it keeps no vectors.
	Dims int
	// Hashes are the sampled texts' hashes ([Chunk.Hash]), ascending and
	// distinct.
	Hashes []embedcache.Key
	// IDs holds, for each of Hashes, the row id of a chunk with that
	// text: the one whose vector [DB.SampleVectors] reads.
	IDs []int64
}

// Sample returns the sample of the index that its vector background is
// measured with: of the distinct texts of the chunks that have vectors,
// the n whose hashes are smallest (a bottom-n sketch), or all of them
// when there are at most n. SHA-256 orders texts at random, so the
// sample is a uniform one of the index's distinct texts; it depends on
// the files alone, not on the order in which they were written; and a
// write changes it only when it adds a text whose hash falls among the n
// smallest or removes a sampled one (for a write of one new text, a
// chance of about n in the index's size), so that a background kept
// under the sample's hashes outlives most writes. It reads n entries of
// an SQL index on the hashes, not the vectors.
func (db *DB) Sample(ctx context.Context, n int) (Sample, error) {
	db.mu.Lock()
	bad := schemaError(db.schema)
	db.mu.Unlock()
	if bad != nil {
		return Sample{}, db.wrap("read sample", bad)
	}
	var s Sample
	cs, err := db.readSet(ctx, func(cs *codeSet, conn *sql.Conn) error {
		// The partial index chunks_hash holds the hashes of the chunks
		// that have vectors, in order, with their row ids: the scan stops
		// after its first n distinct hashes.
		return scanRows(ctx, conn, `SELECT hash, min(id) FROM chunks WHERE embedded = 1 GROUP BY hash ORDER BY hash LIMIT ?`, func(rows *sql.Rows) error {
			var h []byte
			var id int64
			if err := rows.Scan(&h, &id); err != nil {
				return err
			}
			var k embedcache.Key
			copy(k[:], h)
			s.Hashes = append(s.Hashes, k)
			s.IDs = append(s.IDs, id)
			return nil
		}, max(n, 0))
	})
	if err != nil {
		return Sample{}, db.wrap("read sample", err)
	}
	s.Gen, s.Dims = cs.gen, cs.dims
	if s.Dims == 0 {
		s.Hashes, s.IDs = nil, nil
	}
	return s, nil
}

// SampleVectors returns the stored vectors of s's chunks, decoded and of
// unit length, in the order of s.IDs, one after the other in memory (so
// that [Dots] runs a probe over them in one call). A chunk whose vector
// is gone (a write since s was read) is left out.
func (db *DB) SampleVectors(ctx context.Context, s Sample) ([][]float32, error) {
	if s.Dims == 0 || len(s.IDs) == 0 {
		return nil, nil
	}
	flat := make([]float32, 0, len(s.IDs)*s.Dims)
	var derr error
	err := db.eachVector(ctx, s.Dims, s.IDs, func(_ int, id int64, blob []byte) bool {
		var v []float32
		if v, derr = decodeHalf(blob); derr != nil {
			derr = db.wrap("read vectors", corruptRow("vectors", id, derr.Error()))
			return false
		}
		normalize(v)
		flat = append(flat, v...)
		return true
	})
	if err = cmp.Or(err, derr); err != nil {
		return nil, err
	}
	out := make([][]float32, len(flat)/s.Dims)
	for i := range out {
		out[i] = flat[i*s.Dims : (i+1)*s.Dims : (i+1)*s.Dims]
	}
	return out, nil
}
