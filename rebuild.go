package memweave

import (
	"context"
	"fmt"

	"github.com/memweave/memweave-go/indexer"
)

// Rebuild builds a fresh index of the workspace cfg describes in a
// temporary file next to the index file, then swaps it in, and returns
// what the fresh build did. Embeddings come from the old index's cache
// where it has them. Index runs of every process wait while it works;
// searches keep reading the old index until the swap. A readable index is
// overwritten in place, so that processes that have it open switch over
// without reopening; a damaged one ([ErrCorruptIndex]) is replaced by an
// atomic rename. A SQLite file memweave did not create, or one from a
// newer memweave, is left alone. [indexer.Rebuild] explains why.
func Rebuild(ctx context.Context, cfg Config, opts ...IndexOption) (*IndexResult, error) {
	// Only the paths are filled in: Open fills in the rest from the
	// workspace's settings.
	if err := cfg.pathDefaults(); err != nil {
		return nil, err
	}
	return indexer.Rebuild(ctx, cfg.DBPath, func(ctx context.Context, path string, importCache bool) (*IndexResult, error) {
		tcfg := cfg
		tcfg.DBPath = path
		fresh, err := Open(ctx, tcfg)
		var res *IndexResult
		if err == nil {
			run := func(ctx context.Context) (*IndexResult, error) { return fresh.Index(ctx, opts...) }
			res, err = indexer.Fill(ctx, fresh.db, cfg.DBPath, importCache, run, fresh.Close)
		}
		if err != nil {
			return res, fmt.Errorf("memweave: rebuild: %w", err)
		}
		return res, nil
	})
}
