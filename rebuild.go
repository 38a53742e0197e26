package memweave

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"

	"github.com/memweave/memweave-go/index"
)

// Rebuild builds a fresh index of the workspace cfg describes in a
// temporary file next to the index file, then swaps it in, and returns
// what the fresh build did. Embeddings come from the old index's cache
// where it has them. Index runs of every process wait while it works;
// searches keep reading the old index until the swap.
//
// The swap depends on the old file:
//
//   - A readable memweave index is overwritten in place with SQLite's
//     online backup, in one write transaction (see [index.DB.Restore]).
//     The file keeps its inode, so other processes that have it open
//     (a watcher, a long-running server) switch to the new content at
//     their next read, without reopening. Renaming a new file over an
//     open SQLite database is not safe: those processes would keep the
//     old inode, their writes would be lost, and their -wal and -shm
//     files, which SQLite finds by name, would be shared with the new
//     file and could corrupt it.
//   - A damaged file ([ErrCorruptIndex]) cannot be written through
//     SQLite. Its -wal and -shm files are deleted, so that SQLite never
//     applies the old log to the new file, and the new file is renamed
//     over it with os.Rename, which is atomic. A process that still has
//     the damaged file open keeps reading it, and failing, until it
//     reopens the workspace.
//
// A SQLite file memweave did not create, or one from a newer memweave, is
// left alone: Rebuild returns the error of [index.Open].
func Rebuild(ctx context.Context, cfg Config, opts ...IndexOption) (*IndexResult, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(cfg.DBPath), 0o755); err != nil {
		return nil, fmt.Errorf("memweave: rebuild: %w", err)
	}
	lock := flock.New(cfg.DBPath + ".lock")
	if _, err := lock.TryLockContext(ctx, lockRetry); err != nil {
		return nil, fmt.Errorf("memweave: rebuild: lock %s: %w", lock.Path(), err)
	}
	defer lock.Unlock()

	live, err := index.Open(ctx, cfg.DBPath, index.Options{})
	switch {
	case err == nil:
		defer live.Close()
	case errors.Is(err, index.ErrCorrupt):
		live = nil
	default:
		return nil, fmt.Errorf("memweave: rebuild: %w", err)
	}

	tmp, err := os.CreateTemp(filepath.Dir(cfg.DBPath), filepath.Base(cfg.DBPath)+".rebuild-*")
	if err != nil {
		return nil, fmt.Errorf("memweave: rebuild: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close()
	defer removeDBFiles(tmpPath)
	defer os.Remove(tmpPath + ".lock")

	res, err := buildFresh(ctx, cfg, tmpPath, live != nil, opts)
	if err != nil {
		return res, err
	}
	if live != nil {
		if err := live.Restore(ctx, tmpPath); err != nil {
			return res, fmt.Errorf("memweave: rebuild: %w", err)
		}
		return res, nil
	}
	// The old file is damaged: replace it. Its log must go first, so that
	// no connection opening the new file applies it.
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(cfg.DBPath + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return res, fmt.Errorf("memweave: rebuild: %w", err)
		}
	}
	if err := os.Rename(tmpPath, cfg.DBPath); err != nil {
		return res, fmt.Errorf("memweave: rebuild: %w", err)
	}
	return res, nil
}

// lockRetry is how often a wait for the cross-process index lock retries.
const lockRetry = 20 * time.Millisecond

// buildFresh indexes the workspace into a new database at path and closes
// it, leaving no -wal file behind. With importCache, the embedding cache
// of cfg.DBPath is copied in first.
func buildFresh(ctx context.Context, cfg Config, path string, importCache bool, opts []IndexOption) (*IndexResult, error) {
	tcfg := cfg
	tcfg.DBPath = path
	fresh, err := Open(ctx, tcfg)
	if err != nil {
		return nil, fmt.Errorf("memweave: rebuild: %w", err)
	}
	var warn error
	if importCache {
		if _, err := fresh.db.ImportCache(ctx, cfg.DBPath); err != nil {
			warn = fmt.Errorf("could not reuse the old index's embedding cache, embedding everything again: %w", err)
		}
	}
	res, err := fresh.Index(ctx, opts...)
	if err == nil && importCache {
		err = fresh.db.DropLiveFromCache(ctx)
	}
	if cerr := fresh.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if res != nil && warn != nil {
		res.Warnings = append(res.Warnings, Warning{Err: warn})
	}
	if err != nil {
		return res, fmt.Errorf("memweave: rebuild: %w", err)
	}
	// Closing the last connection checkpoints and deletes the WAL; a WAL
	// left behind would not travel with a rename.
	if _, err := os.Stat(path + "-wal"); err == nil {
		return res, fmt.Errorf("memweave: rebuild: %s-wal still exists after close", path)
	}
	return res, nil
}

// removeDBFiles deletes a database file and its -wal and -shm files.
func removeDBFiles(path string) {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		os.Remove(path + suffix)
	}
}
