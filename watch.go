package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/watcher"
)

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
	o := w.watchOptions(false)
	for _, opt := range opts {
		opt(&o)
	}
	if o.Debounce < 0 || o.PollInterval < 0 {
		return errors.New("memweave: watch: Debounce and PollInterval must be positive")
	}
	err := freshness.Start(ctx, w.eng, w.db, &w.watch, o, syncLockTimeout, w.cfg.Logger)
	switch {
	case errors.Is(err, watcher.ErrClosed):
		return ErrClosed
	case errors.Is(err, watcher.ErrRunning):
		return ErrWatching
	case err != nil:
		return fmt.Errorf("memweave: watch: %w", err)
	}
	return nil
}

// startOnDemand starts the watcher that a long-lived Weave's searches
// drain, once, at the handle's second freshness check (search, index or
// status): a Weave opened for a single search never pays for a watch per
// folder. Not for a [Config.OneShot] Weave, nor after a watcher stopped.
// It reports whether a watcher runs.
func (w *Weave) startOnDemand() bool {
	if w.cfg.OneShot || w.watch.Done() != nil || w.watch.Running() {
		return w.watch.Running()
	}
	w.mu.Lock()
	first := !w.checked
	w.checked = true
	w.mu.Unlock()
	if first {
		return false
	}
	err := freshness.Start(context.Background(), w.eng, w.db, &w.watch, w.watchOptions(true), syncLockTimeout, w.cfg.Logger)
	if err != nil && !errors.Is(err, watcher.ErrRunning) && !errors.Is(err, watcher.ErrClosed) {
		w.cfg.Logger.Warn("memweave: no file watcher; searches scan the workspace", "err", err)
	}
	return w.watch.Running()
}

// watchOptions are the watcher options every watcher of w shares; its
// barrier files go in .sync beside the index, whose own writes do not
// fill it with events.
func (w *Weave) watchOptions(onDemand bool) watcher.Options {
	return watcher.Options{Root: w.cfg.Workspace, ExtraPaths: w.cfg.ExtraPaths, SyncDir: filepath.Join(filepath.Dir(w.cfg.DBPath), ".sync"),
		OnDemand: onDemand, Logger: w.cfg.Logger}
}

// syncWatched is [freshness.SyncWatched] through w's watcher, started on
// demand; ok is false when none serves and the caller scans instead.
func (w *Weave) syncWatched(ctx context.Context) (warns []Warning, ok bool) {
	if !w.startOnDemand() {
		return nil, false
	}
	return freshness.SyncWatched(ctx, w.eng, &w.watch, syncLockTimeout)
}

// refresh is the freshness check before a read that is not a search:
// through the watcher, or by a stat scan.
func (w *Weave) refresh(ctx context.Context) []Warning {
	if warns, ok := w.syncWatched(ctx); ok {
		return warns
	}
	return w.eng.Refresh(ctx, syncLockTimeout)
}

// watcherStatus is [freshness.WatcherState] for w.
func (w *Weave) watcherStatus(ctx context.Context) (WatchState, int) {
	return freshness.WatcherState(ctx, w.db, &w.watch)
}
