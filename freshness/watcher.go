package freshness

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/watcher"
)

// Start starts a watcher in slot that keeps e's index up to date with
// [WatchSync], waiting at most lockTimeout for the index lock, and stops
// on the errors [Fatal] names. Its syncs are the ones a search's
// freshness check runs, and take the index lock as every index run does.
func Start(ctx context.Context, e *indexer.Engine, slot *watcher.Slot, o watcher.Options, lockTimeout time.Duration) error {
	o.Fatal = Fatal
	return slot.Start(ctx, watcher.SyncFunc(func(ctx context.Context, ch watcher.Changes) ([]watcher.Event, error) {
		return WatchSync(ctx, e, ch, lockTimeout)
	}), o)
}

// Fatal reports whether a sync error should stop the watcher: the index
// is damaged or closed, so retrying cannot help.
func Fatal(err error) bool {
	return errors.Is(err, index.ErrCorrupt) || errors.Is(err, index.ErrClosed)
}

// Beat records a watcher's heartbeat hb in db, so that the status of
// other processes can report it ([WatcherState]). It is best effort: a
// failure is logged at debug level.
func Beat(db *index.DB, log *slog.Logger, hb watcher.Heartbeat) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := db.SetMetaQuiet(ctx, "watcher", hb.String()); err != nil {
		log.Debug("memweave: watch: heartbeat", "err", err)
	}
}

// WatcherState returns the state of the background watcher in slot
// (process pid's own) or, when it runs none, of another process's watcher
// whose heartbeat in db is recent, with that process's id. A watcher
// started on demand does not count: it indexes nothing by itself.
func WatcherState(ctx context.Context, db *index.DB, slot *watcher.Slot, pid int) (watcher.State, int) {
	if state := slot.State(); state != watcher.Off && !slot.OnDemand() {
		return state, pid
	}
	if hb, _ := db.Meta(ctx, "watcher"); hb != "" {
		return watcher.ParseHeartbeat(hb, time.Now())
	}
	return watcher.Off, 0
}
