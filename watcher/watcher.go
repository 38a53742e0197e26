package watcher

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
)

// State is a watcher's state.
type State string

// A watcher's states, as reported by [Watcher.State] and Options.OnState.
const (
	// Active means the watcher receives the operating system's file
	// events.
	Active State = "active"
	// Polling means the operating system's watcher failed or its event
	// queue overflowed, and the watcher calls [Syncer.Sync] every
	// PollInterval instead.
	Polling State = "polling"
	// Failed means the watcher stopped on a fatal error; [Watcher.Stop]
	// returns it.
	Failed State = "failed"
	// Off means the watcher stopped normally.
	Off State = "off"
)

// Event reports one file the watcher re-indexed or removed.
type Event struct {
	// Path is workspace-relative with '/' separators.
	Path string
	// Removed is true when the file was deleted from the index because it
	// is gone from disk.
	Removed bool
	// Err is set when the file could not be indexed: it was skipped, or
	// the run failed. The watcher retries failed runs.
	Err error
}

// Syncer is what the watcher drives: the index.
type Syncer interface {
	// Sync brings the index up to date with the files (a stat scan,
	// re-index of what changed, removal of rows of files that are gone)
	// and returns one Event per file it re-indexed or removed. An error
	// means the run failed; the watcher retries at the next poll tick
	// unless Options.Fatal says it is fatal. The events are reported even
	// when Sync also returns an error.
	Sync(ctx context.Context) ([]Event, error)
}

// SyncFunc adapts a function to [Syncer].
type SyncFunc func(ctx context.Context) ([]Event, error)

// Sync calls f(ctx).
func (f SyncFunc) Sync(ctx context.Context) ([]Event, error) { return f(ctx) }

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
	// Debounce is how long the watcher waits after the last file event
	// before calling Sync, so that a burst of events (an editor's save, a
	// git checkout) costs one run. A steady stream of events is synced at
	// least every four Debounce periods. Default 1500ms; negative is an
	// error.
	Debounce time.Duration
	// PollInterval is the period of the Sync calls that replace file
	// events when the operating system's watcher is unavailable, and of
	// the retries of failed Syncs. While polling, the watcher tries to
	// return to file events every twelve intervals. Default 5s; negative
	// is an error.
	PollInterval time.Duration
	// OnChange, when set, is called for each Event a Sync returned, from
	// the watcher's goroutine. It must not call [Watcher.Stop].
	OnChange func(Event)
	// OnState, when set, is called on every state change, with the error
	// that caused it, if any, from the watcher's goroutine. It must not
	// call [Watcher.Stop].
	OnState func(State, error)
	// Heartbeat, when set, is called on each state change (before
	// OnState) and on each poll tick, with the current state, from the
	// watcher's goroutine; memweave records it in the index so that other
	// processes can tell a watcher runs. It must not call [Watcher.Stop].
	Heartbeat func(State)
	// Fatal, when set, reports whether a Sync error stops the watcher (in
	// state [Failed]) instead of being retried. Default: no error is
	// fatal.
	Fatal func(error) bool
	// Logger receives warnings (fallback to polling, retried Syncs).
	// Default: discard.
	Logger *slog.Logger
	// OSWatcher creates the operating system's watcher. Default
	// fsnotify.NewWatcher; tests set it to inject failures or to observe
	// the watchers created (the watcher closes them itself).
	OSWatcher func() (*fsnotify.Watcher, error)
}

// Watcher is a running file watcher, started by [Start]. A Watcher is safe
// for concurrent use by multiple goroutines.
type Watcher struct {
	cancel context.CancelFunc
	done   chan struct{}
	// fresh is true while the watcher is active and has synced every
	// event it saw.
	fresh atomic.Bool

	// mu guards state and err.
	mu    sync.Mutex
	state State
	// err is the error that made the watcher fail; set before done closes.
	err error
}

// Start starts the operating system's watcher (falling back to polling if
// it cannot) and the watcher goroutine, runs one catch-up Sync inside the
// goroutine, and returns. The goroutine stops when ctx is cancelled or
// [Watcher.Stop] is called.
func Start(ctx context.Context, s Syncer, opts Options) (*Watcher, error) {
	opts, err := withDefaults(s, opts)
	if err != nil {
		return nil, err
	}
	l := newLoop(s, opts)
	state, reason := Active, l.startOS()
	if reason != nil {
		state = Polling
	}
	l.state = state
	ctx, cancel := context.WithCancel(ctx)
	w := &Watcher{cancel: cancel, done: make(chan struct{}), state: state}
	l.w = w
	go w.run(ctx, l, reason)
	return w, nil
}

// withDefaults checks opts and fills in the defaults.
func withDefaults(s Syncer, opts Options) (Options, error) {
	switch {
	case s == nil:
		return opts, errors.New("watcher: nil Syncer")
	case !filepath.IsAbs(opts.Root):
		return opts, fmt.Errorf("watcher: Root must be an absolute path, got %q", opts.Root)
	case opts.Debounce < 0:
		return opts, fmt.Errorf("watcher: Debounce must not be negative, got %v", opts.Debounce)
	case opts.PollInterval < 0:
		return opts, fmt.Errorf("watcher: PollInterval must not be negative, got %v", opts.PollInterval)
	}
	opts.Root = filepath.Clean(opts.Root)
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

// run is the watcher goroutine: it reports the first state, runs the loop
// and records how it ended.
func (w *Watcher) run(ctx context.Context, l *loop, reason error) {
	defer close(w.done)
	l.notify(l.state, reason)
	err := l.run(ctx)
	w.fresh.Store(false)
	l.stopOS()
	final := Off
	if err != nil && ctx.Err() == nil {
		final = Failed
	} else {
		err = nil // stopped, not failed
	}
	w.mu.Lock()
	w.state, w.err = final, err
	w.mu.Unlock()
	w.cancel()
	l.notify(final, err)
}

// setState records the watcher's state for State.
func (w *Watcher) setState(s State) {
	w.mu.Lock()
	w.state = s
	w.mu.Unlock()
}

// State returns the watcher's current state: [Off] after it stopped
// normally, [Failed] after a fatal error.
func (w *Watcher) State() State {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.state
}

// Fresh reports whether the watcher is [Active] and has synced every event
// it saw, so that searches may skip their own stat scan. It is false until
// the catch-up Sync is done, while polling, while a Sync is pending, after a
// failed Sync and once the watcher stopped.
func (w *Watcher) Fresh() bool { return w.fresh.Load() }

// Done returns a channel that is closed when the watcher goroutine has
// ended and the operating system's watcher is closed.
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
