package freshness

import (
	"cmp"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/indexer"
	"github.com/memweave/memweave-go/memfile"
	"github.com/memweave/memweave-go/watcher"
	"github.com/memweave/memweave-go/workspace"
)

// start starts a watcher in slot that keeps e's index (db) up to date
// (watchSync), waiting at most lockTimeout for the index lock, and
// stops on the errors fatal names. Its syncs are the ones a search's
// freshness check runs, and take the index lock as every index run does.
// A background watcher (not o.OnDemand) records its heartbeat in the
// file beside db's (beat), logging failures to log. relearn, when not
// nil, runs before each pass ([Keeper.Relearn]).
func start(ctx context.Context, e *indexer.Engine, db *index.DB, slot *watcher.Slot, o watcher.Options, lockTimeout time.Duration, log *slog.Logger,
	relearn func(context.Context) (*indexer.Result, bool, error)) error {
	o.Fatal = fatal
	if !o.OnDemand {
		poll := cmp.Or(o.PollInterval, watcher.DefaultPollInterval)
		var mu sync.Mutex // a state change and a poll tick may beat at once
		o.Heartbeat = func(s watcher.State) {
			mu.Lock()
			defer mu.Unlock()
			beat(db.Path(), log, watcher.Heartbeat{State: s, PID: os.Getpid(), At: time.Now(), Poll: poll})
		}
	}
	return slot.Start(ctx, watcher.SyncFunc(func(ctx context.Context, ch watcher.Changes) ([]watcher.Event, error) {
		if relearn != nil {
			// A full pass: it covers the paths of ch.
			if res, done, err := relearn(ctx); done {
				if res == nil {
					return nil, err
				}
				return events(e, res, err), err
			}
		}
		return watchSync(ctx, e, ch, indexer.SyncOptions{LockTimeout: lockTimeout})
	}), o)
}

// fatal reports whether a sync error should stop the watcher: the index
// is damaged or closed, so retrying cannot help.
func fatal(err error) bool {
	return errors.Is(err, index.ErrCorrupt) || errors.Is(err, index.ErrClosed)
}

// heartbeatPath returns the file in which the background watcher of the
// index at dbPath records its heartbeat: beside the index, not in it,
// because any write to the index file, even one that leaves the
// generation alone, empties the page cache of every connection reading
// it, and a running watcher beats every poll interval.
func heartbeatPath(dbPath string) string { return dbPath + ".watcher" }

// beat records a watcher's heartbeat hb for the index at dbPath
// (heartbeatPath), so that the status of other processes can report it
// (watcherState). It is best effort: a failure is logged at debug level.
// It waits for no disk ([memfile.WriteVolatile]): a beat lost in a crash
// is one a reader would take for stale, and a running watcher beats
// every poll interval for as long as it runs.
func beat(dbPath string, log *slog.Logger, hb watcher.Heartbeat) {
	if err := memfile.WriteVolatile(heartbeatPath(dbPath), []byte(hb.String()+"\n"), 0o644); err != nil {
		log.Debug("memweave: watch: heartbeat", "err", err)
	}
}

// watcherState returns the state of the background watcher in slot, with
// this process's id, or, when it runs none, of another process's watcher
// whose heartbeat beside db is recent, with that process's id. A watcher
// started on demand does not count: it indexes nothing by itself.
func watcherState(_ context.Context, db *index.DB, slot *watcher.Slot) (watcher.State, int) {
	if state := slot.State(); state != watcher.Off && !slot.OnDemand() {
		return state, os.Getpid()
	}
	if hb, err := readHeartbeat(heartbeatPath(db.Path())); err == nil {
		return watcher.ParseHeartbeat(strings.TrimSpace(hb), time.Now())
	}
	return watcher.Off, 0
}

// maxHeartbeat bounds what watcherState reads of a heartbeat file: a
// heartbeat is one short line, and a file put there by anything else
// must not cost memory.
const maxHeartbeat = 256

// readHeartbeat returns at most maxHeartbeat bytes of the regular file at
// path, refusing anything else ([workspace.OpenRegular]), so that a pipe
// there cannot stall a status.
func readHeartbeat(path string) (string, error) {
	f, _, err := workspace.OpenRegular(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxHeartbeat))
	return string(b), err
}
