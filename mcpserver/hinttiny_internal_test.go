package mcpserver

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestHiddenHintsOfferNoZeroThreshold: a best score under 0.001 made
// the hint offer min_score 0.000, which shows the passages that match
// nothing too; no threshold hint is given then, as for a best of 0.
func TestHiddenHintsOfferNoZeroThreshold(t *testing.T) {
	for _, best := range []float64{0, 0.0004, 0.0005, 0.0009} {
		resp := &memweave.SearchResponse{Hidden: memweave.Hidden{BelowThreshold: 3}, BestFilteredScore: best}
		for _, h := range hiddenHints(resp) {
			if strings.Contains(h, "min_score") {
				t.Errorf("hint for a best of %v = %q, want none offering a threshold", best, h)
			}
		}
	}
	resp := &memweave.SearchResponse{Hidden: memweave.Hidden{BelowThreshold: 3}, BestFilteredScore: 0.0012}
	if h := hiddenHints(resp); len(h) != 1 || !strings.Contains(h[0], "0.001 shows") {
		t.Errorf("hints for a best of 0.0012 = %q, want one offering 0.001", h)
	}
}
