// Package freshness joins a workspace's index engine (package indexer)
// to its file watcher (package watcher), which must not import each
// other: the index runs of a watched workspace, where what the watcher's
// events say changed is all an index run or a freshness check looks at.
package freshness

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/watcher"
)

// watchSync is a watcher's [watcher.Syncer] for e: it re-indexes the
// paths the watcher's events named, or what a stat scan finds stale
// when events may have been lost ([indexer.Engine.SyncStale]), with the
// options o of its index run, and returns an event per file it
// re-indexed or removed and per warning. The watcher's own runs bound
// only the wait for the lock; a search's (syncWatched) also bounds the
// wait for new texts' vectors, as the freshness check of an unwatched
// search does ([indexer.Check.Finish]).
func watchSync(ctx context.Context, e *indexer.Engine, ch watcher.Changes, o indexer.SyncOptions) ([]watcher.Event, error) {
	var res *indexer.Result
	var err error
	// The run only brings the named files up to date: when another
	// process has indexed them while this one waited for the lock, it
	// is over.
	o.Refresh = true
	if ch.All || e.Replaced(ctx) {
		res, err = e.SyncStale(ctx, o.LockTimeout)
	} else {
		res, err = e.SyncPaths(ctx, ch.Paths, o)
	}
	if res == nil {
		return nil, err
	}
	return events(e, res, err), err
}

// events are the watcher events of the index run r that ended with err:
// the first warning of each file goes with its event; the others, and
// those of files not indexed, are events of their own.
func events(e *indexer.Engine, r *indexer.Result, err error) []watcher.Event {
	first := make(map[string]int, len(r.Warnings))
	for i := len(r.Warnings) - 1; i >= 0; i-- {
		first[r.Warnings[i].Path] = i
	}
	indexed := make(map[string]bool, len(r.Indexed))
	var evs []watcher.Event
	for _, p := range r.Indexed {
		indexed[p] = true
		ev := watcher.Event{Path: p, Err: err}
		if i, ok := first[p]; ok && err == nil {
			ev.Err = r.Warnings[i]
		}
		evs = append(evs, ev)
	}
	for _, p := range r.Deleted {
		evs = append(evs, watcher.Event{Path: p, Removed: true, Err: err})
	}
	for i, wn := range r.Warnings {
		if wn.Path == "" || !indexed[wn.Path] || first[wn.Path] != i {
			evs = append(evs, watcher.Event{Path: wn.Path, Err: wn})
		}
	}
	if r.FilesPending > 0 {
		evs = append(evs, watcher.Event{Err: e.PendingWarning(r)})
	}
	return evs
}

// errWatcherBusy is the error of a wait for the watcher's turn past its
// bound: the watcher's own run held it, as busy as the index lock.
var errWatcherBusy = fmt.Errorf("freshness: another index run is in progress: %w", indexer.ErrBusy)

// syncWatched brings e's index up to date with the files through the
// watcher in slot, which must be running, and returns what the sync
// warned about, waiting at most lockTimeout for the lock, and as long
// for the vectors of the texts it finds new (past it they stay pending,
// found by keyword). ok is false
// when the watcher stopped: the caller scans instead.
func syncWatched(ctx context.Context, e *indexer.Engine, slot *watcher.Slot, lockTimeout time.Duration) (warns []indexer.Warning, ok bool) {
	var evs []watcher.Event
	err := slot.Do(ctx, lockTimeout, func(ctx context.Context, ch watcher.Changes) error {
		ch.All = ch.All || e.Replaced(ctx)
		if ch.Empty() && !e.Linked() {
			return nil
		}
		var err error
		// A search waits for new texts' vectors no longer than for the
		// lock; past that they stay pending, found by keyword.
		evs, err = watchSync(ctx, e, ch, indexer.SyncOptions{LockTimeout: lockTimeout, EmbedTimeout: lockTimeout})
		return err
	})
	switch {
	case errors.Is(err, watcher.ErrStopped):
		return nil, false
	case errors.Is(err, watcher.ErrBusy):
		err = errWatcherBusy
		fallthrough
	case err != nil:
		warns = append(warns, indexer.Warning{Err: fmt.Errorf("could not refresh changed files; results may be stale: %w", err)})
	}
	for _, ev := range evs {
		if ev.Err == nil || err != nil {
			continue
		}
		// An event's error is mostly the index run's warning, which
		// names the file already.
		wn, ok := ev.Err.(indexer.Warning)
		if !ok {
			wn = indexer.Warning{Path: ev.Path, Err: ev.Err}
		}
		warns = append(warns, wn)
	}
	return warns, true
}

// syncThrough runs an index run of e with options o through the watcher in
// slot, which must be running: it looks at the files the watcher saw
// change, and with o.Pending the ones pending embeddings, only; a full
// scan when the watcher may have lost events or has stopped. A wait for
// the watcher's turn past o.LockTimeout wraps [indexer.ErrBusy].
func syncThrough(ctx context.Context, e *indexer.Engine, slot *watcher.Slot, o indexer.SyncOptions) (*indexer.Result, error) {
	var res *indexer.Result
	err := slot.Do(ctx, o.LockTimeout, func(ctx context.Context, ch watcher.Changes) error {
		var err error
		if ch.All || e.Replaced(ctx) {
			res, err = e.Sync(ctx, o)
		} else {
			res, err = e.SyncPaths(ctx, ch.Paths, o)
		}
		return err
	})
	switch {
	case errors.Is(err, watcher.ErrStopped):
		return e.Sync(ctx, o)
	case errors.Is(err, watcher.ErrBusy):
		return nil, errWatcherBusy
	}
	return res, err
}
