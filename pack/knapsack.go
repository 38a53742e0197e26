package pack

import (
	"math"
	"slices"
)

// Item is a candidate passage: what it costs and what it is worth.
type Item struct {
	// Tokens is the item's size; it must not be negative.
	Tokens int
	// Score is the item's value. Items scoring zero or less are never
	// chosen: leaving them out never lowers the total.
	Score float64
}

// MaxExactBudget is the largest budget, in tokens, that [Knapsack] solves
// exactly. Above it the item sizes are scaled down, rounding up, so that
// the table stays this size; the choice may then be slightly short of
// optimal but still never exceeds the budget.
const MaxExactBudget = 1 << 18

// maxTable bounds the table [Knapsack] fills, in cells of one item and
// one token of capacity: past it (thousands of candidates for a large
// budget) the sizes are scaled down as past [MaxExactBudget], so that
// time and memory stay bounded.
const maxTable = 1 << 27

// Knapsack solves the 0/1 knapsack problem: it returns the indices, in
// ascending order, of the items whose total Score is the largest possible
// while their total Tokens stays at most budget. It never returns a set
// that exceeds budget; for a budget below zero it returns nothing.
//
// The solution is exact by dynamic programming over the budget for budgets
// up to [MaxExactBudget] (more precisely, up to that many tokens of items
// that fit), in O(len(items) × budget) time, one float64 per token of
// budget and one bit per item and token, while that table has at most
// 2^27 cells; beyond (thousands of candidates for a large budget),
// sizes are scaled down as above. A scaled choice is then topped up, in
// index order, with the items that still fit. Ties between equally good sets
// go to the set found first, which makes the result deterministic.
// Knapsack panics if an item has negative Tokens.
func Knapsack(items []Item, budget int) []int {
	if budget < 0 {
		return nil
	}
	// Candidates: worth something and small enough to fit on their own.
	var cand []int
	total := 0
	for i, it := range items {
		if it.Tokens < 0 {
			panic("pack: Knapsack: negative Tokens")
		}
		if it.Score > 0 && !math.IsNaN(it.Score) && it.Tokens <= budget {
			cand = append(cand, i)
			total += it.Tokens
		}
	}
	if len(cand) == 0 {
		return nil
	}
	if total <= budget {
		return cand // everything fits
	}
	capacity := min(budget, total)
	weight := func(i int) int { return items[i].Tokens }
	scaled := min(MaxExactBudget, max(maxTable/len(cand)-1, 1))
	scaledDown := capacity > scaled
	if scaledDown {
		// Scale sizes down, rounding up: a set whose scaled sizes fit the
		// scaled capacity has real sizes that fit the real one.
		c := capacity
		weight = func(i int) int {
			return int((int64(items[i].Tokens)*int64(scaled) + int64(c) - 1) / int64(c))
		}
		capacity = scaled
	}

	// best[c] is the largest score of a subset of the items seen so far
	// with total weight at most c; took records, per item, the capacities
	// at which taking it improved best.
	best := make([]float64, capacity+1)
	words := (capacity + 64) / 64
	took := make([]uint64, len(cand)*words)
	for k, i := range cand {
		wt, v := weight(i), items[i].Score
		row := took[k*words : (k+1)*words]
		for c := capacity; c >= wt; c-- {
			if s := best[c-wt] + v; s > best[c] {
				best[c] = s
				row[c/64] |= 1 << (c % 64)
			}
		}
	}
	// Walk back from the full capacity.
	var picked []int
	c := capacity
	for k := len(cand) - 1; k >= 0; k-- {
		if took[k*words+c/64]&(1<<(c%64)) != 0 {
			picked = append(picked, cand[k])
			c -= weight(cand[k])
		}
	}
	// Reverse into ascending order.
	for l, r := 0, len(picked)-1; l < r; l, r = l+1, r-1 {
		picked[l], picked[r] = picked[r], picked[l]
	}
	if scaledDown {
		picked = topUp(items, cand, picked, budget)
	}
	return picked
}

// topUp adds to picked (ascending), in the order of cand, the candidates
// left out that still fit in budget: sizes rounded up by scaling leave
// room the choice did not use. It returns the indices in ascending order.
func topUp(items []Item, cand, picked []int, budget int) []int {
	used := 0
	in := make(map[int]bool, len(picked))
	for _, i := range picked {
		used += items[i].Tokens
		in[i] = true
	}
	for _, i := range cand {
		if !in[i] && used+items[i].Tokens <= budget {
			picked = append(picked, i)
			used += items[i].Tokens
		}
	}
	slices.Sort(picked)
	return picked
}
