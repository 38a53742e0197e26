package pack

import (
	"fmt"
	"testing"
)

// BenchmarkDedupeCopiesApart packs one paragraph copied into n notes
// each named for its own subject (tenants): every copy is kept, and each
// is compared with the copies kept before it.
func BenchmarkDedupeCopiesApart(b *testing.B) {
	for _, n := range []int{50, 500, 2000} {
		hits := make([]Hit, n)
		for i := range hits {
			hits[i] = Hit{Path: fmt.Sprintf("memory/tenants/tenant%d/billing.md", i), StartLine: 1, Score: 1 - float64(i)/float64(n), Text: db}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				p, err := assemble(hits, 1<<30, DefaultDedupe, nil)
				if err != nil || len(p.Items) != n {
					b.Fatalf("%d copies packed, %v; want %d", len(p.Items), err, n)
				}
			}
		})
	}
}

// TestDedupeCopiesApartScales: one paragraph in 4,000 tenants' notes,
// every copy kept, costs about linear time: each copy is compared with
// at most maxApart copies kept before it, 32 at most (it compared with
// all: 8 million pairs).
func TestDedupeCopiesApartScales(t *testing.T) {
	hits := make([]Hit, 4000)
	for i := range hits {
		hits[i] = Hit{Path: fmt.Sprintf("memory/tenants/tenant%d/billing.md", i), StartLine: 1, Score: 1, Text: db}
	}
	calls := 0
	texts, scores := make([]string, len(hits)), make([]float64, len(hits))
	for i, h := range hits {
		texts[i], scores[i] = h.Text, h.Score
	}
	kept := dedupe(texts, scores, DefaultDedupe, func(i, k int) bool { calls++; return true })
	if limit := 32 * len(hits); len(kept) != len(hits) || calls > limit {
		t.Errorf("dedupe of %d copies apart = %d kept after %d comparisons; want all kept after at most %d", len(hits), len(kept), calls, limit)
	}
}
