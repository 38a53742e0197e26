package gitsync

import (
	"math"
	"testing"
	"time"
)

// TestTurnGapBounds: the gap is two to three times the round, at most
// maxTurnGap, and a round read from a state file edited by hand (huge,
// negative) gives no panic and no gap over the bound.
func TestTurnGapBounds(t *testing.T) {
	for _, round := range []time.Duration{-1, 0, time.Millisecond, 100 * time.Millisecond, time.Minute, math.MaxInt64} {
		got := turnGap(round)
		lo, hi := min(2*max(round, 0), maxTurnGap), min(3*max(round, 0), maxTurnGap)
		if round > maxTurnGap {
			lo, hi = maxTurnGap, maxTurnGap
		}
		if got < lo || got > hi {
			t.Errorf("turnGap(%v) = %v, want %v to %v", round, got, lo, hi)
		}
	}
}
