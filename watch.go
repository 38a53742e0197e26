package memweave

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// Watcher states, as reported by [Status].Watcher and [WatchOptions].OnState.
const (
	// WatchActive means the watcher receives the operating system's file
	// events.
	WatchActive = "active"
	// WatchPolling means the operating system's watcher failed or its
	// event queue overflowed, and the watcher scans the files by stat
	// every PollInterval instead.
	WatchPolling = "polling"
	// WatchFailed means the watcher stopped on an error; [Weave.Close]
	// returns it.
	WatchFailed = "failed"
	// WatchOff means no watcher runs.
	WatchOff = "off"
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
	OnState func(state string, err error)
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
	w.stopWatch, w.watchDone, w.watchErr, w.watchState = cancel, done, nil, state
	w.mu.Unlock()

	go func() {
		defer close(done)
		wt.notifyState(state, reason)
		err := wt.run(wctx)
		w.watchFresh.Store(false)
		wt.stopOS()
		final := WatchOff
		if err != nil && wctx.Err() == nil && !errors.Is(err, ErrClosed) && !errors.Is(err, index.ErrClosed) {
			final = WatchFailed
		} else {
			err = nil // stopped, not failed
		}
		w.mu.Lock()
		w.watchErr, w.watchState = err, final
		w.mu.Unlock()
		cancel()
		wt.notifyState(final, err)
	}()
	return nil
}

// watching reports whether a watcher runs. The caller holds w.mu.
func (w *Weave) watching() bool {
	if w.watchDone == nil {
		return false
	}
	select {
	case <-w.watchDone:
		return false
	default:
		return true
	}
}

// setWatchState records the watcher's state for Status.
func (w *Weave) setWatchState(s string) {
	w.mu.Lock()
	w.watchState = s
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
	state string
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

func (wt *watcher) notifyState(state string, err error) {
	wt.heartbeat(state)
	if wt.opts.OnState != nil {
		wt.opts.OnState(state, err)
	}
}

// heartbeat records the watcher's state, process and time in the index,
// so that Status in other processes can report it. It is best effort.
func (wt *watcher) heartbeat(state string) {
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
			wt.w.watchFresh.Store(wt.state == WatchActive && !armed)
			return nil
		}
		wt.w.watchFresh.Store(false)
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
				wt.w.watchFresh.Store(false)
				wt.fallBack(errors.New("memweave: watch: file events stopped"))
				schedule()
				continue
			}
			if wt.handle(ev) {
				wt.w.watchFresh.Store(false)
				schedule()
			}
		case err, ok := <-errs:
			if !ok {
				err = errors.New("memweave: watch: file events stopped")
			}
			// An overflow loses events; any other error may too. Either
			// way, scan everything and poll from now on.
			wt.w.watchFresh.Store(false)
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

// flush re-indexes the files the stat scan calls stale and removes the
// rows of files that are gone, reporting each through OnChange.
func (wt *watcher) flush(ctx context.Context) error {
	stale, err := wt.w.staleFiles(ctx)
	if err != nil {
		return err
	}
	res, changed, gone, removed, err := wt.w.refresh(ctx, stale, 0)
	for _, f := range changed {
		ev := WatchEvent{Path: f.Rel, Err: err}
		if err == nil {
			ev.Err = fileWarning(f.Rel, res.Warnings)
		}
		wt.report(ev)
	}
	for _, p := range removed {
		wt.report(WatchEvent{Path: p, Removed: true})
	}
	if err != nil && len(removed) == 0 && res != nil {
		// The deletions failed, not the updates.
		for _, p := range gone {
			wt.report(WatchEvent{Path: p, Removed: true, Err: err})
		}
	}
	return err
}

// refresh indexes exactly the stale files a stat scan found: changed and
// new files are re-indexed, gone ones removed. Sync on search and the
// watcher both run it, so they agree with Status on what is stale. It
// returns the index run's result (nil if it failed), the files it
// re-indexed, the paths that were gone and those it removed.
func (w *Weave) refresh(ctx context.Context, stale []workspace.File, timeout time.Duration) (res *IndexResult, changed []workspace.File, gone, removed []string, err error) {
	for _, f := range stale {
		if f.Abs == "" {
			gone = append(gone, f.Rel)
			continue
		}
		// Discovered files are managed by discovery, as in Index.
		f.External = false
		changed = append(changed, f)
	}
	res = &IndexResult{FilesScanned: len(changed)}
	if len(changed) > 0 {
		list := func() ([]workspace.File, error) { return changed, nil }
		if err := w.sync(ctx, list, false, IndexOptions{LockTimeout: timeout}, res); err != nil {
			return nil, changed, gone, nil, err
		}
	}
	if len(gone) > 0 {
		removed, err = w.forget(ctx, gone)
		res.FilesDeleted = len(removed)
	}
	return res, changed, gone, removed, err
}

func (wt *watcher) report(ev WatchEvent) {
	if wt.opts.OnChange != nil {
		wt.opts.OnChange(ev)
	}
}

// fileWarning returns the warning an index run gave about the file rel,
// as an error, or nil.
func fileWarning(rel string, warnings []string) error {
	for _, wn := range warnings {
		if strings.HasPrefix(wn, rel+": ") {
			return errors.New(wn)
		}
	}
	return nil
}

// forget deletes the index rows of files that are gone from disk and
// returns the paths it deleted. It checks each file again under the index
// lock, so that a file re-created meanwhile, perhaps already indexed by
// another process, keeps its rows. Files that exist but discovery no
// longer lists are pruned by a full index run.
func (w *Weave) forget(ctx context.Context, paths []string) ([]string, error) {
	var deleted []string
	var unlisted bool
	err := w.withIndexLock(ctx, 0, func() error {
		rows, err := w.db.Files(ctx)
		if err != nil {
			return err
		}
		for _, p := range paths {
			if _, ok := rows[p]; !ok {
				continue
			}
			switch _, err := os.Lstat(externalAbs(w.cfg.Workspace, p)); {
			case errors.Is(err, fs.ErrNotExist):
				deleted = append(deleted, p)
			case err == nil:
				unlisted = true
			}
		}
		if len(deleted) == 0 {
			return nil
		}
		_, err = w.db.Apply(ctx, nil, deleted, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	if unlisted {
		res, err := w.Index(ctx, IndexOptions{})
		if err != nil {
			return deleted, err
		}
		if res.FilesDeleted > 0 {
			// Index does not say which; the scan before the next search
			// agrees with it either way.
			w.cfg.Logger.Info("memweave: watch: pruned files discovery no longer lists", "files", res.FilesDeleted)
		}
	}
	return deleted, nil
}
