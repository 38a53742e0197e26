package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/internal/ctlesc"
	"github.com/memweave/memweave-go/settings"
	"github.com/memweave/memweave-go/trust"
	"github.com/memweave/memweave-go/watcher"
)

// The types of an index run; package indexer documents them.
type (
	// IndexResult counts what an index run did; its Warnings name the
	// files skipped or unreadable, and embedding failures.
	IndexResult = indexer.Result
	// IndexOption sets a per-call option of [Weave.Index]; options not
	// given keep their defaults.
	IndexOption func(*indexer.SyncOptions)
)

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
// are retried, deleted files removed; a file whose size and mtime are
// unchanged is not read. Concurrent runs, in any process, take turns. A
// long-lived Weave (not [Config.OneShot]) starts its watcher at its second
// Index, search or status; later runs look only at the files its events
// named and those pending embeddings. [Force] re-indexes every file.
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
	return w.index(ctx, o, w.fresh.Sync)
}

// index is [Weave.Index] with its options o, its pass run by run: the
// handle's freshness keeper for Index, the engine itself for a pass of
// the background watcher ([Weave.relearnPass]), which runs inside the
// watcher and may not wait for it.
func (w *Weave) index(ctx context.Context, o indexer.SyncOptions, run func(context.Context, indexer.SyncOptions) (*IndexResult, error)) (*IndexResult, error) {
	// Match the index to the settings first; write the settings file
	// when there is none ([indexer.Engine.AdoptSettings]).
	w.mu.Lock()
	known := w.settings != nil
	w.mu.Unlock()
	if r, ok := w.emb.(relearner); ok {
		// A server whose vectors changed length since this process
		// learned it: learn it again, as a fresh process would, and
		// re-embed below, instead of failing every pass until a restart.
		r.Relearn()
	}
	learning := w.eng.IdentityOf().Dims == 0
	warns, err := w.adoptSettings(ctx, known)
	if err != nil {
		return nil, err
	}
	res, err := run(ctx, o)
	if err == nil && learning && w.eng.IdentityOf().Dims > 0 {
		// The embedder learned its dimensions from this run's first
		// answer, and they may not be the index's (a model swapped
		// behind the same name): then the run could only leave its
		// chunks pending. Index again, now knowing them, which re-embeds
		// every chunk, as a second run in this process would.
		if foreign, ferr := w.eng.Foreign(ctx); ferr == nil && foreign != "" {
			again, err := w.index(ctx, o, run)
			if again != nil {
				again.EmbeddingsComputed += res.EmbeddingsComputed
			}
			return again, err
		}
	}
	if res != nil && len(warns) > 0 {
		res.Warnings = append(warns, res.Warnings...)
	}
	return res, err
}

// adoptSettings matches the index to this Weave's settings before a run
// ([indexer.Engine.AdoptSettings]), unless the settings file changed
// since this Weave read it: a long-lived process must not re-chunk or
// re-embed the index by settings older than the file's. The run then
// stores what it indexes pending (see [indexer.ErrChunkingChanged]), for
// the next index run of a process that reads the file as it is, and
// warns once, naming the file and what to do.
func (w *Weave) adoptSettings(ctx context.Context, known bool) ([]indexer.Warning, error) {
	written, _, err := w.settingsChanged(ctx)
	if err != nil {
		return []indexer.Warning{{Path: SettingsFile, Err: err}}, nil
	}
	return w.eng.AdoptSettings(ctx, known || written, w.explicitEmbedder, func() error { return w.saveSettings(ctx) })
}

// settingsChanged compares the settings file with the settings this
// Weave started with, in one read ([settings.Since]): an error wrapping
// [ErrSettingsChanged] that says what to do when the file's embedder or
// chunking changed since; written when another process wrote an
// equivalent file where there was none; extra when the file lists other
// extra paths than the one this Weave read.
func (w *Weave) settingsChanged(ctx context.Context) (written, extra bool, err error) {
	w.mu.Lock()
	started, startedExtra := w.Settings(), []string(nil)
	if w.settings != nil {
		started, startedExtra = *w.settings, w.settings.ExtraPaths
	}
	w.mu.Unlock()
	written, extra, err = settings.Since(ctx, w.cfg.Workspace, started, startedExtra)
	if err != nil {
		return false, false, fmt.Errorf("%w since this process (pid %d) started, which indexes by its own settings until restarted: what it indexes waits, pending, for 'memweave index'; to use the file's, %s", err, os.Getpid(), w.restartAdvice())
	}
	return written, extra, nil
}

// outdated reports, for a long-lived process, that it runs with settings
// it would not start with now: the settings file's embedder, chunking or
// extra paths changed ([Weave.settingsChanged]), or a value of it left
// unapproved at start has been approved since. Either way a restart, the
// one path that re-reads and re-checks the file, is what helps; nil when
// none.
func (w *Weave) outdated(ctx context.Context) error {
	_, extra, err := w.settingsChanged(ctx)
	switch {
	case err != nil:
		return fmt.Errorf("%s: %w", SettingsFile, err)
	case extra:
		return fmt.Errorf("%s: its extra_paths changed since this process (pid %d) started, which scans and keeps only its own until restarted: %s",
			SettingsFile, os.Getpid(), w.restartAdvice())
	}
	since := trust.ApprovedSince(w.cfg.Workspace, w.ignored)
	if len(since) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s approved on this machine since this process (pid %d) started, which uses an approval only once restarted: %s",
		SettingsFile, trust.Describe(since), os.Getpid(), w.restartAdvice())
}

// restartAdvice tells to restart this process: with its command
// ([Config.RestartCommand]) when known, else which of memweave's
// commands it may be.
func (w *Weave) restartAdvice() string {
	if w.cfg.RestartCommand != "" {
		return "restart it with: " + w.cfg.RestartCommand
	}
	return "restart it (watch, mcp)"
}

// ErrSettingsChanged is wrapped by the warning of an index run of a Weave
// whose settings file's embedder or chunking changed since it read it.
var ErrSettingsChanged = settings.ErrChanged

// relearner is an embedder that learns its vectors' length from its
// server ([embed.OpenAI.Relearn]).
type relearner interface{ Relearn() bool }

// relearnPass runs before each pass of the background watcher: when the
// embedder's server changed the length of its vectors since the last
// pass, the pass is [Weave.Index]'s (learn the length again, re-embed
// every chunk), as the next Index would, instead of warning on every
// pass until one runs. done is false when there was nothing to learn.
func (w *Weave) relearnPass(ctx context.Context) (res *IndexResult, done bool, err error) {
	r, ok := w.emb.(relearner)
	if !ok || !r.Relearn() {
		return nil, false, nil
	}
	res, err = w.index(ctx, indexer.SyncOptions{Pending: true, LockTimeout: w.fresh.LockTimeout}, w.eng.Sync)
	return res, true, err
}

// Rebuild builds a fresh index of the workspace cfg describes beside the
// index file, reusing its embedding cache, then swaps it in, and returns
// what the build did. Index runs of every process wait meanwhile; searches
// read the old index until the swap. A damaged index ([ErrCorruptIndex])
// is replaced; a file memweave did not create is left alone.
// [indexer.Rebuild] explains how.
func Rebuild(ctx context.Context, cfg Config, opts ...IndexOption) (*IndexResult, error) {
	// Only the paths are filled in: Open fills in the rest from the
	// workspace's settings.
	if err := cfg.pathDefaults(); err != nil {
		return nil, err
	}
	if err := cfg.checkOwnFiles(); err != nil {
		return nil, fmt.Errorf("memweave: rebuild: %w", err)
	}
	return indexer.Rebuild(ctx, cfg.DBPath, func(ctx context.Context, path string, importCache bool) (*IndexResult, error) {
		tcfg := cfg
		tcfg.DBPath = path
		fresh, err := Open(ctx, tcfg)
		var res *IndexResult
		if err == nil {
			run := func(ctx context.Context) (*IndexResult, error) { return fresh.Index(ctx, opts...) }
			res, err = indexer.Fill(ctx, fresh.db, cfg.DBPath, importCache, run, fresh.Close)
		}
		if err != nil {
			return res, fmt.Errorf("memweave: rebuild: %w", err)
		}
		return res, nil
	})
}

// Add indexes the given Markdown files now, as [indexer.Engine.AddPaths]
// does: in the workspace or an extra path, never in .memweave. A file
// outside memory/ and the extra paths gets source "external" and lives
// only in the index (a rebuild drops it) unless the settings file's
// extra_paths list it. A missing file wraps [ErrNotFound].
func (w *Weave) Add(ctx context.Context, paths ...string) (*IndexResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	res, err := w.eng.AddPaths(ctx, indexer.SyncOptions{}, paths...)
	return res, wrap(err)
}

// The types of a watcher; package watcher documents them.
type (
	// WatchState is a watcher's state, as [Status].Watcher and [OnState]
	// report it.
	WatchState = watcher.State
	// WatchEvent reports one file the watcher re-indexed or removed.
	WatchEvent = watcher.Event
	// WatchOption sets a per-call option of [Weave.Watch] ([watcher.Options]).
	WatchOption func(*watcher.Options)
)

// Watcher states.
const (
	WatchActive  = watcher.Active  // receiving the operating system's file events
	WatchPolling = watcher.Polling // scanning by stat every poll interval instead
	WatchFailed  = watcher.Failed  // stopped on an error, which [Weave.Close] returns
	WatchOff     = watcher.Off     // no watcher runs
)

// ErrWatching is returned by [Weave.Watch] when a watcher already runs.
var ErrWatching = watcher.ErrRunning

// Debounce sets how long the watcher waits after the last file event
// before re-indexing (default 1500ms; it must be positive).
func Debounce(d time.Duration) WatchOption {
	return func(o *watcher.Options) { o.Debounce = cmp.Or(d, -1) }
}

// PollInterval sets the period of the stat scans that replace file events
// when the operating system's watcher fails (default 5s; positive).
func PollInterval(d time.Duration) WatchOption {
	return func(o *watcher.Options) { o.PollInterval = cmp.Or(d, -1) }
}

// OnChange calls fn, from the watcher's goroutine, after each file the
// watcher re-indexed or removed. fn must not call [Weave.Close].
func OnChange(fn func(WatchEvent)) WatchOption { return func(o *watcher.Options) { o.OnChange = fn } }

// OnState calls fn, from the watcher's goroutine, when the watcher's state
// changes, with the error that caused it, if any. fn must not call
// [Weave.Close].
func OnState(fn func(WatchState, error)) WatchOption {
	return func(o *watcher.Options) { o.OnState = fn }
}

// Watch starts a watcher (package watcher explains it) that keeps the
// index up to date with the files as they change, and returns once it is
// started. It stops when ctx is cancelled or the Weave is closed;
// [Weave.Close] waits for it and returns its error. One watcher runs at a
// time; Watch returns [ErrWatching] while one does.
func (w *Weave) Watch(ctx context.Context, opts ...WatchOption) error {
	if err := w.checkOpen(); err != nil {
		return err
	}
	o := w.fresh.Options(false)
	for _, opt := range opts {
		opt(&o)
	}
	return w.fresh.Watch(ctx, o)
}

// startOnDemand is [freshness.Keeper.StartOnDemand] for w.
func (w *Weave) startOnDemand() bool { return w.fresh.StartOnDemand() }

// watcherStatus is [freshness.Keeper.WatcherState] for w.
func (w *Weave) watcherStatus(ctx context.Context) (WatchState, int) {
	return w.fresh.WatcherState(ctx)
}

// CheckReport is what [Weave.Check] found and fixed; see
// [indexer.CheckReport].
type CheckReport = indexer.CheckReport

// CheckOption sets a per-call option of [Weave.Check].
type CheckOption = indexer.CheckOption

// Repair makes [Weave.Check] fix what it finds.
func Repair() CheckOption { return indexer.Repair() }

// Check verifies the index against the files (every file is read and
// hashed) and itself, and reports problems in its result; with [Repair]
// it fixes them, a damaged database by [Rebuild]. See
// [indexer.Engine.Verify].
func (w *Weave) Check(ctx context.Context, opts ...CheckOption) (*CheckReport, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	rebuild := func(ctx context.Context) (*IndexResult, error) { return Rebuild(ctx, w.cfg) }
	return w.eng.Verify(ctx, rebuild, opts...)
}

// Status describes a workspace's index, its watcher and its sync state;
// see [indexer.Status] for its fields.
type Status = indexer.Status

// StatusOption sets a per-call option of [Weave.Status].
type StatusOption func(*statusSettings)

type statusSettings struct{ noScan bool }

// NoScan makes Status cheap: it reads the index's counts and does not
// walk the workspace or ask git, so Status.Scanned is false and
// Status.Sync nil.
func NoScan() StatusOption { return func(s *statusSettings) { s.noScan = true } }

// Status reports the index's state. Unless [NoScan] is given it includes
// a stat scan of the workspace for files changed since the last index run.
func (w *Weave) Status(ctx context.Context, opts ...StatusOption) (*Status, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var o statusSettings
	for _, opt := range opts {
		opt(&o)
	}
	s, err := w.eng.Status(ctx, !o.noScan)
	if err != nil {
		return nil, err
	}
	s.Workspace, s.DBPath = w.cfg.Workspace, w.cfg.DBPath
	if !w.cfg.OneShot {
		// A long-lived process started before the file changed: it,
		// not the index, is stale, and index would re-chunk nothing.
		if err := w.outdated(ctx); err != nil {
			s.SettingsChanged, s.ChunkingStale = err.Error(), false
		}
	}
	w.mu.Lock()
	if w.settings != nil {
		s.Settings = filepath.Join(w.cfg.Workspace, SettingsFile)
	}
	w.mu.Unlock()
	s.Watcher, s.WatcherPID = w.watcherStatus(ctx)
	s.Freshness, s.FreshnessReason = freshness.Mode(w.cfg.NoSyncOnSearch, w.cfg.OneShot, w.startOnDemand, &w.watch)
	if !o.noScan {
		if sst, err := w.SyncStatus(ctx); err != nil {
			s.SyncError = ctlesc.Unwrapped(err.Error()) // as the text form and a warning's JSON say it
		} else {
			s.Sync = sst
		}
	}
	return s, nil
}

// FileInfo describes one indexed file; see [indexer.FileInfo].
type FileInfo = indexer.FileInfo

// Files iterates over the indexed files, and those too large to index
// (TooLarge set), sorted by path, limited to the given sources when any
// are named. An error ends the iteration: it is yielded once with a zero
// FileInfo.
func (w *Weave) Files(ctx context.Context, sources ...string) iter.Seq2[FileInfo, error] {
	if err := w.checkOpen(); err != nil {
		return func(yield func(FileInfo, error) bool) { yield(FileInfo{}, err) }
	}
	return w.eng.Files(ctx, sources...)
}
