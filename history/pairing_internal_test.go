package history

import (
	"fmt"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
)

// TestDiffFilePairsInLinearTime: a note rewritten whole, every chunk under
// a heading of its own (small chunks, as chunk_tokens 16 in a cloned
// memweave.json makes them), is compared in time linear in its chunks,
// not their square: each removed chunk finds its partner under the same
// headings by lookup, not by scanning the added ones. Four times the
// chunks must take well under sixteen times as long (the fastest of three
// runs each, so that a loaded machine or -race moves both sides alike).
func TestDiffFilePairsInLinearTime(t *testing.T) {
	small := fastestDiff(t, 20_000)
	large := fastestDiff(t, 80_000)
	if large > 8*small {
		t.Errorf("diffFile of 80,000 chunks a side took %v, of 20,000 %v: %.1f times as long for 4 times the chunks, want linear", large, small, float64(large)/float64(small))
	}
}

// fastestDiff returns the fastest of three diffFile runs of a note of n
// chunks rewritten whole, checking each run's changes.
func fastestDiff(t *testing.T, n int) time.Duration {
	old := make([]chunker.Chunk, n)
	cur := make([]chunker.Chunk, n)
	for i := range n {
		old[i] = chunker.Chunk{Text: fmt.Sprintf("# old %d\n\nfact", i), StartLine: 4*i + 1, EndLine: 4*i + 3, Headings: []string{fmt.Sprintf("old %d", i)}}
		cur[i] = chunker.Chunk{Text: fmt.Sprintf("# new %d\n\nfact", i), StartLine: 4*i + 1, EndLine: 4*i + 3, Headings: []string{fmt.Sprintf("new %d", i)}}
	}
	cur[n-1].Headings = old[0].Headings // one pair, found at the far end
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := time.Now()
		changes := diffFile("memory/h.md", old, cur)
		best = min(best, time.Since(start))
		if len(changes) != 2*n-1 {
			t.Fatalf("diffFile = %d changes, want %d: one changed pair, the rest removed or added", len(changes), 2*n-1)
		}
	}
	return best
}
