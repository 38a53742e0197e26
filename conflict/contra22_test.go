package conflict_test

import (
	"testing"
)

// TestContra22PrecisionRecall scores Judge on testdata/contra22.jsonl, a
// set of 189 pairs written and committed before the twenty-second pass
// over the rules, by family, for the shapes the twenty-first pass left
// open: a service that runs all year against one that runs in one
// season only, an event held outside against one in a named room,
// habits of getting somewhere ("takes the stairs" / "uses the lift"),
// handedness, a birth place given a year on one side only, places whose
// head is not the last noun ("in the boot of the car"), pronoun
// subjects, a possessed subject's look against what it does ("Ole's cat
// is black" / "drinks milk"), dated history, reports against factive
// frames, eating and drinking; and non-contradictions of each shape:
// other attributes, elaborations, restatements, other subjects sharing
// words, dated history, two habits both true, beliefs beside facts (no
// conflict, as contra9, 16, 17 and 18 label them). The split is in
// halves by a hash of the pair id (loadHashed with every = 2); misses
// are printed for the tune part only.
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra22PrecisionRecall -v ./conflict/
func TestContra22PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra22.jsonl", "contra22", 2), "contra22", 180, []floor{{"tune", 0, 0}, {"check", 0, 0}})
}
