package memweave

import (
	"context"
	"fmt"
	"os"

	"github.com/memweave/memweave-go/indexer"
)

// Rebuild builds a fresh index of the workspace cfg describes in a
// temporary file next to the index file, then swaps it in, and returns
// what the fresh build did. Embeddings come from the old index's cache
// where it has them. Index runs of every process wait while it works;
// searches keep reading the old index until the swap. A readable index is
// overwritten in place with SQLite's online backup, so that processes
// that have it open switch over without reopening; a damaged one
// ([ErrCorruptIndex]) is replaced by an atomic rename. A SQLite file
// memweave did not create, or one from a newer memweave, is left alone.
// [indexer.Rebuild] explains why.
func Rebuild(ctx context.Context, cfg Config, opts ...IndexOption) (*IndexResult, error) {
	// Only the paths are filled in: Open fills in the rest from the
	// workspace's settings.
	if err := cfg.pathDefaults(); err != nil {
		return nil, err
	}
	return indexer.Rebuild(ctx, cfg.DBPath, func(ctx context.Context, path string, importCache bool) (*IndexResult, error) {
		return buildFresh(ctx, cfg, path, importCache, opts)
	})
}

// buildFresh indexes the workspace into a new database at path, vacuums
// it and closes it, leaving no -wal file behind. With importCache, the embedding cache
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
	if err == nil {
		// The build and the cache cleanup leave free pages, which the
		// copy over the old index would keep.
		err = fresh.db.Vacuum(ctx)
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
