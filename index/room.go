package index

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// minRoom is the least free space, in bytes, beyond what its file system
// had after a write failed on a full disk, that the next write waits for
// (see [DB.noteFull]).
const minRoom = 1 << 20

// noteFull is called after a write transaction failed with err and was
// rolled back. When err says the disk is full, it gives back what it can
// of the write-ahead log's space (a checkpoint that truncates the log,
// which works when the rolled-back frames are all the log holds past the
// last checkpoint) and makes the next writes wait, failing at once
// ([DB.roomToWrite]), until the index's file system has more room than
// the failed write had: the free space once the log gave back what it
// could, plus a quarter of the log's size at the failure, at least
// minRoom. Retrying with less would fill the disk again. The index is a
// cache: a long-lived
// process that retried at once would take, each time, the space the user
// frees for the notes.
func (db *DB) noteFull(ctx context.Context, err error) {
	if !diskFull(err) {
		return
	}
	var wal int64
	if fi, err := os.Stat(db.path + "-wal"); err == nil {
		wal = fi.Size()
	}
	_ = db.Checkpoint(ctx) // best effort: see the doc comment
	if free, ok := freeBytes(filepath.Dir(db.path)); ok {
		db.room.Store(free + max(uint64(wal)/4, minRoom))
	}
}

// roomToWrite returns nil when the handle may write, or, after a write
// failed on a full disk ([DB.noteFull]), while the index's file system has
// less free space than that write lacked, an error naming it that
// errors.Is finds as [syscall.ENOSPC]. The first write once there is room
// ends the wait.
func (db *DB) roomToWrite() error {
	need := db.room.Load()
	if need == 0 {
		return nil
	}
	dir := filepath.Dir(db.path)
	free, ok := freeBytes(dir)
	if !ok || free >= need {
		db.room.CompareAndSwap(need, 0)
		return nil
	}
	return fmt.Errorf("a write failed on a full disk; the index writes again once %s has %d KiB free (it has %d), leaving the space to the notes: %w",
		dir, need>>10, free>>10, syscall.ENOSPC)
}

// diskFull reports whether err says the disk is full: SQLite's
// SQLITE_FULL or the system's ENOSPC or EDQUOT.
func diskFull(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.Code == sqlite3.ErrFull ||
		errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
