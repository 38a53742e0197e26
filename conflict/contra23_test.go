package conflict_test

import (
	"testing"
)

// TestContra23PrecisionRecall scores Judge on testdata/contra23.jsonl, a
// set of 168 pairs (70 conflicts, 98 look-alikes) written and committed
// before the twenty-third pass over the rules, in fourteen families:
// places named by spans of three words or more ("at the bottom of the
// paddock"), "has never been to X" against a trip to X, means of
// getting somewhere, pronoun subjects, venues, quantities with units,
// schedules ("every other week" / "weekly"), ownership over time ("sold
// her camper van" / "drives her camper van"), roles and jobs, standing
// states against one-off acts, relationships, preferences, dated
// history, abilities; and look-alikes of each shape.
//
// Labelling rules the set follows, beside the earlier sets' (beliefs
// beside facts and history beside the present are no conflict):
//   - A standing state stated without exception ("is vegetarian",
//     "doesn't drive", "has given up smoking") against a recent dated
//     act that breaks it ("ate a steak last night") is a conflict: one
//     note is stale or wrong. An act placed before the state ("as a
//     child", "for twenty years"), or done by someone else, is not.
//   - A preference against a one-off choice ("prefers tea" / "had a
//     coffee this morning") is no conflict; against the opposite
//     preference or a habit ("always asks for an aisle seat") it is.
//   - A sale or gift in the past against present use or ownership of
//     the same thing is a conflict; against another thing, or past use,
//     it is not.
//
// The split is in halves by a hash of the pair id (loadHashed with every
// = 2); misses are printed for the tune part only.
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra23PrecisionRecall -v ./conflict/
func TestContra23PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra23.jsonl", "contra23", 2), "contra23", 160, []floor{{"tune", 0, 0}, {"check", 0, 0}})
}
