package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofrs/flock"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/embed"
	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/internal/ctxsleep"
	"github.com/memweave/memweave-go/workspace"
)

// Options configure an [Engine]. Every field is required unless it says
// otherwise; the root package fills them from its Config.
type Options struct {
	// Root is the workspace folder, absolute.
	Root string
	// ExtraPaths are files or folders outside memory/ to index too.
	ExtraPaths []string
	// ExtraCheck, when set, is given ExtraPaths before each scan or
	// read and returns those that may be used now, with an error (an
	// *fs.PathError) for each left out. The root package leaves out an
	// extra path that has come to lead out of the workspace since it
	// was opened, unapproved (a folder replaced by a link). Default:
	// every extra path, always.
	ExtraCheck func(extra []string) (kept []string, dropped []error)
	// SettingsChanged, when set, reports for a long-lived process that
	// the settings file's embedder or chunking changed since it started,
	// or that a value it left unapproved was approved since, with what
	// to do (restart it); nil when the process's settings are the file's. A run whose chunking is not the index's names the fix
	// by it: restart the process, or run index to re-chunk by the file.
	SettingsChanged func(context.Context) error
	// MaxFileBytes is the largest file that is indexed.
	MaxFileBytes int64
	// Chunk configures the chunker.
	Chunk chunker.Options
	// Embedder embeds chunks; nil means a keyword-only index.
	Embedder embed.Embedder
	// CacheMaxEntries caps the embedding cache after each run; 0 = no cap.
	CacheMaxEntries int
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
	// OneShot opens the index for one command ([index.Options.OneShot]);
	// only [Open] reads it.
	OneShot bool
	// ScanAtOpen starts the workspace scan of the first freshness check
	// without the lock ([Engine.StartCheck], [Engine.Status]) in [Open],
	// while the index opens: that check sees the files as they were
	// then. An index run of the engine before that check drops the scan.
	// Only Open reads it.
	ScanAtOpen bool
}

// Engine indexes one workspace into one index. An Engine is safe for
// concurrent use by multiple goroutines; index runs take turns through
// its lock, which also excludes runs of other processes.
type Engine struct {
	db   *index.DB
	opts Options
	// flock serialises index runs across processes.
	flock *flock.Flock

	// turns serialises index runs within this process, in the order
	// they came; closed is set by Close.
	turns  workspace.Turnstile
	closed atomic.Bool
	// replaced is the index's count of replacements last seen
	// ([Engine.Replaced]).
	replaced atomic.Int64
	// bound is the index's count of replacements when the file was
	// last bound to the memory folder ([Engine.rebind]).
	bound atomic.Int64
	// foreign is set, under the lock, during a run over an index whose
	// vectors are of another embedder, or whose recorded chunking is not
	// this engine's: chunks are stored without vectors, files pending.
	foreign bool

	// scanner keeps folder listings between freshness scans.
	scanner workspace.Scanner
	// earlyMu guards early, the scan Open started for the first
	// freshness check (Options.ScanAtOpen), nil once taken or dropped;
	// scans is that scan's goroutine, which Close waits for.
	earlyMu sync.Mutex
	early   *earlyScan
	scans   sync.WaitGroup
	// linkedMu guards linked, the files the last full scan reached
	// through a symbolic link, and shared, the files found with other
	// names (hard links): file events name a link's target, and a change
	// made through another name, so [Engine.SyncPaths] stats these every
	// time.
	linkedMu sync.Mutex
	linked   []string
	shared   []string

	// now is the clock read times come from (time.Now in Unix
	// nanoseconds), and statOf turns an opened file's metadata into the
	// stat its row records (workspace.StatOf). Tests replace them to act
	// out a file system with coarser timestamps than the one they run on.
	now    func() int64
	statOf func(fs.FileInfo) (size, mtime, ctime, inode int64)
}

// New returns an Engine writing to db.
func New(db *index.DB, opts Options) *Engine {
	e := newEngine(opts)
	e.setDB(db)
	return e
}

// newEngine returns an Engine without its database, which [Open] sets
// once the index is open ([Engine.setDB]).
func newEngine(opts Options) *Engine {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Engine{opts: opts, now: func() int64 { return time.Now().UnixNano() }, statOf: workspace.StatOf}
}

// setDB sets the database e writes to, and its index lock.
func (e *Engine) setDB(db *index.DB) {
	e.db, e.flock = db, workspace.NewLock(db.Path()+".lock")
}

// Close waits for a running index run and makes later ones fail with
// index.ErrClosed. It does not close the database.
func (e *Engine) Close() {
	e.dropEarlyScan()
	e.scans.Wait()
	e.closed.Store(true)
	// Wait for the run that holds the turn; the runs waiting for theirs
	// find the engine closed.
	e.turns.Lock(context.Background(), 0, nil)
	e.turns.Unlock()
}

// mootEvery is how often a wait for the index lock asks whether the run
// it waits to do is still needed ([Engine.withLockUnless]).
const mootEvery = 50 * time.Millisecond

// errMoot ends a wait for the index lock whose work another run did.
var errMoot = errors.New("indexer: the files were indexed by another run meanwhile")

// WithLock runs fn holding the index lock: the in-process mutex and the
// cross-process file lock. With a timeout > 0 it waits at most that long,
// then fails with [ErrBusy]; otherwise as long as ctx allows, calling
// ctx's notice ([workspace.WithLockNotice]) once the wait lasts
// [workspace.LockNoticeDelay].
func (e *Engine) WithLock(ctx context.Context, timeout time.Duration, fn func() error) error {
	return e.withLockUnless(ctx, timeout, nil, fn)
}

// withLockUnless is [Engine.WithLock], but while it waits it calls moot
// (when not nil) every mootEvery, and returns errMoot without running fn
// once moot reports that fn has nothing left to do.
func (e *Engine) withLockUnless(ctx context.Context, timeout time.Duration, moot func() bool, fn func() error) error {
	lctx := ctx
	stop := func() {}
	if timeout > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	} else {
		// A wait without a timeout is told to ctx's notice, if any.
		stop = workspace.NoticeLockWait(ctx, e.flock.Path())
	}
	defer func() { stop() }()
	w := lockWaiter{moot: moot}
	if err := e.turns.Lock(lctx, mootEvery, w.check); err != nil {
		return e.waitErr(ctx, err)
	}
	defer e.turns.Unlock()
	if e.closed.Load() {
		return index.ErrClosed
	}
	e.dropEarlyScan()
	if err := workspace.LockInTurn(e.flock, func(d time.Duration) error { return w.wait(lctx, d) }); err != nil {
		if errors.Is(err, errMoot) || lctx.Err() != nil {
			return e.waitErr(ctx, err)
		}
		return fmt.Errorf("indexer: %w", err)
	}
	stop()
	stop = func() {}
	defer e.flock.Unlock()
	if err := e.rebind(ctx); err != nil {
		return err
	}
	return fn()
}

// lockWaiter paces a wait for the index lock and asks its moot function,
// when set, every mootEvery whether the wait is still worth it.
type lockWaiter struct {
	moot   func() bool
	asked  bool
	nextAt time.Time
}

// check returns errMoot when moot says the wait is moot. The first call
// asks moot at once (the lock was just found taken), later ones at most
// every mootEvery.
func (w *lockWaiter) check() error {
	if w.moot != nil && (!w.asked || !time.Now().Before(w.nextAt)) {
		w.asked, w.nextAt = true, time.Now().Add(mootEvery)
		if w.moot() {
			return errMoot
		}
	}
	return nil
}

// wait sleeps for d unless ctx ends first (its error) or the wait is
// moot ([lockWaiter.check]).
func (w *lockWaiter) wait(ctx context.Context, d time.Duration) error {
	if err := w.check(); err != nil {
		return err
	}
	return ctxsleep.Sleep(ctx, d)
}

// waitErr is the error of a wait for the index lock that ended with err:
// errMoot as it is, [ErrBusy] when the lock timeout passed, the caller's
// context error otherwise.
func (e *Engine) waitErr(ctx context.Context, err error) error {
	if errors.Is(err, errMoot) {
		return err
	}
	if ctx.Err() == nil {
		return e.lockErr(ctx)
	}
	return fmt.Errorf("indexer: lock %s: %w", e.flock.Path(), ctx.Err())
}

// lockErr reports a failed wait for the index lock: ErrBusy when the
// lock timeout passed, naming the lock file and its holder where the
// system tells, the caller's context error otherwise.
func (e *Engine) lockErr(ctx context.Context) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	holder := ""
	if pid := workspace.LockHolder(e.flock.Path()); pid > 0 {
		holder = ", " + workspace.LockWait{Path: e.flock.Path(), PID: pid}.Holder()
	}
	return fmt.Errorf("indexer: another index run holds %s%s: %w", e.flock.Path(), holder, ErrBusy)
}

// ExtraPaths returns the extra paths the engine reads now: those of
// [Options.ExtraPaths] that [Options.ExtraCheck] keeps.
func (e *Engine) ExtraPaths() []string {
	kept, _ := e.extraPaths()
	return kept
}

// zones returns the extra paths that may be used now, to read many
// files through: each is checked and resolved once for them all, not
// for each file (n files of n extra paths were n*n path walks).
func (e *Engine) zones() *workspace.Zones {
	extra, _ := e.extraPaths()
	z := workspace.NewZones(e.opts.Root, extra)
	z.Resolve() // now, right after the check, as a read of one file does
	return z
}

// extraPaths returns the extra paths that may be used now, with an
// error for each left out (see [Options.ExtraCheck]).
func (e *Engine) extraPaths() ([]string, []error) {
	if e.opts.ExtraCheck == nil || len(e.opts.ExtraPaths) == 0 {
		return e.opts.ExtraPaths, nil
	}
	return e.opts.ExtraCheck(e.opts.ExtraPaths)
}
