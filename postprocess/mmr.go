package postprocess

import (
	"context"
	"slices"

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
	sets := make([][]uint64, n)
	for i := range results {
		sets[i] = tokenSet(results[i].Text)
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
				maxSim[i] = max(maxSim[i], jaccard(sets[best], sets[i]))
			}
		}
	}
	return out, nil
}

// tokenSet returns the sorted, deduplicated 64-bit FNV-1a hashes of the
// bigram tokens of text.
func tokenSet(text string) []uint64 {
	toks := tokenize.Bigrams(text)
	set := make([]uint64, len(toks))
	for i, t := range toks {
		h := uint64(14695981039346656037)
		for j := 0; j < len(t); j++ {
			h ^= uint64(t[j])
			h *= 1099511628211
		}
		set[i] = h
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// jaccard returns |a∩b| / |a∪b| for sorted sets, 0 when either is empty.
func jaccard(a, b []uint64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			inter++
			i++
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}
