package memweave

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/workspace"
)

// WatchState is a watcher's state, as reported by [Status].Watcher and
// [WatchOptions].OnState.
type WatchState string

// Watcher states.
const (
	// WatchActive means the watcher receives the operating system's file
	// events.
	WatchActive WatchState = "active"
	// WatchPolling means the operating system's watcher failed or its
	// event queue overflowed, and the watcher scans the files by stat
	// every PollInterval instead.
	WatchPolling WatchState = "polling"
	// WatchFailed means the watcher stopped on an error; [Weave.Close]
	// returns it.
	WatchFailed WatchState = "failed"
	// WatchOff means no watcher runs.
	WatchOff WatchState = "off"
)

// ErrWatching is returned by [Weave.Watch] when a watcher already runs.
var ErrWatching = errors.New("memweave: already watching")

// WatchOptions configure [Weave.Watch]. The zero value means the defaults.
type WatchOptions struct {
	// Debounce is how long the watcher waits after the last file event
	// before re-indexing, so that a burst of events (an editor's save, a
	// git checkout) costs one run. A steady stream of events is flushed
	// at least every four Debounce periods. Default 1500ms.
	Debounce time.Duration
	// PollInterval is the period of the stat scans that replace file
	// events when the operating system's watcher is unavailable. While
	// polling, the watcher tries to return to file events every twelve
	// intervals. Default 5s.
	PollInterval time.Duration
	// OnChange, when set, is called after each file the watcher
	// re-indexed or removed from the index, from the watcher's goroutine.
	// It must not call [Weave.Close].
	OnChange func(ev WatchEvent)
	// OnState, when set, is called when the watcher's state changes (one
	// of the Watch* constants), with the error that caused it, if any,
	// from the watcher's goroutine. It must not call [Weave.Close].
	OnState func(state WatchState, err error)
}

// WatchEvent reports one file the watcher re-indexed or removed.
type WatchEvent struct {
	// Path is workspace-relative with '/' separators.
	Path string
	// Removed is true when the file was deleted from the index because it
	// is gone from disk.
	Removed bool
	// Err is set when the file could not be indexed: it was skipped, or
	// the run failed. The watcher retries failed runs.
	Err error
}

// Defaults of WatchOptions.
const (
	defaultDebounce     = 1500 * time.Millisecond
	defaultPollInterval = 5 * time.Second
	// pollsBeforeRetry is how many poll intervals pass before a polling
	// watcher tries the operating system's watcher again.
	pollsBeforeRetry = 12
	// maxDebounces bounds how long a stream of events defers a flush.
	maxDebounces = 4
)

// Watch starts a watcher that keeps the index up to date with the files
// as they change, and returns once it is started. The watcher belongs to
// the Weave: it stops when ctx is cancelled or the Weave is closed, and
// [Weave.Close] waits for it and returns its error, if it failed. One
// watcher runs at a time; Watch returns [ErrWatching] while one does.
//
// The watcher subscribes to file events (fsnotify) for memory/ and every
// folder below it, folders created later included, the workspace root
// (so that memory/ may be deleted and created again) and the extra
// paths. Symbolic links to folders are not followed for events; changes
// behind them are picked up by the next run. After a burst of events
// settles (Debounce), it re-indexes what changed: it runs the same stat
// scan as [Weave.Status] and the sync before a search, re-indexes the
// files that scan calls stale and deletes the rows of files that are
// gone. Editors' atomic saves (write a temporary file, rename it over)
// are one change. It also runs that scan once when it starts, to catch up
// with changes made while nothing watched.
//
// If the operating system's watcher cannot start, fails, or reports that
// its event queue overflowed, the watcher falls back to the same scan
// every PollInterval, and [Status] reports "polling".
//
// Index runs by the watcher take the same locks as [Weave.Index], so the
// watcher, other callers and other processes take turns.
func (w *Weave) Watch(ctx context.Context, opts WatchOptions) error {
	if err := w.checkOpen(); err != nil {
		return err
	}
	switch {
	case opts.Debounce < 0:
		return fmt.Errorf("memweave: watch: Debounce must not be negative, got %v", opts.Debounce)
	case opts.Debounce == 0:
		opts.Debounce = defaultDebounce
	}
	switch {
	case opts.PollInterval < 0:
		return fmt.Errorf("memweave: watch: PollInterval must not be negative, got %v", opts.PollInterval)
	case opts.PollInterval == 0:
		opts.PollInterval = defaultPollInterval
	}
	wt := newWatcher(w, opts)
	state, reason := WatchActive, wt.startOS()
	if reason != nil {
		state = WatchPolling
	}

	w.mu.Lock()
	if w.closed || w.watching() {
		err := ErrClosed
		if !w.closed {
			err = ErrWatching
		}
		w.mu.Unlock()
		wt.stopOS()
		return err
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	w.watch = watchState{stop: cancel, done: done, state: state}
	w.mu.Unlock()

	go func() {
		defer close(done)
		wt.notifyState(state, reason)
		err := wt.run(wctx)
		w.watch.fresh.Store(false)
		wt.stopOS()
		final := WatchOff
		if err != nil && wctx.Err() == nil && !errors.Is(err, ErrClosed) && !errors.Is(err, index.ErrClosed) {
			final = WatchFailed
		} else {
			err = nil // stopped, not failed
		}
		w.mu.Lock()
		w.watch.err, w.watch.state = err, final
		w.mu.Unlock()
		cancel()
		wt.notifyState(final, err)
	}()
	return nil
}

// watching reports whether a watcher runs. The caller holds w.mu.
func (w *Weave) watching() bool {
	if w.watch.done == nil {
		return false
	}
	select {
	case <-w.watch.done:
		return false
	default:
		return true
	}
}

// setWatchState records the watcher's state for Status.
func (w *Weave) setWatchState(s WatchState) {
	w.mu.Lock()
	w.watch.state = s
	w.mu.Unlock()
}

// Test hooks: newOSWatcher creates the operating system's watcher, and
// testHookOSWatcher, when set, sees each one created.
var (
	newOSWatcher      = fsnotify.NewWatcher
	testHookOSWatcher func(*fsnotify.Watcher)
)

// watcher is the state of one Watch: owned by its goroutine once started.
type watcher struct {
	w    *Weave
	opts WatchOptions
	// root and mem are the workspace and its memory folder, absolute.
	root, mem string
	// extraDirs and extraFiles are the extra paths, absolute.
	extraDirs  []string
	extraFiles map[string]bool

	// os is the operating system's watcher; nil while polling.
	os *fsnotify.Watcher
	// dirs are the folders os watches.
	dirs  map[string]bool
	state WatchState
}

func newWatcher(w *Weave, opts WatchOptions) *watcher {
	wt := &watcher{w: w, opts: opts, root: w.cfg.Workspace, mem: filepath.Join(w.cfg.Workspace, workspace.MemoryDir),
		extraFiles: make(map[string]bool)}
	for _, x := range w.cfg.ExtraPaths {
		p := x
		if !filepath.IsAbs(p) {
			p = filepath.Join(wt.root, p)
		}
		p = filepath.Clean(p)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			wt.extraDirs = append(wt.extraDirs, p)
		} else {
			wt.extraFiles[p] = true
		}
	}
	return wt
}

// startOS starts the operating system's watcher on every folder of
// interest. On error it leaves none running.
func (wt *watcher) startOS() error {
	fsw, err := newOSWatcher()
	if err != nil {
		return fmt.Errorf("memweave: watch: %w", err)
	}
	wt.os, wt.dirs = fsw, make(map[string]bool)
	if testHookOSWatcher != nil {
		testHookOSWatcher(fsw)
	}
	err = wt.add(wt.root)
	if err == nil {
		err = wt.addTree(wt.mem)
	}
	for _, d := range wt.extraDirs {
		if err == nil {
			err = wt.addTree(d)
		}
	}
	for f := range wt.extraFiles {
		if err == nil {
			err = wt.add(filepath.Dir(f))
		}
	}
	if err != nil {
		wt.stopOS()
		return fmt.Errorf("memweave: watch: %w", err)
	}
	wt.state = WatchActive
	return nil
}

// stopOS closes the operating system's watcher, if any; fsnotify's Close
// waits for its reader goroutine.
func (wt *watcher) stopOS() {
	if wt.os != nil {
		wt.os.Close()
		wt.os, wt.dirs = nil, nil
	}
}

// add watches one folder. A folder that vanished is not an error.
func (wt *watcher) add(dir string) error {
	if wt.dirs[dir] {
		return nil
	}
	if err := wt.os.Add(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	wt.dirs[dir] = true
	return nil
}

// addTree watches dir and the folders below it, skipping hidden and
// temporary names as discovery does.
func (wt *watcher) addTree(dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil
	}
	if err := wt.add(dir); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // vanished or unreadable: discovery warns about it
	}
	for _, e := range entries {
		if e.IsDir() && !workspace.IsIgnoredName(e.Name()) {
			if err := wt.addTree(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// forgetTree stops watching dir and the folders below it (after a rename
// or removal; the kernel drops watches of deleted folders itself).
func (wt *watcher) forgetTree(dir string) {
	for d := range wt.dirs {
		if d == dir || strings.HasPrefix(d, dir+string(filepath.Separator)) {
			wt.os.Remove(d)
			delete(wt.dirs, d)
		}
	}
}

func (wt *watcher) notifyState(state WatchState, err error) {
	wt.heartbeat(state)
	if wt.opts.OnState != nil {
		wt.opts.OnState(state, err)
	}
}

// heartbeat records the watcher's state, process and time in the index,
// so that Status in other processes can report it. It is best effort.
func (wt *watcher) heartbeat(state WatchState) {
	v := fmt.Sprintf("%s %d %d %d", state, os.Getpid(), time.Now().Unix(), wt.opts.PollInterval.Milliseconds())
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := wt.w.db.SetMetaQuiet(ctx, "watcher", v); err != nil {
		wt.w.cfg.Logger.Debug("memweave: watch: heartbeat", "err", err)
	}
}

// fallBack switches to polling after the operating system's watcher
// failed.
func (wt *watcher) fallBack(err error) {
	wt.stopOS()
	wt.state = WatchPolling
	wt.w.setWatchState(WatchPolling)
	wt.w.cfg.Logger.Warn("memweave: file events unavailable, polling", "err", err, "interval", wt.opts.PollInterval)
	wt.notifyState(WatchPolling, err)
}

// run is the watcher's loop. It returns ctx's error when stopped, or the
// error that made it fail.
func (wt *watcher) run(ctx context.Context) error {
	if wt.os == nil {
		wt.state = WatchPolling
	}
	poll := time.NewTicker(wt.opts.PollInterval)
	defer poll.Stop()
	debounce := time.NewTimer(time.Hour)
	debounce.Stop()
	defer debounce.Stop()
	var (
		armed    bool      // a flush is scheduled
		deadline time.Time // latest time the scheduled flush may run
		polls    int       // poll ticks since polling began
		retry    bool      // the last flush failed: retry at the next tick
	)
	// flush runs a flush; it returns an error only when the watcher
	// should stop.
	flush := func() error {
		retry = false
		err := wt.flush(ctx)
		if err == nil {
			// Fresh only while file events are trusted: polling may
			// lag behind the files by a poll interval.
			wt.w.watch.fresh.Store(wt.state == WatchActive && !armed)
			return nil
		}
		wt.w.watch.fresh.Store(false)
		if isFatal(err) || ctx.Err() != nil {
			return err
		}
		wt.w.cfg.Logger.Warn("memweave: watch: re-index failed; retrying", "err", err)
		retry = true
		return nil
	}
	// Catch up with changes made while nothing watched.
	if err := flush(); err != nil {
		return err
	}
	schedule := func() {
		now := time.Now()
		if !armed {
			armed, deadline = true, now.Add(maxDebounces*wt.opts.Debounce)
		}
		debounce.Reset(min(wt.opts.Debounce, max(deadline.Sub(now), 0)))
	}
	for {
		var events <-chan fsnotify.Event
		var errs <-chan error
		if wt.os != nil {
			events, errs = wt.os.Events, wt.os.Errors
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-events:
			if !ok {
				wt.w.watch.fresh.Store(false)
				wt.fallBack(errors.New("memweave: watch: file events stopped"))
				schedule()
				continue
			}
			if wt.handle(ev) {
				wt.w.watch.fresh.Store(false)
				schedule()
			}
		case err, ok := <-errs:
			if !ok {
				err = errors.New("memweave: watch: file events stopped")
			}
			// An overflow loses events; any other error may too. Either
			// way, scan everything and poll from now on.
			wt.w.watch.fresh.Store(false)
			wt.fallBack(err)
			polls = 0
			schedule()
		case <-debounce.C:
			armed = false
			if err := flush(); err != nil {
				return err
			}
		case <-poll.C:
			wt.heartbeat(wt.state)
			if wt.state == WatchPolling {
				polls++
				if polls%pollsBeforeRetry == 0 {
					if err := wt.startOS(); err == nil {
						wt.w.setWatchState(WatchActive)
						wt.notifyState(WatchActive, nil)
					}
				}
			} else if !retry {
				continue
			}
			if armed {
				continue // a flush is coming anyway
			}
			if err := flush(); err != nil {
				return err
			}
		}
	}
}

// isFatal reports whether a watcher run error should stop the watcher:
// the index is damaged or closed, so retrying cannot help.
func isFatal(err error) bool {
	return errors.Is(err, index.ErrCorrupt) || errors.Is(err, ErrClosed) || errors.Is(err, index.ErrClosed)
}

// handle updates the watched folders for ev and reports whether ev may
// change what is indexed.
func (wt *watcher) handle(ev fsnotify.Event) bool {
	name := filepath.Clean(ev.Name)
	if wt.extraFiles[name] {
		return true
	}
	if !wt.inScope(name) {
		return false
	}
	if name != wt.mem && workspace.IsIgnoredName(filepath.Base(name)) {
		return false
	}
	switch {
	case ev.Has(fsnotify.Create):
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			// Files may have landed in the new folder before its watch
			// did: the flush's scan finds them.
			if err := wt.addTree(name); err != nil {
				wt.fallBack(err)
			}
			return true
		}
	case ev.Has(fsnotify.Remove), ev.Has(fsnotify.Rename):
		if wt.dirs[name] {
			wt.forgetTree(name)
			return true
		}
	}
	return workspace.IsMarkdown(name)
}

// inScope reports whether path is memory/, inside it, or inside an extra
// folder.
func (wt *watcher) inScope(path string) bool {
	if path == wt.mem || within(wt.mem, path) {
		return true
	}
	for _, d := range wt.extraDirs {
		if path == d || within(d, path) {
			return true
		}
	}
	return false
}

func within(dir, path string) bool {
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

// flush syncs the index with the files and reports each file it
// re-indexed or removed through OnChange.
func (wt *watcher) flush(ctx context.Context) error {
	res, err := wt.w.eng.Sync(ctx, indexer.SyncOptions{})
	if res == nil {
		return err
	}
	for _, p := range res.Indexed {
		ev := WatchEvent{Path: p, Err: err}
		if wn, ok := indexer.For(res.Warnings, p); ok && err == nil {
			ev.Err = wn
		}
		wt.report(ev)
	}
	for _, p := range res.Deleted {
		wt.report(WatchEvent{Path: p, Removed: true, Err: err})
	}
	return err
}

func (wt *watcher) report(ev WatchEvent) {
	if wt.opts.OnChange != nil {
		wt.opts.OnChange(ev)
	}
}

// watchState is the state of the Weave's watcher, guarded by Weave.mu
// except fresh.
type watchState struct {
	// stop cancels a running watcher; done closes when it ends.
	stop context.CancelFunc
	done chan struct{}
	err  error
	// state is one of the Watch* constants, "" before the first Watch.
	state WatchState
	// fresh is true while an active watcher has indexed every change
	// it was told of: searches may then skip their stat scan.
	fresh atomic.Bool
}

// watcherState returns this process's watcher state, WatchOff when it
// runs none.
func (w *Weave) watcherState() WatchState {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.watch.state == "" {
		return WatchOff
	}
	return w.watch.state
}

// watcherFresh reports whether an active watcher has indexed every change
// it saw.
func (w *Weave) watcherFresh() bool { return w.watch.fresh.Load() }

// stopWatcher stops the watcher, if any, waits for it and returns the
// error that made it fail.
func (w *Weave) stopWatcher() error {
	w.mu.Lock()
	stop, done := w.watch.stop, w.watch.done
	w.mu.Unlock()
	if stop == nil {
		return nil
	}
	stop()
	<-done
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.watch.err != nil && !errors.Is(w.watch.err, context.Canceled) {
		return w.watch.err
	}
	return nil
}

// watcherStatus returns the state of this process's watcher or, when it
// runs none, of another process's watcher that has reported recently.
func (w *Weave) watcherStatus(ctx context.Context) (WatchState, int) {
	if state := w.watcherState(); state != WatchOff {
		return state, pid
	}
	if hb, _ := w.db.Meta(ctx, "watcher"); hb != "" {
		return remoteWatcher(hb, time.Now())
	}
	return WatchOff, 0
}

// remoteWatcher reads a watcher heartbeat, "state pid unix-seconds
// poll-ms", and returns its state and process when it is recent enough to
// trust, "off" otherwise.
func remoteWatcher(hb string, now time.Time) (WatchState, int) {
	var state string
	var pid int
	var at, pollMS int64
	if _, err := fmt.Sscanf(hb, "%s %d %d %d", &state, &pid, &at, &pollMS); err != nil || WatchState(state) == WatchOff {
		return WatchOff, 0
	}
	if now.Sub(time.Unix(at, 0)) > 3*time.Duration(pollMS)*time.Millisecond+time.Second {
		return WatchOff, 0 // the process stopped without saying so
	}
	return WatchState(state), pid
}
