package postprocess

import (
	"context"

	"github.com/memweave/memweave-go/search"
)

// Threshold drops results scoring below Min. It runs first, on fused
// scores, so a result that passes is kept even if [Decay] later lowers its
// score under Min.
type Threshold struct {
	// Min is the lowest Score kept; 0 keeps every result.
	Min float64
}

// Name returns "threshold".
func (Threshold) Name() string { return "threshold" }

// Process returns the results with Score >= t.Min, in their order, each
// with Explain.Threshold set to t.Min. It does not modify results.
func (t Threshold) Process(_ context.Context, _ string, results []search.Result) ([]search.Result, error) {
	out := make([]search.Result, 0, len(results))
	for _, r := range results {
		if r.Score < t.Min {
			continue
		}
		r.Explain.Threshold = t.Min
		out = append(out, r)
	}
	return out, nil
}

// Below returns how many results score under min and the best score
// among them (0 when none): what [Threshold] with that Min drops, for a
// response to report.
func Below(results []search.Result, min float64) (n int, best float64) {
	for _, r := range results {
		if r.Score < min {
			n++
			best = max(best, r.Score)
		}
	}
	return n, best
}
