package main

import (
	"strings"
	"testing"

	memweave "github.com/memweave/memweave-go"
)

// TestHiddenHintsOfferNoZeroThreshold: a best score under 0.001 (one
// that prints as 0.001 but rounds down to 0.000) made the hint offer
// --min-score 0.000, which shows the passages that match nothing too;
// no threshold hint is given then, as for a best of 0.
func TestHiddenHintsOfferNoZeroThreshold(t *testing.T) {
	for _, best := range []float64{0, 0.0004, 0.0005, 0.0009} {
		for _, h := range hiddenHints(memweave.Hidden{BelowThreshold: 3}, best) {
			if strings.Contains(h, "--min-score") {
				t.Errorf("hint for a best of %v = %q, want none offering a threshold", best, h)
			}
		}
	}
	if h := hiddenHints(memweave.Hidden{BelowThreshold: 3}, 0.0012); len(h) != 1 || !strings.Contains(h[0], "--min-score 0.001 shows") {
		t.Errorf("hints for a best of 0.0012 = %q, want one offering --min-score 0.001", h)
	}
}
