// Package pack chooses which retrieved passages fit a token budget.
//
// It is the pure core of memweave's Weave.Pack: [Dedupe] drops
// near-duplicate passages, keeping the better-scored one, and [Knapsack]
// picks the subset of the rest whose total score is largest while their
// total size stays within the budget. [Build] runs what follows
// Weave.Pack's search: [Widen] turns search results into whole lines of
// the files a callback reads, then both choose among them.
// Nothing here touches files or the index, and the package builds
// without cgo.
//
// Sizes are integer token counts as produced by any counter (memweave uses
// chunker.EstimateTokens); scores are any non-negative float64 values.
package pack
