package memweave

import (
	"context"

	"github.com/memweave/memweave-go/indexer"
)

// CheckReport is what [Weave.Check] found and fixed; see
// [indexer.CheckReport].
type CheckReport = indexer.CheckReport

// CheckOption sets a per-call option of [Weave.Check].
type CheckOption = indexer.CheckOption

// Repair makes [Weave.Check] fix what it finds.
func Repair() CheckOption { return indexer.Repair() }

// Check verifies the index against the files (every file is read and
// hashed) and itself, and reports problems in its result; with [Repair]
// it fixes them, a damaged database by [Rebuild]. See
// [indexer.Engine.Verify].
func (w *Weave) Check(ctx context.Context, opts ...CheckOption) (*CheckReport, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	rebuild := func(ctx context.Context) (*IndexResult, error) { return Rebuild(ctx, w.cfg) }
	return w.eng.Verify(ctx, rebuild, opts...)
}
