package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// minRoom is the least free space, in bytes, beyond what its file system
// had after a write failed on a full disk, that the next write waits for
// (see [DB.noteFull]).
const minRoom = 1 << 20

// A handle waiting for room tries one write with less than it waits for
// once some space came back (more free than after the failure) and
// firstTrial passed since the failure; each trial that fails doubles the
// time to the next, up to lastTrial. A small disk that never gets minRoom
// back then still gets its index written, without a restart.
const (
	firstTrial = time.Minute
	lastTrial  = time.Hour
)

// roomHold is the wait of a handle for free space after a write failed
// on a full disk.
type roomHold struct {
	mu    sync.Mutex
	need  uint64        // free bytes wanted before the next write; 0: none
	after uint64        // free bytes once the failed write gave back its space
	trial time.Time     // from then, one write is tried if free > after
	gap   time.Duration // from one trial to the next; 0 after a write worked
	// now and free stand for the clock and statfs in tests; nil: the
	// system's.
	now  func() time.Time
	free func(dir string) (uint64, bool)
}

func (h *roomHold) freeBytes(dir string) (uint64, bool) {
	if h.free != nil {
		return h.free(dir)
	}
	return freeBytes(dir)
}

func (h *roomHold) clock() time.Time {
	if h.now != nil {
		return h.now()
	}
	return time.Now()
}

// written ends the wait: a write worked.
func (h *roomHold) written() {
	h.mu.Lock()
	h.need, h.gap = 0, 0
	h.mu.Unlock()
}

// noteFull is called after a write transaction failed with err and was
// rolled back. When err says the disk is full, it gives back what it can
// of the write-ahead log's space (a checkpoint that truncates the log,
// which works when the rolled-back frames are all the log holds past the
// last checkpoint) and makes the next writes wait, failing at once
// ([DB.roomToWrite]), until the index's file system has more room than
// the failed write had: the free space once the log gave back what it
// could, plus a quarter of the log's size at the failure, at least
// minRoom; or until a trial (see firstTrial). Retrying at once would
// fill the disk again. The index is a cache: a long-lived process that
// retried at once would take, each time, the space the user frees for
// the notes.
func (db *DB) noteFull(ctx context.Context, err error) {
	if !diskFull(err) {
		return
	}
	var wal int64
	if fi, err := os.Stat(db.path + "-wal"); err == nil {
		wal = fi.Size()
	}
	_ = db.Checkpoint(ctx) // best effort: see the doc comment
	h := &db.room
	free, ok := h.freeBytes(filepath.Dir(db.path))
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.need, h.after = free+max(uint64(wal)/4, minRoom), free
	h.gap = min(max(2*h.gap, firstTrial), lastTrial)
	h.trial = h.clock().Add(h.gap)
}

// roomToWrite returns nil when the handle may write, or, after a write
// failed on a full disk ([DB.noteFull]), while the index's file system has
// less free space than that write lacked, an error naming it that
// errors.Is finds as [syscall.ENOSPC]. The first write once there is room
// ends the wait; a trial's write (more free than after the failure, the
// trial's time passed) is let through, one per trial.
func (db *DB) roomToWrite() error {
	h := &db.room
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.need == 0 {
		return nil
	}
	dir := filepath.Dir(db.path)
	free, ok := h.freeBytes(dir)
	if !ok || free >= h.need {
		h.need = 0
		return nil
	}
	now := h.clock()
	if free > h.after && !now.Before(h.trial) {
		h.trial = now.Add(h.gap) // one trial at a time
		return nil
	}
	return fmt.Errorf("a write failed on a full disk; the index writes again once %s has %d KiB free (it has %d; with more than the %d it had then, it tries at %s), leaving the space to the notes: %w",
		dir, h.need>>10, free>>10, h.after>>10, h.trial.Format("15:04:05"), syscall.ENOSPC)
}

// diskFull reports whether err says the disk is full: SQLite's
// SQLITE_FULL or the system's ENOSPC or EDQUOT.
func diskFull(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrFull ||
		errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
