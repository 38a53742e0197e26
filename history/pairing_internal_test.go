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
// headings by lookup, not by scanning the added ones.
func TestDiffFilePairsInLinearTime(t *testing.T) {
	const n = 100_000
	old := make([]chunker.Chunk, n)
	cur := make([]chunker.Chunk, n)
	for i := range n {
		old[i] = chunker.Chunk{Text: fmt.Sprintf("# old %d\n\nfact", i), StartLine: 4*i + 1, EndLine: 4*i + 3, Headings: []string{fmt.Sprintf("old %d", i)}}
		cur[i] = chunker.Chunk{Text: fmt.Sprintf("# new %d\n\nfact", i), StartLine: 4*i + 1, EndLine: 4*i + 3, Headings: []string{fmt.Sprintf("new %d", i)}}
	}
	cur[n-1].Headings = old[0].Headings // one pair, found at the far end
	start := time.Now()
	changes := diffFile("memory/h.md", old, cur)
	took := time.Since(start)
	if len(changes) != 2*n-1 {
		t.Errorf("diffFile = %d changes, want %d: one changed pair, the rest removed or added", len(changes), 2*n-1)
	}
	if took > 5*time.Second {
		t.Errorf("diffFile of %d chunks a side took %v, want well under 5s", n, took)
	}
}
