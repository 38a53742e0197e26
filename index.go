package memweave

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/indexer"
)

// IndexResult counts what an index run did. Its Warnings name the files
// that were skipped or could not be read, and embedding failures.
type IndexResult = indexer.Result

// IndexOption sets a per-call option of [Weave.Index]. Options not given
// keep their defaults.
type IndexOption func(*indexer.SyncOptions)

// Force re-reads, re-chunks and re-stores every file, ignoring sizes,
// times and hashes. Embeddings still come from the cache.
func Force() IndexOption { return func(o *indexer.SyncOptions) { o.Force = true } }

// Progress calls fn after each batch of files with the number of files
// done and the number to do.
func Progress(fn func(done, total int)) IndexOption {
	return func(o *indexer.SyncOptions) { o.Progress = fn }
}

// LockTimeout bounds the wait for another index run, in this or another
// process, to finish; past it Index fails with [ErrBusy]. Default: wait
// as long as ctx allows. A timeout <= 0 is an error.
func LockTimeout(d time.Duration) IndexOption {
	return func(o *indexer.SyncOptions) {
		o.LockTimeout = d
		if d <= 0 {
			o.LockTimeout = -1
		}
	}
}

// Index brings the index up to date with the files: new and changed files
// are chunked and embedded (cache misses only), files pending embeddings
// are retried, deleted files removed. A file whose size and mtime are
// unchanged is skipped without being read. Concurrent Index runs, in this
// or other processes, take turns.
//
// A long-lived Weave (not [Config.OneShot]) starts its file watcher at
// its second Index, search or status, as before a search: until then a
// run scans the workspace, later ones look only at the files the watcher's events
// named and those pending embeddings; every other file counts as
// skipped. [Force] scans and re-indexes every file.
func (w *Weave) Index(ctx context.Context, opts ...IndexOption) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	o := indexer.SyncOptions{Pending: true}
	for _, opt := range opts {
		opt(&o)
	}
	if o.LockTimeout < 0 {
		return nil, errors.New("memweave: index: LockTimeout must be positive")
	}
	warns, err := w.adoptSettings(ctx)
	if err != nil {
		return nil, err
	}
	res, err := w.sync(ctx, o)
	if res != nil && len(warns) > 0 {
		res.Warnings = append(warns, res.Warnings...)
	}
	return res, err
}

// adoptSettings makes the index match the workspace's settings before an
// index run: the explicit act that re-embeds an index built with another
// embedder, or re-chunks one built with other chunking. It writes the
// settings file when the workspace has none. An index built with another
// embedder than the default one, in a workspace whose settings file does
// not say so, is an error: the embedder it was built with is unknown.
func (w *Weave) adoptSettings(ctx context.Context) ([]Warning, error) {
	foreign, err := w.eng.Foreign(ctx)
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	settings := w.settings
	w.mu.Unlock()
	var warns []Warning
	if foreign != "" {
		// Without a settings file the index's embedder is unknown, unless
		// it is the offline hash embedder (an older version of it, say),
		// whose vectors cost nothing to compute again.
		hashToHash := strings.HasPrefix(foreign, "hash/") && strings.HasPrefix(w.eng.IdentityOf().Embedder, "hash/")
		if settings == nil && !w.explicitEmbedder && !hashToHash {
			return nil, fmt.Errorf("memweave: index: the index was built with embedder %s, and the workspace has no %s saying so; name that embedder once (memweave config), or name another to re-embed with it: %w",
				foreign, SettingsFile, ErrSettingsMismatch)
		}
		warns = append(warns, Warning{Err: fmt.Errorf("re-embedding every chunk: the index was built with embedder %s, the workspace's is %s", foreign, w.eng.IdentityOf().Embedder)})
	}
	if settings == nil {
		w.mu.Lock()
		err := w.saveSettings(ctx)
		w.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
	return warns, w.eng.Reconcile(ctx)
}

// sync runs an index run with options o: a full scan, or for a
// long-lived Weave the files its watcher saw change.
func (w *Weave) sync(ctx context.Context, o indexer.SyncOptions) (*IndexResult, error) {
	if o.Force || !w.startOnDemand() {
		return w.eng.Sync(ctx, o)
	}
	return freshness.SyncThrough(ctx, w.eng, &w.watch, o)
}

// Add indexes the given Markdown files, in the workspace or an extra
// path and never in .memweave, now (else an error naming the rule; see
// indexer.Engine.AddPaths). One outside memory/ and the extra paths gets
// source "external" and is kept by later index runs, but lives only in
// the index: a rebuilt index does not find it. To keep such a file,
// list it in the settings file's extra_paths (with [WriteSettings]), as
// the CLI's add does. A missing file wraps [ErrNotFound].
func (w *Weave) Add(ctx context.Context, paths ...string) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	return w.add(ctx, indexer.SyncOptions{}, paths...)
}

// add is [Weave.Add] with options: a note's writer bounds the wait for
// its vectors (see [indexer.SyncOptions.EmbedTimeout]).
func (w *Weave) add(ctx context.Context, opts indexer.SyncOptions, paths ...string) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, err := w.eng.AddPaths(ctx, opts, paths...)
	if err != nil {
		return res, fmt.Errorf("memweave: %w", err)
	}
	return res, nil
}
