package postprocess

import (
	"container/heap"
	"context"
	"math"

	"github.com/memweave/memweave-go/curate"
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
// different Chinese chunks are not duplicates); a result a resolution in
// the files supersedes is similar to none. Ties go to the earlier
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
	// CompareSuperseded compares the texts of results a resolution in
	// the files supersedes as any other's (a search with superseded
	// "off", which leaves resolutions out); unset, they are similar to
	// none ([mmrSets]).
	CompareSuperseded bool
}

// MMRPicks is how many results [MMR] picks for relevance and diversity;
// those after them follow in the order they came (the score order).
// Each pick compares the results left with the one picked before, so
// ordering a whole pool of n would cost up to n²/2 similarities (5,000
// results: 12.5 million); the first MMRPicks cost at most MMRPicks × n.
// It is four times the most results an MCP memory_search returns (50):
// what an agent reads is diversified whole, and a pool of up to
// MMRPicks is ordered as before.
const MMRPicks = 200

// Name returns "mmr".
func (MMR) Name() string { return "mmr" }

// Process returns the results in MMR order, with Explain.RankBeforeMMR and
// Explain.RankAfterMMR set (1-based), and does not modify results.
//
// It picks lazily (as greedy maximisation of a submodular gain does):
// a result's largest similarity to the picked ones only grows, so its
// value computed against the results picked so far bounds its value
// later. Results wait in a heap by that bound (then by rank); the top is
// brought up to date with the results picked since its bound was
// computed, and picked when it stays on top. The order is the one
// scanning every result at each step gives, ties to the earlier result;
// the Jaccard similarities computed are those of the pairs it must look
// at, each at most once: O(pool × picked) in the worst case (every
// result a near duplicate of the last pick), far fewer when the pool's
// results differ (docs/performance.md, "MMR").
func (m MMR) Process(_ context.Context, _ string, results []search.Result) ([]search.Result, error) {
	lambda := min(max(m.Lambda, 0), 1)
	n := len(results)
	limit := n
	if m.Limit > 0 && m.Limit < n {
		limit = m.Limit
	}
	order := mmrOrder(results, mmrSets(results, m.CompareSuperseded), lambda, limit)
	out := make([]search.Result, len(order))
	for k, i := range order {
		out[k] = results[i]
		out[k].Explain.RankBeforeMMR = i + 1
		out[k].Explain.RankAfterMMR = k + 1
	}
	return out, nil
}

// mmrOrder returns the indices of the first limit results in MMR order
// under lambda (in [0,1]).
func mmrOrder(results []search.Result, sets []tokenize.Set, lambda float64, limit int) []int {
	value := func(i int, maxSim float64) float64 { return lambda*results[i].Score - (1-lambda)*maxSim }
	h := mmrHeap{items: make([]mmrItem, len(results))}
	finite := true
	for i := range results {
		h.items[i] = mmrItem{i: i, bound: value(i, 0)}
		finite = finite && !math.IsNaN(h.items[i].bound) && !math.IsInf(h.items[i].bound, 0)
	}
	if !finite {
		return mmrScan(results, sets, lambda, limit) // NaN orders nothing: keep the scan's choices
	}
	heap.Init(&h)
	order := make([]int, 0, limit)
	for len(order) < min(limit, MMRPicks) {
		top := &h.items[0]
		if top.seen == len(order) || lambda == 1 {
			order = append(order, top.i)
			heap.Pop(&h)
			continue
		}
		for _, p := range order[top.seen:] {
			top.maxSim = max(top.maxSim, tokenize.Jaccard(sets[top.i], sets[p]))
		}
		top.seen, top.bound = len(order), value(top.i, top.maxSim)
		heap.Fix(&h, 0)
	}
	return rest(order, len(results), limit)
}

// mmrSets returns the token sets MMR compares results by; a result a
// resolution in the files supersedes ([curate.Superseded]: what it says
// no longer holds) has none, so that, marked among the results, it does
// not push down the line that replaced it, which says nearly the same
// words, nor anything else; unless all, which compares every text.
func mmrSets(results []search.Result, all bool) []tokenize.Set {
	sets := make([]tokenize.Set, len(results))
	for i, r := range results {
		if _, superseded := curate.Superseded(r.Text); superseded && !all {
			continue
		}
		sets[i] = tokenize.SetOf(r.Text)
	}
	return sets
}

// rest returns order followed by the indices below n it lacks, in
// ascending order, up to limit in all.
func rest(order []int, n, limit int) []int {
	if len(order) >= limit {
		return order
	}
	picked := make([]bool, n)
	for _, i := range order {
		picked[i] = true
	}
	for i := 0; i < n && len(order) < limit; i++ {
		if !picked[i] {
			order = append(order, i)
		}
	}
	return order
}

// mmrScan is [mmrOrder] scanning every result left at each step, as
// results with scores that are not finite need: O(limit × pool).
func mmrScan(results []search.Result, sets []tokenize.Set, lambda float64, limit int) []int {
	n := len(results)
	picked := make([]bool, n)
	maxSim := make([]float64, n) // max Jaccard to any picked result
	order := make([]int, 0, limit)
	for len(order) < min(limit, MMRPicks) {
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
		order = append(order, best)
		for i := range results {
			if !picked[i] {
				maxSim[i] = max(maxSim[i], tokenize.Jaccard(sets[best], sets[i]))
			}
		}
	}
	return rest(order, n, limit)
}

// mmrItem is a result waiting to be picked: its value's bound, computed
// with maxSim, its largest similarity to the first seen results picked.
type mmrItem struct {
	i, seen       int
	bound, maxSim float64
}

// mmrHeap orders waiting results by bound, the larger first, then by
// rank.
type mmrHeap struct{ items []mmrItem }

func (h *mmrHeap) Len() int { return len(h.items) }
func (h *mmrHeap) Less(a, b int) bool {
	x, y := h.items[a], h.items[b]
	return x.bound > y.bound || x.bound == y.bound && x.i < y.i
}
func (h *mmrHeap) Swap(a, b int) { h.items[a], h.items[b] = h.items[b], h.items[a] }
func (h *mmrHeap) Push(x any)    { h.items = append(h.items, x.(mmrItem)) }
func (h *mmrHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
