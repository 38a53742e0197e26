// Package store defines the data the index hands to its readers: stored
// chunks, the filter that limits them, and the hits of the keyword and
// vector backends.
//
// It is a leaf package, as goldmark's ast is shared by its parser and
// renderer, so that index (which produces these values) and its readers
// (search, conflict) share the types without importing each other, and
// the pure readers build without cgo.
package store

import "errors"

// ErrDims is wrapped by the error of a vector backend given a query
// vector whose length differs from the index's vectors: the embedder
// answered with another model's vectors, and the search can go on by
// keyword.
var ErrDims = errors.New("query vector dimensions differ from the index's")

// Filter limits which chunks a backend returns. The zero value allows
// every chunk.
type Filter struct {
	// Sources, when not empty, allows only chunks of these namespaces.
	Sources []string
	// Paths, when not nil, allows only chunks of these files
	// (workspace-relative paths); an empty non-nil slice allows none.
	Paths []string
}

// KeywordHit is one keyword backend result.
type KeywordHit struct {
	ID int64
	// BM25 is FTS5's bm25() value: negative, lower is better.
	BM25 float64
}

// VectorHit is one vector backend result.
type VectorHit struct {
	ID     int64
	Cosine float64
}

// Chunk is a stored chunk as the search needs it to build a search result.
type Chunk struct {
	ID                 int64
	Path, Source       string
	StartLine, EndLine int
	Headings           []string
	Text               string
}

// StoredChunk is a chunk as read back from the index, position and
// file's modification time included.
type StoredChunk struct {
	ID                 int64
	Path, Source       string
	Seq                int
	StartLine, EndLine int
	Headings           []string
	Text               string
	Embedded           bool
	// MTime is the modification time of the chunk's file, in Unix
	// nanoseconds (0 when unknown). Set by the readers that say so.
	MTime int64
}
