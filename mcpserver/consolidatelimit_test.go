package mcpserver_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestConsolidateListingIsBounded: the listing of a memory holding many
// duplicate pairs returns max_results groups (default 50) and says how
// many there are, as memory_conflicts does, instead of every group: a
// memory of thousands of copies gave an answer of megabytes.
func TestConsolidateListingIsBounded(t *testing.T) {
	const pairs = 55
	rng := rand.New(rand.NewPCG(1, 2))
	files := map[string]string{}
	day := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range pairs {
		var b strings.Builder
		for range 12 { // words of its own: each pair is its own group
			for range 7 {
				b.WriteByte(byte('a' + rng.IntN(26)))
			}
			b.WriteByte(' ')
		}
		note := fmt.Sprintf("# Deploys\n\nThe staging deploy %sruns every Tuesday at noon from the release branch.\n", b.String())
		files["memory/"+day.AddDate(0, 0, 2*i).Format(time.DateOnly)+".md"] = note
		files["memory/"+day.AddDate(0, 0, 2*i+1).Format(time.DateOnly)+".md"] = note
	}
	cs, _ := connect(t, files)
	type listing struct {
		Groups    []map[string]any `json:"groups"`
		Total     int              `json:"total"`
		Truncated bool             `json:"truncated"`
	}
	var got listing
	mustCall(t, cs, "memory_consolidate", map[string]any{}, &got)
	if len(got.Groups) != 50 || got.Total != pairs || !got.Truncated {
		t.Errorf("memory_consolidate = %d groups, total %d, truncated %v; want 50, %d, true", len(got.Groups), got.Total, got.Truncated, pairs)
	}
	got = listing{}
	mustCall(t, cs, "memory_consolidate", map[string]any{"max_results": 100}, &got)
	if len(got.Groups) != pairs || got.Total != pairs || got.Truncated {
		t.Errorf("memory_consolidate(max_results 100) = %d groups, total %d, truncated %v; want %d, %d, false", len(got.Groups), got.Total, got.Truncated, pairs, pairs)
	}
	mustFail(t, cs, "memory_consolidate", map[string]any{"max_results": 501}, "max_results")
}
