package watcher

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

	"github.com/memweave/memweave-go/workspace"
)

// errEventsStopped is the reason for polling when fsnotify closed its
// channels.
var errEventsStopped = errors.New("watcher: file events stopped")

// loop is the state of one watcher goroutine; only that goroutine touches
// it once [Start] returned.
type loop struct {
	w    *Watcher
	s    Syncer
	opts Options
	// root and mem are the workspace and its memory folder, absolute.
	root, mem string
	// extraDirs and extraFiles are the extra paths, absolute.
	extraDirs  []string
	extraFiles map[string]bool

	// os is the operating system's watcher; nil while polling.
	os *fsnotify.Watcher
	// dirs are the folders os watches.
	dirs  map[string]bool
	state State

	poll     *time.Ticker
	debounce *time.Timer
	armed    bool      // a Sync is scheduled on debounce
	deadline time.Time // latest time the scheduled Sync may run
	polls    int       // poll ticks since polling began
	retry    bool      // the last Sync failed: retry at the next tick
}

func newLoop(s Syncer, opts Options) *loop {
	l := &loop{s: s, opts: opts, root: opts.Root, mem: filepath.Join(opts.Root, workspace.MemoryDir),
		extraFiles: make(map[string]bool)}
	for _, x := range opts.ExtraPaths {
		p := x
		if !filepath.IsAbs(p) {
			p = filepath.Join(l.root, p)
		}
		p = filepath.Clean(p)
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			l.extraDirs = append(l.extraDirs, p)
		} else {
			l.extraFiles[p] = true
		}
	}
	return l
}

// run is the watcher's loop: a catch-up Sync, then file events, debounced
// Syncs and poll ticks until ctx is done. It returns ctx's error when
// stopped, or the error that made it fail.
func (l *loop) run(ctx context.Context) error {
	l.poll = time.NewTicker(l.opts.PollInterval)
	defer l.poll.Stop()
	l.debounce = time.NewTimer(time.Hour)
	l.debounce.Stop()
	defer l.debounce.Stop()
	// Catch up with changes made while nothing watched.
	if err := l.flush(ctx); err != nil {
		return err
	}
	for {
		var events <-chan fsnotify.Event
		var errs <-chan error
		if l.os != nil {
			events, errs = l.os.Events, l.os.Errors
		}
		var err error
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-events:
			l.onEvent(ev, ok)
		case e, ok := <-errs:
			l.onError(e, ok)
		case <-l.debounce.C:
			l.armed = false
			err = l.flush(ctx)
		case <-l.poll.C:
			err = l.onPoll(ctx)
		}
		if err != nil {
			return err
		}
	}
}

// onEvent handles one file event, or the event channel's closing.
func (l *loop) onEvent(ev fsnotify.Event, ok bool) {
	if !ok {
		l.fallBack(errEventsStopped)
		l.schedule()
		return
	}
	if l.handle(ev) {
		l.w.fresh.Store(false)
		l.schedule()
	}
}

// onError handles an error from fsnotify, or its error channel's closing.
// An overflow loses events; any other error may too. Either way, sync
// everything and poll from now on.
func (l *loop) onError(err error, ok bool) {
	if !ok {
		err = errEventsStopped
	}
	l.fallBack(err)
	l.schedule()
}

// onPoll handles a poll tick: a heartbeat, while polling a Sync and every
// pollsBeforeRetry ticks an attempt to return to file events, and the
// retry of a failed Sync.
func (l *loop) onPoll(ctx context.Context) error {
	l.heartbeat(l.state)
	if l.state == Polling {
		l.polls++
		if l.polls%pollsBeforeRetry == 0 && l.startOS() == nil {
			l.setState(Active, nil)
		}
	} else if !l.retry {
		return nil
	}
	if l.armed {
		return nil // a Sync is coming anyway
	}
	return l.flush(ctx)
}

// schedule arms the debounce timer: Debounce from now, but no later than
// maxDebounces periods after the first event of the burst.
func (l *loop) schedule() {
	now := time.Now()
	if !l.armed {
		l.armed, l.deadline = true, now.Add(maxDebounces*l.opts.Debounce)
	}
	l.debounce.Reset(min(l.opts.Debounce, max(l.deadline.Sub(now), 0)))
}

// flush runs a Sync and reports its events. It returns an error only when
// the watcher should stop.
func (l *loop) flush(ctx context.Context) error {
	l.retry = false
	evs, err := l.s.Sync(ctx)
	if l.opts.OnChange != nil {
		for _, ev := range evs {
			l.opts.OnChange(ev)
		}
	}
	if err == nil {
		// Fresh only while file events are trusted: polling may lag
		// behind the files by a poll interval.
		l.w.fresh.Store(l.state == Active && !l.armed)
		return nil
	}
	l.w.fresh.Store(false)
	if ctx.Err() != nil || l.opts.Fatal(err) {
		return err
	}
	l.opts.Logger.Warn("watcher: sync failed; retrying", "err", err, "in", l.opts.PollInterval)
	l.retry = true
	return nil
}

// setState changes the watcher's state and reports it.
func (l *loop) setState(s State, err error) {
	l.state = s
	l.w.setState(s)
	l.notify(s, err)
}

// notify reports state through Heartbeat and OnState.
func (l *loop) notify(s State, err error) {
	l.heartbeat(s)
	if l.opts.OnState != nil {
		l.opts.OnState(s, err)
	}
}

func (l *loop) heartbeat(s State) {
	if l.opts.Heartbeat != nil {
		l.opts.Heartbeat(s)
	}
}

// fallBack switches to polling after the operating system's watcher
// failed.
func (l *loop) fallBack(err error) {
	l.stopOS()
	l.polls = 0
	l.w.fresh.Store(false)
	l.opts.Logger.Warn("watcher: file events unavailable, polling", "err", err, "interval", l.opts.PollInterval)
	l.setState(Polling, err)
}

// startOS starts the operating system's watcher on every folder of
// interest. On error it leaves none running.
func (l *loop) startOS() error {
	fsw, err := l.opts.OSWatcher()
	if err != nil {
		return fmt.Errorf("watcher: %w", err)
	}
	l.os, l.dirs = fsw, make(map[string]bool)
	err = l.add(l.root)
	if err == nil {
		err = l.addTree(l.mem)
	}
	for _, d := range l.extraDirs {
		if err == nil {
			err = l.addTree(d)
		}
	}
	for f := range l.extraFiles {
		if err == nil {
			err = l.add(filepath.Dir(f))
		}
	}
	if err != nil {
		l.stopOS()
		return fmt.Errorf("watcher: %w", err)
	}
	return nil
}

// stopOS closes the operating system's watcher, if any; fsnotify's Close
// waits for its reader goroutine.
func (l *loop) stopOS() {
	if l.os != nil {
		l.os.Close()
		l.os, l.dirs = nil, nil
	}
}

// add watches one folder. A folder that vanished is not an error.
func (l *loop) add(dir string) error {
	if l.dirs[dir] {
		return nil
	}
	if err := l.os.Add(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	l.dirs[dir] = true
	return nil
}

// addTree watches dir and the folders below it, skipping hidden and
// temporary names as discovery does.
func (l *loop) addTree(dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return nil
	}
	if err := l.add(dir); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // vanished or unreadable: the Syncer's scan deals with it
	}
	for _, e := range entries {
		if e.IsDir() && !workspace.IsIgnoredName(e.Name()) {
			if err := l.addTree(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// forgetTree stops watching dir and the folders below it (after a rename
// or removal; the kernel drops watches of deleted folders itself).
func (l *loop) forgetTree(dir string) {
	for d := range l.dirs {
		if d == dir || within(dir, d) {
			l.os.Remove(d)
			delete(l.dirs, d)
		}
	}
}

// handle updates the watched folders for ev and reports whether ev may
// change what is indexed.
func (l *loop) handle(ev fsnotify.Event) bool {
	name := filepath.Clean(ev.Name)
	if l.extraFiles[name] {
		return true
	}
	if !l.inScope(name) {
		return false
	}
	if name != l.mem && workspace.IsIgnoredName(filepath.Base(name)) {
		return false
	}
	switch {
	case ev.Has(fsnotify.Create):
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			// Files may have landed in the new folder before its watch
			// did: the Sync's scan finds them.
			if err := l.addTree(name); err != nil {
				l.fallBack(err)
			}
			return true
		}
	case ev.Has(fsnotify.Remove), ev.Has(fsnotify.Rename):
		if l.dirs[name] {
			l.forgetTree(name)
			return true
		}
	}
	return workspace.IsMarkdown(name)
}

// inScope reports whether path is memory/, inside it, an extra folder or
// inside one.
func (l *loop) inScope(path string) bool {
	if path == l.mem || within(l.mem, path) {
		return true
	}
	for _, d := range l.extraDirs {
		if path == d || within(d, path) {
			return true
		}
	}
	return false
}

// within reports whether path lies below dir.
func within(dir, path string) bool {
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}
