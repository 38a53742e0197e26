package memweave_test

import (
	"fmt"
	"math"
	"testing"

	memweave "github.com/memweave/memweave-go"
	"github.com/memweave/memweave-go/memweavetest"
)

// TestSearchHugeMaxResults checks that a max-results far past the
// index's size (a caller's "give me everything", math.MaxInt) finds what
// a small one finds: the candidate pool is MaxResults times the
// candidate multiplier, which must neither overflow (a negative pool
// found nothing) nor size an allocation (a billion made the vector scan
// ask for tens of gigabytes and the process died).
func TestSearchHugeMaxResults(t *testing.T) {
	root := memweavetest.Workspace(t, map[string]string{
		"memory/deploy.md": "# Deploy\n\nThe canary rollout uses the zebrafish flag.\n",
		"memory/other.md":  "# Other\n\nLunch is at noon on Fridays.\n",
	})
	w := open(t, root, memweave.Config{})
	mustIndex(t, w)
	for _, n := range []int{1_000_000_000, math.MaxInt / 4, math.MaxInt / 3, math.MaxInt} {
		for _, mmr := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/mmr=%v", n, mmr), func(t *testing.T) {
				opts := []memweave.SearchOption{memweave.MaxResults(n)}
				if mmr {
					opts = append(opts, memweave.MMR(0.5))
				}
				resp := mustSearch(t, w, "zebrafish canary", opts...)
				if len(resp.Results) == 0 || resp.Results[0].Path != "memory/deploy.md" {
					t.Fatalf("Search(MaxResults(%d)) = %v, want memory/deploy.md first", n, paths(resp.Results))
				}
			})
		}
	}
}
