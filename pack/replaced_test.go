package pack

import (
	"slices"
	"testing"
)

// TestDedupeKeepsPassagesThatReplaceAWord: near-duplicates where each
// says a word the other does not, one holder's two things or one amount
// of two measures, are two facts. Dedupe kept only the higher scored:
// curate.Differs asked conflict.Judge, which (rightly, for a conflict
// hint) no longer calls them different values. consolidate holds such
// pairs ("words replaced"); a pack must not hide one either.
func TestDedupeKeepsPassagesThatReplaceAWord(t *testing.T) {
	const tail = " for billing events in the EU region, pages on-call within five minutes and reports daily to the finance channel."
	for _, pair := range [][2]string{
		{"The data team maintains the ingestion pipeline" + tail, "The data team maintains the export pipeline" + tail},
		{"The build server has 64 GB of RAM" + tail, "The build server has 64 GB of disk" + tail},
	} {
		if got := Dedupe(pair[:], []float64{0.9, 0.8}, DefaultDedupe); !slices.Equal(got, []int{0, 1}) {
			t.Errorf("Dedupe(%q) = %v, want both kept", pair, got)
		}
	}
	// A copy that says no word the other lacks is still a duplicate.
	same := []string{"The data team maintains the ingestion pipeline" + tail, "The data team maintains an ingestion pipeline" + tail}
	if got := Dedupe(same, []float64{0.9, 0.8}, DefaultDedupe); !slices.Equal(got, []int{0}) {
		t.Errorf("Dedupe(%q) = %v, want [0]", same, got)
	}
}
