package memweave_test

import (
	"fmt"
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/chunker"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestPackHoldsNoLineTwice: a long note cut into overlapping chunks (the
// chunker's overlap) gives results whose line ranges overlap or nest; the
// pack must hold each line of a file at most once, and stay within its
// budget, whatever the budget.
func TestPackHoldsNoLineTwice(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Runbook\n\n")
	for i := range 120 {
		fmt.Fprintf(&b, "Step %d: check the replica lag on db-%d before the failover, then page the on-call.\n", i, i%7)
	}
	root := memweavetest.Workspace(t, map[string]string{"memory/runbook.md": b.String()})
	w := open(t, root, memweave.Config{})
	ctx := t.Context()
	for _, budget := range []int{300, 1000, 3000, 1 << 20} {
		p, err := w.Pack(ctx, "replica lag failover on-call", budget, memweave.MinScore(0))
		if err != nil {
			t.Fatal(err)
		}
		checkPack(t, w, p, budget, chunker.EstimateTokens)
		seen := map[int]string{}
		for _, it := range p.Items {
			for l := it.StartLine; l <= it.EndLine; l++ {
				if prev, ok := seen[l]; ok {
					t.Errorf("Pack(budget %d): line %d of %s is in %s and in %d-%d", budget, l, it.Path, prev, it.StartLine, it.EndLine)
					break
				}
				seen[l] = fmt.Sprintf("%d-%d", it.StartLine, it.EndLine)
			}
		}
	}
}
