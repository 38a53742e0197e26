package memweave

import (
	"context"

	"github.com/memweave/memweave-go/indexer"
)

// CheckReport is what [Weave.Check] found and, when it repaired, what it
// fixed; see [indexer.CheckReport].
type CheckReport = indexer.CheckReport

// CheckOption sets a per-call option of [Weave.Check].
type CheckOption func(*checkSettings)

type checkSettings struct{ repair bool }

// Repair makes [Weave.Check] fix what it finds.
func Repair() CheckOption { return func(s *checkSettings) { s.repair = true } }

// Check verifies the index against the files and itself: Markdown files
// the index lacks, indexed files whose size, mtime or content (by SHA-256;
// Check reads every file) differ, indexed files that are gone, and the
// database checks of [index.DB.Check]. It changes nothing unless [Repair]
// is given; then it fixes what it found (see [indexer.Engine.Repair]; a
// damaged database is rebuilt with [Rebuild]) and returns a fresh report
// of what remains, with Repaired listing only the repairs that held: a
// problem the fresh report still has is not claimed as fixed.
//
// Check reports problems in its result, not as errors: the error is for
// failures to check at all.
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
