package conflict_test

import (
	"testing"
)

// TestContra21PrecisionRecall scores Judge on testdata/contra21.jsonl, a
// set of 200 pairs written and committed before the twenty-first pass
// over the rules, by family, for the shapes the twentieth pass left open:
// named subjects with verbs of eating, drinking and running ("eats
// lentils" / "eats chicken", "runs on petrol" / "runs quietly"), dated
// history ("moved to Lisbon in 2014" / "to Porto in 2019"), reported
// beliefs and frames of knowing or telling ("believes", "knows that",
// "confirmed that", "according to X,"), conditionals whose consequences
// differ in verb, an exception against "always" ("unless it is stormy,
// ... on the beach" / "always ... in the studio"), habits ("takes his
// whisky neat" / "always adds ice"), places headed by nouns no table
// held ("the tack room" / "the hayloft"); and non-contradictions of
// each shape: other attributes, elaborations, restatements, other
// subjects sharing words, dated history, two habits both true. The
// split is in halves by a hash of the pair id (loadHashed with every =
// 2); misses are printed for the tune part only.
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra21PrecisionRecall -v ./conflict/
func TestContra21PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra21.jsonl", "contra21", 2), "contra21", 200, []floor{{"tune", 0, 0}, {"check", 0, 0}})
}
