package watcher

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/memweave/memweave-go/internal/warnonce"
	"github.com/memweave/memweave-go/workspace"
)

// State is a watcher's state.
type State string

// A watcher's states, as reported by [Watcher.State] and Options.OnState.
const (
	// Active means the watcher receives the operating system's file
	// events, and [Watcher.Sync] hands the Syncer only the paths they
	// named.
	Active State = "active"
	// Polling means file events are unavailable (the operating system's
	// watcher failed, or a folder is reachable by two paths): every
	// [Watcher.Sync] asks for a full scan, and a background watcher
	// syncs every PollInterval.
	Polling State = "polling"
	// Failed means the watcher stopped on a fatal error; [Watcher.Stop]
	// returns it.
	Failed State = "failed"
	// Off means the watcher stopped normally.
	Off State = "off"
)

// Errors of [Watcher.Sync] and [Slot.Sync].
var (
	// ErrBusy means another Sync ran longer than the caller would wait.
	ErrBusy = errors.New("watcher: another sync is running")
	// ErrStopped means the watcher is not running.
	ErrStopped = errors.New("watcher: not running")
	// ErrAlias is wrapped by the reason for polling when one folder is
	// reachable by two paths that discovery may both walk (a bind mount,
	// two links to one folder): file events would name only one of them.
	ErrAlias = errors.New("watcher: a folder is reachable by two paths")
)

// Event reports one file the Syncer re-indexed or removed, or, with an
// empty Path, a problem of a sync that concerns no single file.
type Event struct {
	// Path is workspace-relative with '/' separators.
	Path string
	// Removed is true when the file was deleted from the index because it
	// is gone from disk.
	Removed bool
	// Err is set when the file could not be indexed: it was skipped, or
	// the run failed.
	Err error
}

// Changes are what the watcher saw change since the last sync took them.
type Changes struct {
	// All means events may have been lost (the watcher just started,
	// the kernel's queue overflowed, or file events are unavailable):
	// only a full scan tells what changed. Paths may then be empty.
	All bool
	// Paths are the absolute paths that events named, sorted, each once:
	// Markdown files written, created, removed or renamed, and folders
	// removed or renamed away (everything under them may be gone).
	Paths []string
}

// Empty reports whether there is nothing to sync.
func (c Changes) Empty() bool { return !c.All && len(c.Paths) == 0 }

// Syncer is what the watcher drives: the index.
type Syncer interface {
	// Sync brings the index up to date with the changes (with ch.All, by
	// a full stat scan) and returns one Event per file it re-indexed or
	// removed. An error means the run failed: the watcher hands the same
	// changes to the next Sync. The events are reported even when Sync
	// also returns an error.
	Sync(ctx context.Context, ch Changes) ([]Event, error)
}

// SyncFunc adapts a function to [Syncer].
type SyncFunc func(ctx context.Context, ch Changes) ([]Event, error)

// Sync calls f(ctx, ch).
func (f SyncFunc) Sync(ctx context.Context, ch Changes) ([]Event, error) { return f(ctx, ch) }

// Defaults of Options, for callers that document them or record the poll
// interval (memweave's heartbeat does).
const (
	// DefaultDebounce is the default of Options.Debounce.
	DefaultDebounce = 1500 * time.Millisecond
	// DefaultPollInterval is the default of Options.PollInterval.
	DefaultPollInterval = 5 * time.Second
)

const (
	// pollsBeforeRetry is how many poll intervals pass before a polling
	// watcher tries the operating system's watcher again.
	pollsBeforeRetry = 12
	// maxDebounces bounds how long a stream of events defers a Sync.
	maxDebounces = 4
	// barrierTimeout bounds the wait for a barrier file's event; past
	// it, Sync asks for a full scan.
	barrierTimeout = 2 * time.Second
	// maxPaths bounds the paths recorded between two Syncs; past it the
	// next Sync is a full scan.
	maxPaths = 4096
)

// Options configure [Start]. The zero value of every field but Root means
// its default.
type Options struct {
	// Root is the workspace folder, absolute. memory/ is Root/memory
	// (workspace.MemoryDir). Required.
	Root string
	// ExtraPaths are the extra files and folders to watch, relative to
	// Root or absolute. A path that is not a folder when Start runs is
	// watched as a file.
	ExtraPaths []string
	// SyncDir is the folder, absolute, where [Watcher.Sync] creates and
	// at once removes its barrier files (hidden names starting with
	// ".sync-"). Start creates it if missing. It should hold nothing
	// else, so that its watch reports nothing but barriers, and must not
	// be under memory/. Default Root/.memweave/sync.
	SyncDir string
	// OnDemand makes the watcher only record events: nothing syncs but
	// [Watcher.Sync] calls (a search's), there is no catch-up Sync at
	// start, no poll tick and no heartbeat. Default false: the watcher
	// syncs after each burst of events settles and every PollInterval
	// while polling.
	OnDemand bool
	// Debounce is how long a background watcher waits after the last file
	// event before calling Sync, so that a burst of events (an editor's
	// save, a git checkout) costs one run. A steady stream of events is
	// synced at least every four Debounce periods. Default 1500ms;
	// negative is an error.
	Debounce time.Duration
	// PollInterval is the period of the Syncs that replace file events
	// when they are unavailable, and of the retries of failed Syncs.
	// While polling, the watcher tries to return to file events every
	// twelve intervals. Default 5s; negative is an error.
	PollInterval time.Duration
	// OnChange, when set, is called for each Event a Sync returned, from
	// the goroutine that called Sync. It must not call [Watcher.Stop].
	OnChange func(Event)
	// OnState, when set, is called on every state change, with the error
	// that caused it, if any, from the watcher's goroutines. It must not
	// call [Watcher.Stop].
	OnState func(State, error)
	// Heartbeat, when set, is called on each state change (before
	// OnState) and on each poll tick of a background watcher, with the
	// current state; memweave records it in the index so that other
	// processes can tell a watcher runs. It must not call [Watcher.Stop].
	Heartbeat func(State)
	// Fatal, when set, reports whether a Sync error stops the watcher (in
	// state [Failed]) instead of being retried. Default: no error is
	// fatal.
	Fatal func(error) bool
	// Logger receives warnings (fallback to polling, a failed Sync: once
	// while its retries fail alike, then that a Sync works again).
	// Default: discard.
	Logger *slog.Logger
	// OSWatcher creates the operating system's watcher. Default
	// fsnotify.NewWatcher; tests set it to inject failures or to observe
	// the watchers created (the watcher closes them itself).
	OSWatcher func() (*fsnotify.Watcher, error)
}

// Watcher is a running file watcher, started by [Start]. A Watcher is safe
// for concurrent use by multiple goroutines.
//
// One goroutine receives the operating system's events and records the
// paths they name; [Watcher.Sync] hands those paths to the Syncer. Before
// it takes them, Sync creates a barrier file in Options.SyncDir and waits
// until that file's event arrives: the kernel queues an event before the
// system call that caused it returns, and delivers a watcher's events in
// order, so every change completed before Sync began has been recorded
// by then. A background watcher (not OnDemand) has a second goroutine
// that calls Sync after bursts of events and on poll ticks.
type Watcher struct {
	s    Syncer
	opts Options
	// prefix starts the names of this watcher's barrier files; seq
	// numbers them.
	prefix string
	seq    atomic.Uint64
	// syncing is a semaphore of one, held by the Sync in progress.
	syncing chan struct{}
	// barrierFailures, used by the holder of syncing only, logs a
	// barrier that fails at every Sync (a read-only disk) once.
	barrierFailures warnonce.Guard
	// kick tells the background goroutine that events arrived.
	kick chan struct{}
	// resync asks the goroutine receiving events to watch SyncDir again,
	// made again after it was removed; it closes the channel sent once
	// done.
	resync chan chan struct{}
	// failed is set while the last Sync or Do failed: the background
	// goroutine retries at its next poll tick.
	failed atomic.Bool
	cancel context.CancelFunc
	wg     sync.WaitGroup
	done   chan struct{}

	// mu guards the fields below.
	mu    sync.Mutex
	state State
	// reason is why the watcher polls or failed.
	reason error
	// err is the error that made the watcher fail; set before done closes.
	err error
	// all and paths are the changes not yet taken by a Sync.
	all   bool
	paths map[string]bool
	// barriers are the barrier files whose events Syncs wait for.
	barriers map[string]chan struct{}
}

// Start starts the operating system's watcher on every folder of interest
// (falling back to polling if it cannot) and the watcher's goroutines,
// and returns. Every change made after Start returned is seen by the next
// [Watcher.Sync]; the first Sync also runs a full scan (Changes.All), for
// the changes made before. A background watcher runs that first Sync at
// once. The goroutines stop when ctx is cancelled or [Watcher.Stop] is
// called.
func Start(ctx context.Context, s Syncer, opts Options) (*Watcher, error) {
	opts, err := withDefaults(s, opts)
	if err != nil {
		return nil, err
	}
	var id [6]byte
	rand.Read(id[:])
	w := &Watcher{s: s, opts: opts, prefix: fmt.Sprintf("%s%d-%s-", barrierPrefix, os.Getpid(), hex.EncodeToString(id[:])),
		syncing: make(chan struct{}, 1), kick: make(chan struct{}, 1), resync: make(chan chan struct{}), done: make(chan struct{}),
		all: true, paths: make(map[string]bool), barriers: make(map[string]chan struct{})}
	// A missing SyncDir makes every barrier fail, and so every Sync scan.
	_ = os.MkdirAll(opts.SyncDir, 0o700)
	removeStaleBarriers(opts.SyncDir)
	t := newTree(w, opts)
	w.state = Active
	if w.reason = t.startOS(); w.reason != nil {
		w.state = Polling
	}
	ctx, cancel := context.WithCancel(ctx)
	w.cancel = cancel
	w.notify(w.state, w.reason)
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		t.run(ctx)
	}()
	if !opts.OnDemand {
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			w.background(ctx)
		}()
	}
	go w.finish(ctx)
	return w, nil
}

// withDefaults checks opts and fills in the defaults.
func withDefaults(s Syncer, opts Options) (Options, error) {
	switch {
	case s == nil:
		return opts, errors.New("watcher: nil Syncer")
	case !filepath.IsAbs(opts.Root):
		return opts, fmt.Errorf("watcher: Root must be an absolute path, got %q", opts.Root)
	case opts.SyncDir != "" && !filepath.IsAbs(opts.SyncDir):
		return opts, fmt.Errorf("watcher: SyncDir must be an absolute path, got %q", opts.SyncDir)
	case opts.Debounce < 0:
		return opts, fmt.Errorf("watcher: Debounce must not be negative, got %v", opts.Debounce)
	case opts.PollInterval < 0:
		return opts, fmt.Errorf("watcher: PollInterval must not be negative, got %v", opts.PollInterval)
	}
	opts.Root = filepath.Clean(opts.Root)
	if opts.SyncDir == "" {
		opts.SyncDir = filepath.Join(opts.Root, workspace.IndexDir, "sync")
	}
	opts.SyncDir = filepath.Clean(opts.SyncDir)
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.PollInterval == 0 {
		opts.PollInterval = DefaultPollInterval
	}
	if opts.Fatal == nil {
		opts.Fatal = func(error) bool { return false }
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.OSWatcher == nil {
		opts.OSWatcher = fsnotify.NewWatcher
	}
	return opts, nil
}

// finish waits for the goroutines, records how the watcher ended and
// closes done.
func (w *Watcher) finish(ctx context.Context) {
	<-ctx.Done()
	w.wg.Wait()
	w.mu.Lock()
	final := Off
	if w.err != nil {
		final = Failed
	}
	w.state = final
	err := w.err
	w.mu.Unlock()
	w.notify(final, err)
	close(w.done)
}

// fail stops the watcher in state Failed with err.
func (w *Watcher) fail(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
	w.cancel()
}

// setState records the watcher's state and why, and reports it.
func (w *Watcher) setState(s State, reason error) {
	w.mu.Lock()
	w.state, w.reason = s, reason
	w.mu.Unlock()
	w.notify(s, reason)
}

// notify reports state through Heartbeat and OnState.
func (w *Watcher) notify(s State, err error) {
	if w.opts.Heartbeat != nil {
		w.opts.Heartbeat(s)
	}
	if w.opts.OnState != nil {
		w.opts.OnState(s, err)
	}
}

// State returns the watcher's current state: [Off] after it stopped
// normally, [Failed] after a fatal error.
func (w *Watcher) State() State {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.state
}

// Reason returns why the watcher polls or failed; nil while it is
// [Active] or after it stopped normally.
func (w *Watcher) Reason() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state == Active || w.state == Off {
		return nil
	}
	if w.err != nil {
		return w.err
	}
	return w.reason
}

// OnDemand reports whether the watcher was started with Options.OnDemand.
func (w *Watcher) OnDemand() bool { return w.opts.OnDemand }

// Done returns a channel that is closed when the watcher's goroutines
// have ended and the operating system's watcher is closed.
func (w *Watcher) Done() <-chan struct{} { return w.done }

// Stop stops the watcher and waits for it and the operating system's
// watcher to end. It returns the error that made the watcher fail, or nil
// when it was stopped or its context was cancelled. Stop may be called more
// than once; every call returns the same result.
func (w *Watcher) Stop() error {
	w.cancel()
	<-w.done
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// record adds the paths of one event, or marks every path changed, and
// tells the background goroutine.
func (w *Watcher) record(all bool, paths ...string) {
	w.keep(all, paths...)
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// keep adds paths, or all, to the changes the next Sync takes.
func (w *Watcher) keep(all bool, paths ...string) {
	w.mu.Lock()
	w.all = w.all || all
	for _, p := range paths {
		w.paths[p] = true
	}
	if len(w.paths) > maxPaths {
		// A scan costs less than this many stats one by one, and the
		// set stays small whatever a burst of events names.
		w.all, w.paths = true, make(map[string]bool)
	}
	w.mu.Unlock()
}

// take returns the changes recorded so far and forgets them. While
// polling every Sync is a full scan.
func (w *Watcher) take() Changes {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch := Changes{All: w.all || w.state != Active}
	for p := range w.paths {
		ch.Paths = append(ch.Paths, p)
	}
	slices.Sort(ch.Paths)
	w.all, w.paths = false, make(map[string]bool)
	return ch
}

// Sync brings the Syncer up to date with every change completed before
// it was called: it waits until the watcher has received the events of
// those changes (see [Watcher]), then calls the Syncer with the paths
// they named, if any (a full scan when events may have been lost or are
// unavailable). When nothing changed it returns at once, without calling
// the Syncer. Syncs run one at a time; wait bounds how long a Sync waits
// for another one to finish (0: as long as ctx allows), past which it
// fails with [ErrBusy]. When the Syncer fails, its changes are kept for
// the next Sync.
func (w *Watcher) Sync(ctx context.Context, wait time.Duration) ([]Event, error) {
	var evs []Event
	err := w.Do(ctx, wait, func(ctx context.Context, ch Changes) error {
		if ch.Empty() {
			return nil
		}
		var err error
		evs, err = w.s.Sync(ctx, ch)
		if w.opts.OnChange != nil {
			for _, ev := range evs {
				w.opts.OnChange(ev)
			}
		}
		return err
	})
	return evs, err
}

// Do is [Watcher.Sync] with fn in place of the Syncer: fn gets the
// changes, empty ones too, and must bring the index up to date with
// them; when it fails they are kept for the next Sync or Do. Index runs
// that want more than the Syncer does (retrying pending embeddings, a
// full result) use it.
func (w *Watcher) Do(ctx context.Context, wait time.Duration, fn func(context.Context, Changes) error) error {
	var timeout <-chan time.Time
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case w.syncing <- struct{}{}:
	case <-timeout:
		return ErrBusy
	case <-ctx.Done():
		return ctx.Err()
	case <-w.done:
		return ErrStopped
	}
	defer func() { <-w.syncing }()
	if w.State() == Active {
		if err := w.barrier(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if w.barrierFailures.Failed(err) {
				w.opts.Logger.Warn("watcher: barrier failed; scanning everything", "err", err)
			}
			if errors.Is(err, fs.ErrNotExist) {
				w.remakeSyncDir(ctx)
			}
			w.record(true)
		} else {
			w.barrierFailures.Succeeded()
		}
	}
	ch := w.take()
	err := fn(ctx, ch)
	w.failed.Store(err != nil && ctx.Err() == nil)
	switch {
	case err == nil:
	case ctx.Err() != nil:
		// Cut short, not failed: the changes go to the next Sync, after
		// the usual debounce.
		w.record(ch.All, ch.Paths...)
	default:
		// Kept for the retry at the next poll tick: a kick would run a
		// Sync that keeps failing (a full disk) after every debounce.
		w.keep(ch.All, ch.Paths...)
		if w.opts.Fatal(err) {
			w.fail(err)
		}
	}
	return err
}

// barrier creates and removes a barrier file in SyncDir and waits for
// the watcher to receive its event.
func (w *Watcher) barrier(ctx context.Context) error {
	name := filepath.Join(w.opts.SyncDir, fmt.Sprint(w.prefix, w.seq.Add(1)))
	seen := make(chan struct{})
	w.mu.Lock()
	w.barriers[name] = seen
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		delete(w.barriers, name)
		w.mu.Unlock()
	}()
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("watcher: barrier: %w", err)
	}
	f.Close()
	os.Remove(name)
	t := time.NewTimer(barrierTimeout)
	defer t.Stop()
	select {
	case <-seen:
		return nil
	case <-t.C:
		return fmt.Errorf("watcher: barrier %s: no event within %v", name, barrierTimeout)
	case <-ctx.Done():
		return ctx.Err()
	case <-w.done:
		return ErrStopped
	}
}

// remakeSyncDir makes SyncDir again, when its parent folder is there,
// and waits until the goroutine receiving events watches it: removed
// (rm -r .memweave clears the index cache; the index folder comes back
// at the next index call), every barrier would fail, and every Sync
// scan everything, until the process restarted.
func (w *Watcher) remakeSyncDir(ctx context.Context) {
	if _, err := os.Stat(filepath.Dir(w.opts.SyncDir)); err != nil {
		return
	}
	if err := os.Mkdir(w.opts.SyncDir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return
	}
	done := make(chan struct{})
	select {
	case w.resync <- done:
	case <-ctx.Done():
		return
	case <-w.done:
		return
	}
	select {
	case <-done:
	case <-ctx.Done():
	case <-w.done:
	}
}

// barrierPrefix starts the name of every barrier file.
const barrierPrefix = ".sync-"

// staleBarrier is the age past which a barrier file is a leftover of a
// killed process: a live one removes its own at once.
const staleBarrier = time.Minute

// removeStaleBarriers removes the barrier files that killed processes
// left in dir.
func removeStaleBarriers(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), barrierPrefix) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > staleBarrier {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// sawBarrier reports whether name is one of this watcher's barrier files,
// and releases the Sync waiting for it.
func (w *Watcher) sawBarrier(name string) bool {
	if filepath.Dir(name) != w.opts.SyncDir || !strings.HasPrefix(filepath.Base(name), w.prefix) {
		return false
	}
	w.mu.Lock()
	if seen, ok := w.barriers[name]; ok {
		close(seen)
		delete(w.barriers, name)
	}
	w.mu.Unlock()
	return true
}

// releaseBarriers releases every Sync waiting for a barrier's event:
// the caller recorded a full scan after they registered, and no Sync
// takes the changes before the one holding the turn.
func (w *Watcher) releaseBarriers() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for name, seen := range w.barriers {
		close(seen)
		delete(w.barriers, name)
	}
}

// background is the goroutine of a watcher that is not OnDemand: a
// catch-up Sync, then debounced Syncs after events and, on poll ticks, a
// heartbeat, the Syncs that replace events while polling and the retry
// of a failed Sync.
func (w *Watcher) background(ctx context.Context) {
	poll := time.NewTicker(w.opts.PollInterval)
	defer poll.Stop()
	debounce := time.NewTimer(time.Hour)
	debounce.Stop()
	defer debounce.Stop()
	var (
		armed    bool      // a Sync is scheduled on debounce
		deadline time.Time // latest time the scheduled Sync may run
	)
	var failures warnonce.Guard // a failure retried each tick is logged once
	run := func() bool {
		_, err := w.Sync(ctx, 0)
		switch {
		case err == nil:
			if failures.Succeeded() {
				w.opts.Logger.Info("watcher: sync works again")
			}
		case ctx.Err() == nil && !errors.Is(err, ErrStopped) && failures.Failed(err):
			w.opts.Logger.Warn("watcher: sync failed; retrying", "err", err, "in", w.opts.PollInterval)
		}
		return ctx.Err() == nil
	}
	if !run() {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.kick:
			now := time.Now()
			if !armed {
				armed, deadline = true, now.Add(maxDebounces*w.opts.Debounce)
			}
			debounce.Reset(min(w.opts.Debounce, max(deadline.Sub(now), 0)))
		case <-debounce.C:
			armed = false
			if !run() {
				return
			}
		case <-poll.C:
			state := w.State()
			if w.opts.Heartbeat != nil {
				w.opts.Heartbeat(state)
			}
			if (state == Polling || w.failed.Load()) && !armed && !run() {
				return
			}
		}
	}
}
