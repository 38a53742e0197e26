package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/workspace"
)

// BuildFunc builds a fresh index at path and closes it, leaving no -wal
// file behind. With importCache, it should first copy the embedding cache
// of the index being replaced, so nothing is embedded again.
type BuildFunc func(ctx context.Context, path string, importCache bool) (*Result, error)

// lockRetry is how often a wait for the cross-process index lock retries.
const lockRetry = 20 * time.Millisecond

// Rebuild builds a fresh index with build in a temporary file next to
// dbPath, then swaps it in, holding the cross-process index lock
// throughout, and returns what build did. It first removes the temporary
// files of rebuilds that were killed (nothing else can hold them while it
// has the lock; [index.Open] removes them too when the lock is free).
//
// The swap depends on the old file. A readable memweave index is
// overwritten in place with SQLite's online backup, in one write
// transaction ([index.DB.Restore]): the file keeps its inode, so other
// processes that have it open (a watcher, a long-running server) switch
// to the new content at their next read, without reopening. Renaming a
// new file over an open SQLite database is not safe: those processes
// would keep the old inode, their writes would be lost, and their -wal
// and -shm files, which SQLite finds by name, would be shared with the new
// file and could corrupt it. A damaged file ([index.ErrCorrupt]) cannot be
// written through SQLite: its -wal and -shm files are deleted, so that
// SQLite never applies the old log to the new file, and the new file is
// renamed over it, atomically; a process that still has the damaged file
// open keeps failing until it reopens the workspace. A SQLite file memweave did
// not create, or one from a newer memweave, is left alone: Rebuild returns
// the error of [index.Open].
func Rebuild(ctx context.Context, dbPath string, build BuildFunc) (*Result, error) {
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o755); err != nil {
		return nil, fmt.Errorf("indexer: rebuild: %w", err)
	}
	lock := workspace.NewLock(dbPath + ".lock")
	stop := workspace.NoticeLockWait(ctx, lock.Path())
	_, err := lock.TryLockContext(ctx, lockRetry)
	stop()
	if err != nil {
		return nil, fmt.Errorf("indexer: rebuild: lock %s: %w", lock.Path(), err)
	}
	defer lock.Unlock()
	index.RemoveRebuildLeftovers(dbPath)

	live, err := index.Open(ctx, dbPath, index.Options{})
	switch {
	case err == nil:
		defer live.Close()
	case errors.Is(err, index.ErrCorrupt):
		live = nil
	default:
		return nil, fmt.Errorf("indexer: rebuild: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dbPath), filepath.Base(dbPath)+index.RebuildPattern)
	if err != nil {
		return nil, fmt.Errorf("indexer: rebuild: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close()
	defer removeDBFiles(tmpPath)

	res, err := build(ctx, tmpPath, live != nil)
	if err != nil {
		return res, err
	}
	if live != nil {
		if err := live.Restore(ctx, tmpPath); err != nil {
			return res, fmt.Errorf("indexer: rebuild: %w", err)
		}
		return res, nil
	}
	// The old file is damaged: replace it. Its log must go first, so that
	// no connection opening the new file applies it.
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(dbPath + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return res, fmt.Errorf("indexer: rebuild: %w", err)
		}
	}
	if err := os.Rename(tmpPath, dbPath); err != nil {
		return res, fmt.Errorf("indexer: rebuild: %w", err)
	}
	return res, nil
}

// removeDBFiles deletes a database file, its -wal and -shm files, its
// lock file and its lock's turns folder when empty.
func removeDBFiles(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", ".lock", ".lock" + workspace.TurnsSuffix} {
		os.Remove(path + suffix)
	}
}

// Fill builds the fresh index db of a [BuildFunc] with run, then closes
// it with closeDB, leaving no -wal file behind. With importCache, the
// embedding cache of the index at oldPath is copied in first (a failure is
// a warning: everything is embedded again), and after the run the entries
// the fresh index holds as vectors are dropped from it. The fresh index is
// vacuumed: the build and the cache cleanup leave free pages, which the
// copy over the old index would keep.
func Fill(ctx context.Context, db *index.DB, oldPath string, importCache bool, run func(context.Context) (*Result, error), closeDB func() error) (*Result, error) {
	path := db.Path()
	var warn error
	if importCache {
		if _, err := db.ImportCache(ctx, oldPath); err != nil {
			warn = fmt.Errorf("could not reuse the old index's embedding cache, embedding everything again: %w", err)
		}
	}
	res, err := run(ctx)
	if err == nil && importCache {
		err = db.DropLiveFromCache(ctx)
	}
	if err == nil {
		err = db.Vacuum(ctx)
	}
	if cerr := closeDB(); err == nil && cerr != nil {
		err = cerr
	}
	if res != nil && warn != nil {
		res.Warnings = append(res.Warnings, Warning{Err: warn})
	}
	if err != nil {
		return res, err
	}
	// Closing the last connection checkpoints and deletes the WAL; a WAL
	// left behind would not travel with a rename.
	if _, err := os.Stat(path + "-wal"); err == nil {
		return res, fmt.Errorf("%s-wal still exists after close", path)
	}
	return res, nil
}
