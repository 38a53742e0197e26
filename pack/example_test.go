package pack_test

import (
	"fmt"

	"github.com/memweave/memweave-go/pack"
)

// A greedy fill would take the best-scored passage first and then have no
// room left; the knapsack sees that the two smaller ones are worth more.
func ExampleKnapsack() {
	items := []pack.Item{
		{Tokens: 60, Score: 0.9},
		{Tokens: 50, Score: 0.6},
		{Tokens: 50, Score: 0.5},
	}
	fmt.Println(pack.Knapsack(items, 100))
	// Output: [1 2]
}

func ExampleDedupe() {
	texts := []string{
		"We use Valkey instead of Redis for the session cache.",
		"Deploys run on Buildkite.",
		"we use valkey instead of redis for the session cache",
	}
	scores := []float64{0.7, 0.5, 0.8}
	fmt.Println(pack.Dedupe(texts, scores, 0.8))
	// Output: [1 2]
}
