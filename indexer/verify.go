package indexer

import "context"

// CheckOption sets a per-call option of [Engine.Verify].
type CheckOption func(*checkSettings)

type checkSettings struct{ repair bool }

// Repair makes [Engine.Verify] fix what it finds.
func Repair() CheckOption { return func(s *checkSettings) { s.repair = true } }

// Verify checks the index against the files and itself ([Engine.Check])
// and reports problems in its result; the error is for failures to check
// at all. It changes nothing unless [Repair] is given; then it fixes them
// ([Engine.Repair], rebuilding a damaged database with rebuild) and
// returns a fresh report whose Repaired lists only the repairs that held.
// When the repair fails it returns the first report and the error.
func (e *Engine) Verify(ctx context.Context, rebuild func(context.Context) (*Result, error), opts ...CheckOption) (*CheckReport, error) {
	var o checkSettings
	for _, opt := range opts {
		opt(&o)
	}
	rep, changed, err := e.Check(ctx)
	if err != nil || !o.repair || rep.OK() {
		return rep, err
	}
	after, err := e.Repair(ctx, rep, changed, rebuild)
	if err != nil {
		return rep, err
	}
	return after, nil
}
