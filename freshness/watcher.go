package freshness

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"os"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/watcher"
)

// Start starts a watcher in slot that keeps e's index (db) up to date
// with [WatchSync], waiting at most lockTimeout for the index lock, and
// stops on the errors [Fatal] names. Its syncs are the ones a search's
// freshness check runs, and take the index lock as every index run does.
// A background watcher (not o.OnDemand) records its heartbeat in db
// ([Beat]), logging failures to log.
func Start(ctx context.Context, e *indexer.Engine, db *index.DB, slot *watcher.Slot, o watcher.Options, lockTimeout time.Duration, log *slog.Logger) error {
	o.Fatal = Fatal
	if !o.OnDemand {
		poll := cmp.Or(o.PollInterval, watcher.DefaultPollInterval)
		o.Heartbeat = func(s watcher.State) {
			Beat(db, log, watcher.Heartbeat{State: s, PID: os.Getpid(), At: time.Now(), Poll: poll})
		}
	}
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

// WatcherState returns the state of the background watcher in slot, with
// this process's id, or, when it runs none, of another process's watcher
// whose heartbeat in db is recent, with that process's id. A watcher
// started on demand does not count: it indexes nothing by itself.
func WatcherState(ctx context.Context, db *index.DB, slot *watcher.Slot) (watcher.State, int) {
	if state := slot.State(); state != watcher.Off && !slot.OnDemand() {
		return state, os.Getpid()
	}
	if hb, _ := db.Meta(ctx, "watcher"); hb != "" {
		return watcher.ParseHeartbeat(hb, time.Now())
	}
	return watcher.Off, 0
}
