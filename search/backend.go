package search

import (
	"context"

	"github.com/memweave/memweave-go/store"
)

// Mode is which backends a search runs.
type Mode string

// Search modes.
const (
	// ModeHybrid runs the keyword and vector backends and fuses them.
	ModeHybrid Mode = "hybrid"
	// ModeKeyword runs the keyword backend (FTS5 BM25) only.
	ModeKeyword Mode = "keyword"
	// ModeVector runs the vector backend (cosine similarity) only.
	ModeVector Mode = "vector"
)

// Valid reports whether m is one of the modes.
func (m Mode) Valid() bool { return m == ModeHybrid || m == ModeKeyword || m == ModeVector }

// KeywordBackend is the full-text side of a [Hybrid] search.
type KeywordBackend interface {
	// Keyword runs an FTS5 MATCH expression and returns up to k chunks
	// by ascending bm25(), within f. An empty match returns nothing.
	Keyword(ctx context.Context, match string, k int, f store.Filter) ([]store.KeywordHit, error)
	// ChunkCount is the number of chunks in the index.
	ChunkCount(ctx context.Context) (int, error)
	// Chunks reads the chunks with the given ids; ids that are gone are
	// absent from the map.
	Chunks(ctx context.Context, ids []int64) (map[int64]store.Chunk, error)
	// TermCounts returns how many chunks each MATCH expression matches,
	// in order: the document frequencies that calibrate keyword scores.
	TermCounts(ctx context.Context, matches []string) ([]int, error)
}

// VectorBackend is the vector side of a [Hybrid] search.
type VectorBackend interface {
	// Vector returns the k chunks nearest to q by cosine similarity,
	// within f.
	Vector(ctx context.Context, q []float32, k int, f store.Filter) ([]store.VectorHit, error)
	// Cosines returns the cosine similarity between q and each of the
	// given chunks that has a vector.
	Cosines(ctx context.Context, q []float32, ids []int64) (map[int64]float64, error)
	// SampleCosines returns the cosine similarity, approximate is
	// enough, between q and the stored vectors of a sample of up to n of
	// the index's texts, the same ones for the same files (whatever the
	// order they were written in): the sample that calibrates vector
	// scores.
	SampleCosines(ctx context.Context, q []float32, n int) ([]float64, error)
	// VectorCount is the number of chunks that have a vector.
	VectorCount(ctx context.Context) (int, error)
}

// QueryEmbedder turns a query into a vector.
type QueryEmbedder interface {
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
}
