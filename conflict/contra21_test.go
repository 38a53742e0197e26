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
// 2); misses are printed for the tune part only. With main's rules
// (db1a7e35): tune P 0.760 R 0.388, check P 0.700 R 0.512; after the
// twenty-first pass, tune P 1.000 R 0.653, check P 0.800 R 0.683 (the
// floors). Eight tune misses are reports of someone's word ("believes",
// "reckons", "was told", "according to", "the manual says"), which the
// rules keep apart from the fact as the earlier sets label them (see
// docs/curation.md).
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra21PrecisionRecall -v ./conflict/
func TestContra21PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra21.jsonl", "contra21", 2), "contra21", 200, []floor{{"tune", 1.00, 0.65}, {"check", 0.80, 0.68}})
}
