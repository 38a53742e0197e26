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
// are printed for the tune part only. With main's rules (30f835fd): tune
// P 0.677 R 0.538, check P 0.750 R 0.462; after the twenty-second pass,
// tune P 0.974 R 0.949, check P 0.846 R 0.564 (the floors). The tune
// false hint left is a report beside a fact ("Yusra thinks the cabin
// has no running water" / "The cabin has running water"), which
// contra21 labels the other way round ("Hedda believes the hostel has
// a kitchen" / "The hostel has no kitchen": a conflict).
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra22PrecisionRecall -v ./conflict/
func TestContra22PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra22.jsonl", "contra22", 2), "contra22", 180, []floor{{"tune", 0.97, 0.94}, {"check", 0.84, 0.56}})
}
