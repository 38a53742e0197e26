package memweave

import (
	"context"

	"github.com/memweave/memweave-go/indexer"
)

// CheckReport is what [Weave.Check] found and fixed; see
// [indexer.CheckReport].
type CheckReport = indexer.CheckReport

// CheckOption sets a per-call option of [Weave.Check].
type CheckOption func(*checkSettings)

type checkSettings struct{ repair bool }

// Repair makes [Weave.Check] fix what it finds.
func Repair() CheckOption { return func(s *checkSettings) { s.repair = true } }

// Check verifies the index against the files (every file is read and
// hashed) and itself ([indexer.Engine.Check]), and reports problems in
// its result; the error is for failures to check at all. It changes
// nothing unless [Repair] is given; then it fixes them
// ([indexer.Engine.Repair]; a damaged database is rebuilt with
// [Rebuild]) and returns a fresh report whose Repaired lists only the
// repairs that held.
func (w *Weave) Check(ctx context.Context, opts ...CheckOption) (*CheckReport, error) {
	if err := w.checkOpen(); err != nil {
		return nil, err
	}
	var o checkSettings
	for _, opt := range opts {
		opt(&o)
	}
	rep, changed, err := w.eng.Check(ctx)
	if err != nil || !o.repair || rep.OK() {
		return rep, err
	}
	rebuild := func(ctx context.Context) (*IndexResult, error) { return Rebuild(ctx, w.cfg) }
	after, err := w.eng.Repair(ctx, rep, changed, rebuild)
	if err != nil {
		return rep, err
	}
	return after, nil
}
