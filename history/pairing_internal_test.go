package history

import (
	"fmt"
	"testing"
	"time"

	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestDiffFilePairsInLinearTime: a note rewritten whole, every chunk under
// a heading of its own (small chunks, as chunk_tokens 16 in a cloned
// memweave.json makes them), is compared in time linear in its chunks,
// not their square: each removed chunk finds its partner under the same
// headings by lookup, not by scanning the added ones. Sixty-four times the
// chunks must take well under their square (the least CPU of three runs
// each).
func TestDiffFilePairsInLinearTime(t *testing.T) {
	// Sizes 64 times apart: linear work takes about 64 times as long,
	// quadratic work 4,096 times. The bound sits between the two with a
	// factor of 8 to spare on either side, and the time is the process's
	// CPU, not the wall clock: on a loaded machine the longer run alone
	// waited for a core, and sizes 4 times apart with a wall-clock bound
	// failed there.
	small := fastestDiff(t, 1_000)
	large := fastestDiff(t, 64_000)
	if large > 512*small {
		t.Errorf("diffFile of 64,000 chunks a side took %v, of 1,000 %v: %.0f times as long for 64 times the chunks, want linear (quadratic is 4,096)", large, small, float64(large)/float64(small))
	}
}

// fastestDiff returns the least CPU time of three diffFile runs of a note of n
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
		start := memweavetest.ProcessCPU()
		changes := diffFile("memory/h.md", old, cur)
		best = min(best, memweavetest.ProcessCPU()-start)
		if len(changes) != 2*n-1 {
			t.Fatalf("diffFile = %d changes, want %d: one changed pair, the rest removed or added", len(changes), 2*n-1)
		}
	}
	return best
}
