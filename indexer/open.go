package indexer

import (
	"context"
	"fmt"

	"github.com/memweave/memweave-go/index"
	"github.com/memweave/memweave-go/memfile"
)

// Open readies the workspace opts.Root for indexing into the database at
// dbPath: it undoes a torn append of a killed process ([memfile.Recover]),
// opens (or creates) the index, records the engine's identity in a
// new one ([Engine.Adopt]), and drops the rows of an index made for
// another memory folder ([Engine.Bind]): its warning is returned, for
// the caller to tell its user. With [Options.ScanAtOpen] it starts the
// scan of the first freshness check before the index opens. The caller
// closes the engine, then the database.
func Open(ctx context.Context, dbPath string, opts Options) (*index.DB, *Engine, *Warning, error) {
	if err := memfile.Recover(ctx, opts.Root); err != nil {
		return nil, nil, nil, fmt.Errorf("memweave: open workspace %s: %w", opts.Root, err)
	}
	eng := newEngine(opts)
	if opts.ScanAtOpen {
		eng.startEarlyScan()
	}
	db, err := index.Open(ctx, dbPath, index.Options{OneShot: opts.OneShot})
	if err != nil {
		eng.Close()
		return nil, nil, nil, err
	}
	eng.setDB(db)
	if err := eng.Adopt(ctx); err != nil {
		eng.Close()
		db.Close()
		return nil, nil, nil, err
	}
	warn, err := eng.Bind(ctx)
	if err != nil {
		eng.Close()
		db.Close()
		return nil, nil, nil, err
	}
	return db, eng, warn, nil
}
