package freshness

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/watcher"
)

// Keeper keeps one handle's index fresh through the handle's watcher
// slot: it starts a watcher on demand at
// the handle's second freshness check, so that a handle opened for a
// single search never pays for a watch per folder.
type Keeper struct {
	Slot        *watcher.Slot // the running or last watcher
	Engine      *indexer.Engine
	DB          *index.DB
	Root        string        // the workspace
	ExtraPaths  []string      // watched beside the workspace
	DBPath      string        // the index file; barrier files go in .sync beside it
	OneShot     bool          // never start a watcher on demand
	LockTimeout time.Duration // a freshness check's wait for the index lock
	Logger      *slog.Logger
	// Relearn, when set, runs before each pass of a background watcher
	// ([Keeper.Watch]): a pass it reports done (an index run that learned
	// the embedder again) stands for the watcher's own.
	Relearn func(ctx context.Context) (res *indexer.Result, done bool, err error)

	mu      sync.Mutex
	checked bool // a freshness check ran: the next one starts the watcher
}

// SyncDirName is the folder, beside the index, where a watcher creates
// and removes its barrier files ([watcher.Options.SyncDir]).
const SyncDirName = ".sync"

// Options are the watcher options every watcher of k shares; its barrier
// files go in [SyncDirName] beside the index, whose own writes do not
// fill it with events.
func (k *Keeper) Options(onDemand bool) watcher.Options {
	return watcher.Options{Root: k.Root, ExtraPaths: k.ExtraPaths, SyncDir: filepath.Join(filepath.Dir(k.DBPath), SyncDirName),
		OnDemand: onDemand, Logger: k.Logger}
}

// Watch starts a background watcher with options o in k's slot
// (start). It fails with [index.ErrClosed] once the slot is closed,
// with [watcher.ErrRunning] while a watcher runs, and for a negative
// Debounce or PollInterval.
func (k *Keeper) Watch(ctx context.Context, o watcher.Options) error {
	if o.Debounce < 0 || o.PollInterval < 0 {
		return errors.New("memweave: watch: Debounce and PollInterval must be positive")
	}
	err := start(ctx, k.Engine, k.DB, k.Slot, o, k.LockTimeout, k.Logger, k.Relearn)
	switch {
	case errors.Is(err, watcher.ErrClosed):
		return index.ErrClosed
	case errors.Is(err, watcher.ErrRunning):
		return watcher.ErrRunning
	case err != nil:
		return fmt.Errorf("memweave: watch: %w", err)
	}
	return nil
}

// StartOnDemand starts, once, at the second freshness check, the watcher
// whose events a long-lived handle's checks drain; not when k is
// OneShot, nor after a watcher stopped. It reports whether a watcher runs.
func (k *Keeper) StartOnDemand() bool {
	if k.OneShot || k.Slot.Done() != nil || k.Slot.Running() {
		return k.Slot.Running()
	}
	k.mu.Lock()
	first := !k.checked
	k.checked = true
	k.mu.Unlock()
	if first {
		return false
	}
	err := start(context.Background(), k.Engine, k.DB, k.Slot, k.Options(true), k.LockTimeout, k.Logger, nil)
	if err != nil && !errors.Is(err, watcher.ErrRunning) && !errors.Is(err, watcher.ErrClosed) {
		k.Logger.Warn("memweave: no file watcher; searches scan the workspace", "err", err)
	}
	return k.Slot.Running()
}

// Sync runs an index run with options o: a full scan, or the files the
// watcher saw change when one runs (syncThrough).
func (k *Keeper) Sync(ctx context.Context, o indexer.SyncOptions) (*indexer.Result, error) {
	if o.Force || !k.StartOnDemand() {
		return k.Engine.Sync(ctx, o)
	}
	return syncThrough(ctx, k.Engine, k.Slot, o)
}

// SyncWatched is syncWatched through k's watcher, started on demand;
// ok is false when none serves and the caller scans instead.
func (k *Keeper) SyncWatched(ctx context.Context) (warns []indexer.Warning, ok bool) {
	if !k.StartOnDemand() {
		return nil, false
	}
	return syncWatched(ctx, k.Engine, k.Slot, k.LockTimeout)
}

// Refresh is the freshness check before a read that is not a search:
// through the watcher, or by a stat scan.
func (k *Keeper) Refresh(ctx context.Context) []indexer.Warning {
	if warns, ok := k.SyncWatched(ctx); ok {
		return warns
	}
	return k.Engine.Refresh(ctx, k.LockTimeout)
}

// WatcherState is watcherState for k's slot and index.
func (k *Keeper) WatcherState(ctx context.Context) (watcher.State, int) {
	return watcherState(ctx, k.DB, k.Slot)
}
