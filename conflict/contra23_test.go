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
// = 2); misses are printed for the tune part only. With main's rules
// (47b49c32): tune P 0.880 R 0.629, check P 1.000 R 0.371; after the
// twenty-third pass, tune P 1.000 R 0.914, check P 1.000 R 0.543 (the
// floors). Still missed in tune: a role of two words at one employer
// ("is the headteacher of" / "is a teaching assistant at"), a state
// read from world knowledge ("is housebound" / "walked to the shops
// yesterday"), a couple's divorce in a past year beside "are happily
// married".
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra23PrecisionRecall -v ./conflict/
func TestContra23PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra23.jsonl", "contra23", 2), "contra23", 160, []floor{{"tune", 1.00, 0.91}, {"check", 1.00, 0.54}})
}
