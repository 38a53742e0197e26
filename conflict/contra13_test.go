package conflict_test

import (
	"testing"
)

// TestContra13PrecisionRecall scores Judge on testdata/contra13.jsonl, a
// held-out set of 100 pairs in 12 families written before the
// thirteenth pass over the rules, without reading them or the earlier
// sets: outcomes of a contest told by stage, having none against an
// instance, opposite actions on one object, attributes of different
// kinds that must not clash, month names that are also words, plurals
// in -ies/-ves and -ing forms, ages and birthdays, prices with
// currencies, sizes, frequency words, permissions and open/closed
// states, each with look-alikes that must not be hinted. The split is
// in halves by a hash of the pair id (loadHashed with every = 2);
// misses are printed for the tune part only. With main's rules
// (0e575f7), out of sample: tune P 0.938 R 0.652, check P 0.800
// R 0.545; after the thirteenth pass, tune P 0.947 R 0.783, check
// P 0.812 R 0.591; the floors are the figures after the seventeenth
// pass (docs/curation.md):
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra13PrecisionRecall -v ./conflict/
func TestContra13PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra13.jsonl", "contra13", 2), "contra13", 100, []floor{{"tune", 1.00, 0.95}, {"check", 1.00, 0.72}})
}
