package postprocess

import (
	"context"
	"math"

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

// Below returns how many results score under min but above zero, and
// the best score among them (0 when none): what [Threshold] with that Min
// drops, for a response to report. A result scoring 0 matched nothing
// (no shared word, a vector score under the background) and no Min but 0
// shows it, so it is not counted.
func Below(results []search.Result, min float64) (n int, best float64) {
	for _, r := range results {
		if r.Score > 0 && r.Score < min {
			n++
			best = max(best, r.Score)
		}
	}
	return n, best
}

// DecayedBelow counts the results that [Decay] brought under min: none
// scores under it right after [Threshold] with that Min, but decay runs
// later, and a response explains the ones it lowered past it. A result
// the curation factor alone brought under min (useless marks) is not
// counted: [Curate] means to push it down without hiding it.
func DecayedBelow(results []search.Result, min float64) int {
	n := 0
	for _, r := range results {
		if d := r.Explain.Decay; d != nil && *d < 1 && r.Score < min {
			n++
		}
	}
	return n
}

// ShowingBest returns the highest threshold, rounded down to three
// decimals, that keeps a result scoring best: the value a hint can offer
// as "a minimum score of X shows it", where rounding to nearest could
// name one just above best. ok is false when that is 0 (best under
// 0.001): a minimum score of 0 shows the results that match nothing
// too, so there is no threshold to offer.
func ShowingBest(best float64) (threshold float64, ok bool) {
	threshold = math.Floor(best*1000) / 1000
	return threshold, threshold > 0
}
