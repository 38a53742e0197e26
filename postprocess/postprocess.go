// Package postprocess holds the stages that run after fusion, in the
// order a memweave search runs them: [Threshold], [Curate], [Decay]
// (opt-in), [MMR] (opt-in), [Supersede] (before Decay and MMR when it
// hides), then custom [Postprocessor]s registered by the caller. [Run] chains them and records what custom
// ones did.
package postprocess

import (
	"context"

	"github.com/memweave/memweave-go/search"
)

// Postprocessor transforms ranked results: it may filter, reorder or
// rescore them. Results arrive sorted by descending Score; a score it
// returns must be a finite number (see [Run]).
type Postprocessor interface {
	// Name identifies the processor in errors and in Explain.
	Name() string
	// Process returns the new result list.
	Process(ctx context.Context, query string, results []search.Result) ([]search.Result, error)
}

// Func adapts a function to a [Postprocessor].
type Func struct {
	N string
	F func(ctx context.Context, query string, results []search.Result) ([]search.Result, error)
}

// Name returns f.N.
func (f Func) Name() string { return f.N }

// Process calls f.F.
func (f Func) Process(ctx context.Context, query string, results []search.Result) ([]search.Result, error) {
	return f.F(ctx, query, results)
}
