package pack

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/memweave/memweave-go/memweavetest"
)

// bruteForce returns the best total score of any subset of items within
// budget, trying all 2^n subsets.
func bruteForce(items []Item, budget int) float64 {
	best := 0.0
	for mask := 0; mask < 1<<len(items); mask++ {
		tokens, score := 0, 0.0
		for i, it := range items {
			if mask&(1<<i) != 0 {
				tokens += it.Tokens
				score += it.Score
			}
		}
		if tokens <= budget && score > best {
			best = score
		}
	}
	return best
}

// checkChoice fails unless picked is a valid answer for items and budget:
// ascending indices, in range, without repeats, within the budget. It
// returns the total score.
func checkChoice(tb testing.TB, items []Item, budget int, picked []int) float64 {
	tb.Helper()
	if !slices.IsSorted(picked) || len(slices.Compact(slices.Clone(picked))) != len(picked) {
		tb.Fatalf("Knapsack(%v, %d) = %v, want ascending indices without repeats", items, budget, picked)
	}
	tokens, score := 0, 0.0
	for _, i := range picked {
		if i < 0 || i >= len(items) {
			tb.Fatalf("Knapsack(%v, %d) = %v: index %d out of range", items, budget, picked, i)
		}
		tokens += items[i].Tokens
		score += items[i].Score
	}
	if tokens > budget {
		tb.Fatalf("Knapsack(%v, %d) = %v: %d tokens, over the budget", items, budget, picked, tokens)
	}
	return score
}

func randomItems(r *rand.Rand, n, maxTokens int) []Item {
	items := make([]Item, n)
	for i := range items {
		items[i] = Item{Tokens: r.IntN(maxTokens + 1), Score: r.Float64()}
		switch r.IntN(10) {
		case 0:
			items[i].Score = 0
		case 1:
			items[i].Score = -r.Float64()
		case 2:
			items[i].Score = math.Round(r.Float64()*4) / 4 // ties
		}
	}
	return items
}

func TestKnapsackMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 5000 {
		items := randomItems(r, r.IntN(13), 1+r.IntN(40))
		budget := r.IntN(120) - 2
		picked := Knapsack(items, budget)
		if budget < 0 {
			if len(picked) != 0 {
				t.Fatalf("trial %d: Knapsack(%v, %d) = %v, want nothing", trial, items, budget, picked)
			}
			continue
		}
		got := checkChoice(t, items, budget, picked)
		if want := bruteForce(items, budget); math.Abs(got-want) > 1e-9 {
			t.Fatalf("trial %d: Knapsack(%v, %d) = %v scoring %v, want score %v", trial, items, budget, picked, got, want)
		}
	}
}

func TestKnapsackBudgetGuarantee(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	trials := 2000
	if !memweavetest.LongEnabled() {
		trials = 300
	}
	for range trials {
		items := randomItems(r, r.IntN(51), 1+r.IntN(3000))
		budget := r.IntN(32001)
		picked := Knapsack(items, budget)
		got := checkChoice(t, items, budget, picked)
		// The optimum is at least as good as the best single item and as
		// the greedy choice by score per token.
		if lb := greedy(items, budget); got < lb-1e-9 {
			t.Fatalf("Knapsack(%d items, %d) scored %v, below the greedy %v", len(items), budget, got, lb)
		}
	}
}

// greedy returns the better of the best single item and the greedy fill
// by score density: a lower bound on the optimum.
func greedy(items []Item, budget int) float64 {
	order := make([]int, 0, len(items))
	single := 0.0
	for i, it := range items {
		if it.Score > 0 && it.Tokens <= budget {
			order = append(order, i)
			single = max(single, it.Score)
		}
	}
	density := func(i int) float64 { return items[i].Score / float64(items[i].Tokens+1) }
	slices.SortFunc(order, func(a, b int) int {
		switch da, db := density(a), density(b); {
		case da > db:
			return -1
		case da < db:
			return 1
		}
		return 0
	})
	left, total := budget, 0.0
	for _, i := range order {
		if items[i].Tokens <= left {
			left -= items[i].Tokens
			total += items[i].Score
		}
	}
	return max(total, single)
}

func TestKnapsackScaledBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 6 {
		items := randomItems(r, 1+r.IntN(12), 200000)
		budget := MaxExactBudget + r.IntN(3*MaxExactBudget)
		checkChoice(t, items, budget, Knapsack(items, budget))
	}
}

func TestKnapsack(t *testing.T) {
	tests := []struct {
		name   string
		items  []Item
		budget int
		want   []int
	}{
		{"empty", nil, 10, nil},
		{"all fit", []Item{{3, 1}, {4, 2}}, 7, []int{0, 1}},
		{"skip worthless", []Item{{3, 0}, {4, 2}, {1, -1}}, 100, []int{1}},
		{"too big alone", []Item{{11, 5}, {2, 1}}, 10, []int{1}},
		{"zero budget takes free items", []Item{{0, 1}, {1, 5}}, 0, []int{0}},
		{"two small beat one large", []Item{{6, 0.9}, {5, 0.5}, {5, 0.5}}, 10, []int{1, 2}},
		{"one large beats two small", []Item{{6, 1.2}, {5, 0.5}, {5, 0.5}}, 10, []int{0}},
		{"negative budget", []Item{{0, 1}}, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Knapsack(tt.items, tt.budget); !slices.Equal(got, tt.want) {
				t.Errorf("Knapsack(%v, %d) = %v, want %v", tt.items, tt.budget, got, tt.want)
			}
		})
	}
}

func FuzzKnapsack(f *testing.F) {
	f.Add([]byte{3, 10, 4, 20, 5, 30}, 7)
	f.Add([]byte{0, 1, 255, 255}, 0)
	f.Fuzz(func(t *testing.T, data []byte, budget int) {
		var items []Item
		for i := 0; i+1 < len(data) && len(items) < 14; i += 2 {
			items = append(items, Item{Tokens: int(data[i]), Score: float64(data[i+1]) / 17})
		}
		budget %= 1000
		picked := Knapsack(items, budget)
		if budget < 0 {
			if len(picked) != 0 {
				t.Fatalf("Knapsack(%v, %d) = %v, want nothing", items, budget, picked)
			}
			return
		}
		got := checkChoice(t, items, budget, picked)
		if want := bruteForce(items, budget); math.Abs(got-want) > 1e-9 {
			t.Fatalf("Knapsack(%v, %d) scored %v, want %v", items, budget, got, want)
		}
	})
}

func BenchmarkKnapsack(b *testing.B) {
	for _, budget := range []int{1000, 8000, 32000} {
		b.Run("budget="+itoa(budget), func(b *testing.B) {
			r := rand.New(rand.NewPCG(7, 8))
			items := randomItems(r, 50, 1200)
			b.ReportAllocs()
			for b.Loop() {
				Knapsack(items, budget)
			}
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
