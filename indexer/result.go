package indexer

import (
	"time"

	"github.com/memweave/memweave-go/embedcache"
	"github.com/memweave/memweave-go/workspace"
)

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
	// NoteChunks, set by [Engine.Write], is the number of chunks the
	// written note has in the index when Write returns, whoever indexed
	// them: ChunksCreated counts only those this call created, 0 when a
	// watcher indexed the file first or the content was unchanged.
	NoteChunks int `json:"note_chunks,omitempty"`
	// Indexed and Deleted are the paths the run re-indexed (or found
	// unchanged after reading them) and removed, sorted.
	Indexed []string `json:"-"`
	Deleted []string `json:"-"`

	// deferred are the texts a run left for a networked embedder, one
	// entry per written group: the run stored those files pending, under
	// the lock, and embeds the texts after releasing it (see
	// [Engine.embedDeferred]).
	deferred []deferredGroup
}

// deferredGroup is a group's texts left for a networked embedder, by
// cache key, and the files whose chunks hold them.
type deferredGroup struct {
	texts map[embedcache.Key]string
	files []workspace.File
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
	// EmbedTimeout bounds the embedding of a networked embedder after
	// the run's write; past it the files stay pending, searchable by
	// keyword, until the next index run. 0: the embedder's own
	// deadlines only.
	EmbedTimeout time.Duration
	// Refresh marks a run of [Engine.SyncPaths] that only brings the
	// paths up to date (a search's or a watcher's): while it waits for
	// the lock it asks every so often whether they are still stale, and
	// once another run (another process's) has indexed them as they are
	// now, it stops waiting and does nothing. [Check.Finish] and
	// [Engine.SyncStale] always do so.
	Refresh bool

	// again marks the run that stores vectors embedded after a first
	// run: what it still lacks stays pending rather than being embedded
	// again, so a file that keeps changing cannot keep a run going.
	again bool
}
