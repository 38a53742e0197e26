package memweave

import (
	"context"
	"errors"
	"fmt"
	"github.com/memweave/memweave-go/conflict"
	"os"
	"sync"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/postprocess"
	"github.com/memweave/memweave-go/watcher"
)

// Weave is a memory workspace: Markdown files under memory/ and the index
// built from them. A Weave is safe for concurrent use by multiple
// goroutines, and several processes may open the same workspace.
type Weave struct {
	cfg Config
	db  *index.DB
	emb embed.Embedder // nil: keyword-only
	eng *indexer.Engine
	// claims keeps the claims parsed from result texts for the
	// supersede stage of every search.
	claims conflict.Claims

	// mu guards the fields below.
	mu     sync.Mutex
	procs  []postprocess.Postprocessor
	closed bool
	// watch holds the running or last watcher.
	watch watcher.Slot
}

// Open opens the workspace described by cfg, creating its index when
// missing. If the embedder or chunker differs from the one the index was
// built with, the next [Weave.Index] rebuilds what changed. An append
// that a killed process left torn is undone first ([memfile.Recover]), so
// no index run reads half a note.
func Open(ctx context.Context, cfg Config) (*Weave, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(cfg.Workspace); err != nil {
		return nil, fmt.Errorf("memweave: open workspace %s: %w", cfg.Workspace, err)
	} else if !fi.IsDir() {
		return nil, fmt.Errorf("memweave: open workspace %s: not a folder", cfg.Workspace)
	}
	emb, err := embed.New(cfg.Embedder)
	if err != nil {
		return nil, &ConfigError{Field: "Embedder", Err: err}
	}
	if err := memfile.Recover(ctx, cfg.Workspace); err != nil {
		return nil, fmt.Errorf("memweave: open workspace %s: %w", cfg.Workspace, err)
	}
	db, err := index.Open(ctx, cfg.DBPath, index.Options{})
	if err != nil {
		return nil, err
	}
	w := &Weave{cfg: cfg, db: db, emb: emb}
	w.eng = indexer.New(db, indexer.Options{
		Root: cfg.Workspace, ExtraPaths: cfg.ExtraPaths, MaxFileBytes: cfg.MaxFileBytes,
		Chunk:    chunker.Options{MaxTokens: cfg.ChunkTokens, Overlap: cfg.ChunkOverlap},
		Embedder: emb, CacheMaxEntries: cfg.CacheMaxEntries, Logger: cfg.Logger,
	})
	if err := w.eng.Reconcile(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return w, nil
}

// Config returns the effective configuration, defaults filled in. The
// embedding API key is never returned: Embedder.APIKey is "".
func (w *Weave) Config() Config {
	c := w.cfg
	c.Embedder.APIKey = ""
	c.ExtraPaths = append([]string(nil), c.ExtraPaths...)
	return c
}

// Use registers custom postprocessors; they run after the built-in
// stages, in registration order.
func (w *Weave) Use(p ...postprocess.Postprocessor) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.procs = append(w.procs, p...)
}

func (w *Weave) checkOpen() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	return nil
}

// Close stops the watcher, if any, waits for it, waits for a running index
// run and closes the index. It returns the first error, such as the one
// that made the watcher fail.
func (w *Weave) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	w.mu.Unlock()
	var first error
	if err := w.watch.Close(); err != nil && !errors.Is(err, index.ErrClosed) {
		first = err
	}
	w.eng.Close()
	if err := w.db.Close(); err != nil && first == nil {
		first = err
	}
	return first
}

// now returns the current time in the configured time zone.
func (w *Weave) now() time.Time { return w.cfg.Now().In(w.cfg.TimeZone) }
