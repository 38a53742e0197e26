package pack

import (
	"slices"
	"testing"
)

// TestDedupeKeepsPassagesThatAddAWord: a lower scored near-duplicate
// that adds a word changing the fact ("the staging ingest job",
// "practically encrypted", "unless the ledger is locked") was dropped
// for the higher scored text without it, so the pack showed the plain
// claim only; consolidate holds such pairs (curate.Adds). An adverb of
// manner the higher scored text adds still makes the other a duplicate.
func TestDedupeKeepsPassagesThatAddAWord(t *testing.T) {
	const tail = " for billing events in the EU region, pages on-call within five minutes and reports daily to the finance channel."
	for _, pair := range [][2]string{
		{"The ingest job runs" + tail, "The staging ingest job runs" + tail},
		{"The ingest job is encrypted" + tail, "The ingest job is practically encrypted" + tail},
		{"The ingest job runs" + tail, "The ingest job runs unless the ledger is locked" + tail},
	} {
		if got := Dedupe(pair[:], []float64{0.9, 0.8}, DefaultDedupe); !slices.Equal(got, []int{0, 1}) {
			t.Errorf("Dedupe(%q) = %v, want both kept", pair, got)
		}
	}
	same := []string{"The ingest job carefully runs" + tail, "The ingest job runs" + tail}
	if got := Dedupe(same, []float64{0.9, 0.8}, DefaultDedupe); !slices.Equal(got, []int{0}) {
		t.Errorf("Dedupe(%q) = %v, want [0]", same, got)
	}
}
