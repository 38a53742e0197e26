//go:build unix

package trust_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/memweave/memweave-go/memweavetest"
	"github.com/memweave/memweave-go/trust"
)

// A settings file may list thousands of extra paths (its size cap
// allows some 7,000), and every command checks each against the
// approvals: one scan of them per item was quadratic, seconds a command
// once approved. Sixty-four times the items must take well under their
// square (the least process CPU of three runs each; linear is 64 times,
// quadratic 4,096, the bound 512 is 8 times from both).
func TestUnapprovedInLinearTime(t *testing.T) {
	ws, _ := setup(t)
	small, large := fastestUnapproved(t, ws, 200), fastestUnapproved(t, ws, 12800)
	if large > 512*small {
		t.Errorf("Unapproved of 12,800 approved items took %v, of 200 %v: %.0f times as long for 64 times the items, want linear (quadratic is 4,096)", large, small, float64(large)/float64(small))
	}
}

// fastestUnapproved approves n extra paths for ws and returns the least
// CPU time of three Unapproved runs over them, which must find all
// approved.
func fastestUnapproved(t *testing.T, ws string, n int) time.Duration {
	items := make([]trust.Item, n)
	for i := range items {
		items[i] = trust.Item{Setting: "extra_paths", Value: fmt.Sprintf("/home/me/notes/%d", i)}
	}
	if err := trust.Approve(t.Context(), ws, items); err != nil {
		t.Fatal(err)
	}
	best := time.Duration(1<<63 - 1)
	for range 3 {
		start := memweavetest.ProcessCPU()
		got, err := trust.Unapproved(ws, items)
		best = min(best, memweavetest.ProcessCPU()-start)
		if err != nil || len(got) != 0 {
			t.Fatalf("Unapproved of %d approved items = %d items, %v; want none", n, len(got), err)
		}
	}
	return best
}
