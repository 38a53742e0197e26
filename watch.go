package memweave

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/freshness"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/watcher"
)

// WatchState is a watcher's state, as reported by [Status].Watcher and
// [OnState].
type WatchState = watcher.State

// Watcher states.
const (
	// WatchActive means the watcher receives the operating system's file
	// events.
	WatchActive = watcher.Active
	// WatchPolling means the operating system's watcher failed or its
	// event queue overflowed, and the watcher scans the files by stat
	// every poll interval instead.
	WatchPolling = watcher.Polling
	// WatchFailed means the watcher stopped on an error; [Weave.Close]
	// returns it.
	WatchFailed = watcher.Failed
	// WatchOff means no watcher runs.
	WatchOff = watcher.Off
)

// WatchEvent reports one file the watcher re-indexed or removed; see
// [watcher.Event].
type WatchEvent = watcher.Event

// ErrWatching is returned by [Weave.Watch] when a watcher already runs
// (it is watcher.ErrRunning).
var ErrWatching = watcher.ErrRunning

// WatchOption sets a per-call option of [Weave.Watch].
type WatchOption func(*watcher.Options)

// Debounce sets how long the watcher waits after the last file event
// before re-indexing, so that a burst of events (an editor's save, a git
// checkout) costs one run; a steady stream is flushed at least every four
// periods. Default 1500ms; it must be positive.
func Debounce(d time.Duration) WatchOption {
	return func(o *watcher.Options) { o.Debounce = cmp.Or(d, -1) }
}

// PollInterval sets the period of the stat scans that replace file events
// when the operating system's watcher is unavailable; a polling watcher
// tries file events again every twelve intervals. Default 5s; it must be
// positive.
func PollInterval(d time.Duration) WatchOption {
	return func(o *watcher.Options) { o.PollInterval = cmp.Or(d, -1) }
}

// OnChange calls fn, from the watcher's goroutine, after each file the
// watcher re-indexed or removed. fn must not call [Weave.Close].
func OnChange(fn func(WatchEvent)) WatchOption {
	return func(o *watcher.Options) { o.OnChange = fn }
}

// OnState calls fn, from the watcher's goroutine, when the watcher's state
// changes, with the error that caused it, if any. fn must not call
// [Weave.Close].
func OnState(fn func(WatchState, error)) WatchOption {
	return func(o *watcher.Options) { o.OnState = fn }
}

// Watch starts a watcher that keeps the index up to date with the files
// as they change, and returns once it is started. The watcher belongs to
// the Weave: it stops when ctx is cancelled or the Weave is closed, and
// [Weave.Close] waits for it and returns its error, if it failed. One
// watcher runs at a time; Watch returns [ErrWatching] while one does.
//
// The watcher (package watcher) subscribes to file events for memory/ and
// every folder below it, the workspace root and the extra paths. After a
// burst of events settles it syncs the index the way the sync before a
// search does: the same freshness diff, the same re-index and removal. It
// syncs once when it starts, to catch up. If the operating system's
// watcher fails or overflows, it polls instead and [Status] says
// "polling". Its index runs take the same lock as [Weave.Index].
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
	poll := cmp.Or(o.PollInterval, watcher.DefaultPollInterval)
	o.Heartbeat = func(s WatchState) { w.heartbeat(s, poll) }
	err := w.watch.Start(ctx, watcher.SyncFunc(w.watchSync), o)
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

// watchSync is the watcher's [watcher.Syncer]: see
// [freshness.WatchSync].
func (w *Weave) watchSync(ctx context.Context, ch watcher.Changes) ([]WatchEvent, error) {
	return freshness.WatchSync(ctx, w.eng, ch, syncLockTimeout)
}

// startOnDemand starts the watcher that a long-lived Weave's searches
// drain, once, at the handle's second freshness check (search, index or
// status): the first one scans, so that a Weave opened for a single
// search never pays for a watch per folder. Not for a [Config.OneShot]
// Weave, and not again after a watcher stopped. It reports whether a
// watcher runs.
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
	err := w.watch.Start(context.Background(), watcher.SyncFunc(w.watchSync), w.watchOptions(true))
	if err != nil && !errors.Is(err, watcher.ErrRunning) && !errors.Is(err, watcher.ErrClosed) {
		w.cfg.Logger.Warn("memweave: no file watcher; searches scan the workspace", "err", err)
	}
	return w.watch.Running()
}

// syncDir is the folder beside the index where a watcher creates its
// barrier files: one that the index's own writes do not fill with events.
const syncDir = ".sync"

// watchOptions are the watcher options every watcher of w shares.
func (w *Weave) watchOptions(onDemand bool) watcher.Options {
	return watcher.Options{Root: w.cfg.Workspace, ExtraPaths: w.cfg.ExtraPaths, SyncDir: filepath.Join(filepath.Dir(w.cfg.DBPath), syncDir),
		OnDemand: onDemand, Logger: w.cfg.Logger, Fatal: isFatal}
}

// syncWatched brings the index up to date with the files through the
// Weave's watcher, started on demand, and returns what the sync warned
// about. ok is false when no watcher serves (a one-shot Weave, or its
// watcher stopped): the caller scans instead.
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

// isFatal reports whether a sync error should stop the watcher: the index
// is damaged or closed, so retrying cannot help.
func isFatal(err error) bool {
	return errors.Is(err, index.ErrCorrupt) || errors.Is(err, index.ErrClosed)
}

// heartbeat records the watcher's state, process and time in the index,
// so that Status in other processes can report it. It is best effort.
func (w *Weave) heartbeat(state WatchState, poll time.Duration) {
	hb := watcher.Heartbeat{State: state, PID: pid, At: time.Now(), Poll: poll}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := w.db.SetMetaQuiet(ctx, "watcher", hb.String()); err != nil {
		w.cfg.Logger.Debug("memweave: watch: heartbeat", "err", err)
	}
}

// watcherStatus returns the state of this process's background watcher
// (started by [Weave.Watch]) or, when it runs none, of another process's
// watcher that has reported recently. The watcher a long-lived Weave's
// searches start on demand does not count: it indexes nothing by itself.
func (w *Weave) watcherStatus(ctx context.Context) (WatchState, int) {
	if state := w.watch.State(); state != WatchOff && !w.watch.OnDemand() {
		return state, pid
	}
	if hb, _ := w.db.Meta(ctx, "watcher"); hb != "" {
		return watcher.ParseHeartbeat(hb, time.Now())
	}
	return WatchOff, 0
}
