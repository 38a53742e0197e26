package indexer

import "time"

// Result counts what an index run did.
type Result struct {
	FilesScanned       int           `json:"files_scanned"`
	FilesIndexed       int           `json:"files_indexed"`
	FilesSkipped       int           `json:"files_skipped"`
	FilesDeleted       int           `json:"files_deleted"`
	FilesPending       int           `json:"files_pending"`
	ChunksCreated      int           `json:"chunks_created"`
	ChunksRemoved      int           `json:"chunks_removed"`
	EmbeddingsCached   int           `json:"embeddings_cached"`
	EmbeddingsComputed int           `json:"embeddings_computed"`
	Warnings           []Warning     `json:"warnings"`
	Duration           time.Duration `json:"-"`
	// DurationMS is Duration in whole milliseconds, for JSON.
	DurationMS int64 `json:"duration_ms"`
	// Indexed and Deleted are the paths the run re-indexed (or found
	// unchanged after reading them) and removed, sorted.
	Indexed []string `json:"-"`
	Deleted []string `json:"-"`
}

// SyncOptions tune [Engine.Sync].
type SyncOptions struct {
	// Force re-reads, re-chunks and re-stores every file.
	Force bool
	// Pending retries the embeddings of pending files too.
	Pending bool
	// Progress, when set, is called after each batch of files.
	Progress func(done, total int)
	// LockTimeout bounds the wait for the index lock; 0 waits as long as
	// ctx allows.
	LockTimeout time.Duration
}
