package pack

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// TestKnapsackManyCandidates: the table grew as candidates × budget, so a
// pack of thousands of candidates for the largest exact budget (memweave
// pack --max-candidates 6000 --budget 262144) allocated one bit per
// candidate and token. The table must stay bounded, the choice still
// fill the budget but for a percent, and never exceed it.
func TestKnapsackManyCandidates(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	items := make([]Item, 6000)
	for i := range items {
		items[i] = Item{Tokens: 100 + rng.IntN(100), Score: rng.Float64()}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	picked := Knapsack(items, MaxExactBudget)
	runtime.ReadMemStats(&after)
	total := 0
	for _, i := range picked {
		total += items[i].Tokens
	}
	if total > MaxExactBudget || total < MaxExactBudget*99/100 {
		t.Errorf("Knapsack of 6,000 items chose %d tokens for a budget of %d, want at most the budget and at least 99%% of it", total, MaxExactBudget)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("Knapsack of 6,000 items for a budget of %d allocated %d MB, want at most 64", MaxExactBudget, got>>20)
	}
}
