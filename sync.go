package memweave

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/memweave/memweave-go/gitsync"
	"github.com/memweave/memweave-go/indexer"
)

// Sync's types, defined in package gitsync.
type (
	// SyncResult is what one [Weave.Sync] did; see [gitsync.Result].
	SyncResult = gitsync.Result
	// SyncStatus is a workspace's sync state; see [gitsync.Status].
	SyncStatus = gitsync.Status
	// SyncConflict is a note changed on two machines; see [gitsync.Conflict].
	SyncConflict = gitsync.Conflict
)

// Sentinels of [Weave.Sync] and [Weave.SyncStatus]; see package gitsync.
var (
	ErrNoRepository = gitsync.ErrNoRepository
	ErrNoRemote     = gitsync.ErrNoRemote
	ErrSyncRefused  = gitsync.ErrRefused
	ErrRewritten    = gitsync.ErrRewritten
	ErrInProgress   = gitsync.ErrInProgress
	// ErrNoRemoteBranch: the remote lacks the branch but has others.
	ErrNoRemoteBranch = gitsync.ErrNoRemoteBranch
)

// SyncOption sets a per-call option of [Weave.Sync], [Weave.SyncEvery]
// and [Weave.SyncStatus].
type SyncOption func(*gitsync.Options)

// SyncAuthor sets the author of sync's commits, "Name <email>"; unset,
// git's user.name and user.email.
func SyncAuthor(author string) SyncOption { return func(o *gitsync.Options) { o.Author = author } }

// SyncRemote names the git remote; unset, "origin".
func SyncRemote(name string) SyncOption { return func(o *gitsync.Options) { o.Remote = name } }

// SyncStallTimeout stops a fetch or push that makes no progress for d
// (gitsync.Options.StallTimeout): 0, 2 minutes; below 0, no bound.
func SyncStallTimeout(d time.Duration) SyncOption {
	return func(o *gitsync.Options) { o.StallTimeout = d }
}

// reindexWarning starts each warning of a sync's re-index in its
// result: a note the index left out.
const reindexWarning = "re-index: "

// syncOptions returns gitsync's options for this Weave with opts applied.
// The re-index's warnings (a note it left out: one holding conflict
// markers, one not text) go to warned, when not nil.
func (w *Weave) syncOptions(opts []SyncOption, warned *[]string) gitsync.Options {
	o := gitsync.Options{MaxBlobBytes: w.cfg.MaxFileBytes, MaxTreeBytes: w.cfg.MaxTreeBytes, Now: w.cfg.Now}
	for _, opt := range opts {
		opt(&o)
	}
	// The whole work tree, not only the paths the remote changed: a
	// fresh clone holds notes no sync brought, which the index lacks,
	// and a search right after the sync must find every note it shows.
	o.Reindex = func(ctx context.Context, _ []string) (int, error) {
		res, err := w.eng.Sync(ctx, indexer.SyncOptions{LockTimeout: syncLockTimeout})
		if res == nil {
			return 0, err
		}
		if warned != nil {
			for _, wn := range res.Warnings {
				*warned = append(*warned, reindexWarning+wn.Error())
			}
		}
		return res.FilesIndexed, err
	}
	return o
}

// Sync shares the workspace's memory through its git remote, as package
// gitsync describes (untrusted input, conflict copies, locking), then
// brings the index up to date with the work tree (a stat scan, which
// reads the notes the remote changed and, after the first sync of a
// fresh clone, those the clone brought). The workspace must be the
// top folder of a git repository with a remote; otherwise the error wraps
// [ErrNoRepository] or [ErrNoRemote] and says what to run.
func (w *Weave) Sync(ctx context.Context, opts ...SyncOption) (*SyncResult, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var warned []string
	res, err := gitsync.Sync(ctx, w.cfg.Workspace, w.syncOptions(opts, &warned))
	if res != nil {
		res.Warnings = append(res.Warnings, warned...)
	}
	if err != nil {
		err = fmt.Errorf("memweave: sync: %w", err)
	}
	return res, err
}

// SyncStatus reports the workspace's sync state, without a network call;
// see [gitsync.Status].
func (w *Weave) SyncStatus(ctx context.Context, opts ...SyncOption) (*SyncStatus, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	st, err := gitsync.ReadStatus(ctx, w.cfg.Workspace, w.syncOptions(opts, nil))
	if err != nil {
		return nil, fmt.Errorf("memweave: sync status: %w", err)
	}
	return st, nil
}

// SyncConflicts lists the conflict copies under memory/ that syncs made
// and nobody has merged yet (see [gitsync.Conflicts]).
func (w *Weave) SyncConflicts(ctx context.Context) ([]SyncConflict, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	return gitsync.Conflicts(w.cfg.Workspace)
}

// SyncTimeout bounds each run of the [Weave.SyncEvery] loop.
const SyncTimeout = 5 * time.Minute

// MinSyncInterval is the shortest interval [Weave.SyncEvery] takes: a
// shorter one runs git back to back (a server with --sync-every 1ns used
// two thirds of two cores doing nothing but sync, and its remote's).
const MinSyncInterval = time.Second

// SyncEvery starts a goroutine that runs [Weave.Sync] every interval
// (the first at once, each given at most [SyncTimeout]; one that takes
// the interval or longer is followed by a whole interval of rest) until
// [Weave.Close], which stops and waits for it. A failed sync is logged
// (once while the syncs keep failing alike, and a sync that works after
// is logged too) and recorded for [Weave.SyncStatus]; the next runs on
// schedule. It
// fails if the workspace cannot sync at all or a loop already runs.
func (w *Weave) SyncEvery(ctx context.Context, interval time.Duration, opts ...SyncOption) error {
	if interval < MinSyncInterval {
		return fmt.Errorf("memweave: sync every %v: the interval must be at least %v", interval, MinSyncInterval)
	}
	if err := w.checkOpen(); err != nil {
		return err
	}
	if _, err := gitsync.ReadStatus(ctx, w.cfg.Workspace, w.syncOptions(opts, nil)); err != nil {
		return fmt.Errorf("memweave: sync every %s: %w", interval, err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return ErrClosed
	}
	if w.syncStop != nil {
		return errors.New("memweave: sync every: a sync loop already runs")
	}
	w.syncStop = gitsync.Every(context.WithoutCancel(ctx), interval, SyncTimeout,
		func(ctx context.Context) error {
			res, err := w.Sync(ctx, opts...)
			if res == nil {
				return err
			}
			// A note the re-index left out is gone from every search;
			// other warnings (notes git ignores) would repeat each run.
			for _, wn := range res.Warnings {
				if strings.HasPrefix(wn, reindexWarning) {
					w.cfg.Logger.Warn("memweave: background sync", "workspace", w.cfg.Workspace, "warning", wn)
				}
			}
			return err
		},
		func(err error) {
			if err == nil {
				w.cfg.Logger.Info("memweave: background sync works again", "workspace", w.cfg.Workspace)
				return
			}
			w.cfg.Logger.Warn("memweave: background sync failed", "workspace", w.cfg.Workspace, "err", err)
		})
	return nil
}
