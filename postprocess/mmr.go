package postprocess

import (
	"context"

	"github.com/memweave/memweave-go/search"
	"github.com/memweave/memweave-go/tokenize"
)

// MMR reorders results by maximal marginal relevance, so that near
// duplicates do not crowd the top of the list. It picks results greedily:
// each next pick is the remaining result r maximising
//
//	Lambda*r.Score - (1-Lambda)*max over picked p of Jaccard(r, p)
//
// where Jaccard is the similarity of the two texts' token sets, the tokens
// being [tokenize.Bigrams] (so CJK text compares by character pairs and two
// different Chinese chunks are not duplicates). Ties go to the earlier
// result. Scores are left unchanged; only the order changes.
type MMR struct {
	// Lambda in [0,1] trades relevance against diversity: 1 keeps the
	// score order, 0 picks each next result as unlike the ones already
	// picked as possible (the first pick is then the top result). Values
	// outside [0,1] are clamped; there is no default, callers usually
	// pass 0.7.
	Lambda float64
	// Limit is the number of results to return; <= 0 returns all.
	Limit int
}

// Name returns "mmr".
func (MMR) Name() string { return "mmr" }

// Process returns the results in MMR order, with Explain.RankBeforeMMR and
// Explain.RankAfterMMR set (1-based). It runs in O(n²) Jaccard
// computations on precomputed token sets, and does not modify results.
func (m MMR) Process(_ context.Context, _ string, results []search.Result) ([]search.Result, error) {
	lambda := min(max(m.Lambda, 0), 1)
	n := len(results)
	limit := n
	if m.Limit > 0 && m.Limit < n {
		limit = m.Limit
	}
	sets := make([]tokenize.Set, n)
	for i := range results {
		sets[i] = tokenize.SetOf(results[i].Text)
	}
	picked := make([]bool, n)
	maxSim := make([]float64, n) // max Jaccard to any picked result
	out := make([]search.Result, 0, limit)
	for len(out) < limit {
		best, bestVal := -1, 0.0
		for i := range results {
			if picked[i] {
				continue
			}
			v := lambda*results[i].Score - (1-lambda)*maxSim[i]
			if best < 0 || v > bestVal {
				best, bestVal = i, v
			}
		}
		picked[best] = true
		r := results[best]
		r.Explain.RankBeforeMMR = best + 1
		r.Explain.RankAfterMMR = len(out) + 1
		out = append(out, r)
		for i := range results {
			if !picked[i] {
				maxSim[i] = max(maxSim[i], tokenize.Jaccard(sets[best], sets[i]))
			}
		}
	}
	return out, nil
}
