package indexer

import "context"

// Status is what the index and the workspace's files say of an index:
// its counts, what a stat scan of the files finds, the chunking and
// embedder it was built with, and whether a default search can use
// vectors.
type Status struct {
	// DBBytes is the size of the index file.
	DBBytes int64
	// Files, Chunks, Vectors, PendingFiles and CacheEntries count the
	// index's rows: files, chunks, chunks with a vector, files waiting
	// for vectors, and entries of the embedding cache.
	Files, Chunks, Vectors, PendingFiles, CacheEntries int
	// Scanned is whether the files were scanned; StaleFiles,
	// TooLargeFiles and UnreadableFiles are what the scan found (see
	// [Diff]), 0 without one.
	Scanned                                    bool
	StaleFiles, TooLargeFiles, UnreadableFiles int
	// ChunkerVersion is the chunking the index was built with;
	// ChunkingStale is set when this Engine's differs, so that the next
	// index run re-chunks every file.
	ChunkerVersion string
	ChunkingStale  bool
	// Embedder is the embedder's provider ("none" without one), Model
	// and Dims its model and vector size.
	Embedder, Model string
	Dims            int
	// KeywordOnly says why a default search runs on keywords alone: no
	// embedder, an index of another embedder, no vector yet. "" when it
	// is hybrid.
	KeywordOnly string
}

// Status reports the index's state; with scan it includes a stat scan of
// the workspace for files changed since the last index run.
func (e *Engine) Status(ctx context.Context, scan bool) (*Status, error) {
	st, err := e.db.Stats(ctx)
	if err != nil {
		return nil, err
	}
	s := &Status{DBBytes: e.db.Size(), Files: st.Files, Chunks: st.Chunks, Vectors: st.Vectors,
		PendingFiles: st.PendingFiles, CacheEntries: st.CacheEntries}
	if scan {
		d, err := e.Diff(ctx)
		if err != nil {
			return nil, err
		}
		s.Scanned, s.StaleFiles = true, d.Stale()
		s.TooLargeFiles, s.UnreadableFiles = len(d.TooLarge), len(d.Unreadable)
	}
	s.ChunkerVersion, _ = e.db.Meta(ctx, "chunking")
	s.ChunkingStale = s.ChunkerVersion != "" && s.ChunkerVersion != e.IdentityOf().Chunking
	if e.opts.Embedder == nil {
		s.Embedder, s.KeywordOnly = "none", "no embedder configured (embedder none)"
		return s, nil
	}
	id := e.opts.Embedder.Identity()
	s.Embedder, s.Model, s.Dims = id.Provider, id.Model, id.Dims
	if s.Dims == 0 {
		s.Dims = st.Dims // not learned yet in this process
	}
	if foreign, err := e.Foreign(ctx); err != nil {
		return nil, err
	} else if foreign != "" {
		s.KeywordOnly = e.ForeignWarning(foreign).Error()
	} else if st.Chunks > 0 && st.Vectors == 0 {
		s.KeywordOnly = "no chunk has a vector yet (embedding failed or pending); run index"
	}
	return s, nil
}
