package conflict_test

import (
	"testing"
)

// TestContra10PrecisionRecall scores Judge on testdata/contra10.jsonl, a
// held-out set written before the tenth pass over the rules, without
// reading them or the earlier sets, to measure whether the passes so
// far generalise. Its 28 families take last round's misses (verb and
// noun paraphrase, values of several words, scores told from either
// side, "only" against "all", exceptions, the nth weekday of a month,
// time zones, places in a race, years, homonyms, quantities in other
// units, negation scope, may and must, hedges, reported speech, plans
// against facts, corrections, lists that gain an item) and fresh ones
// (counts, preferences, places, frequencies, roles, dates, diets and
// doses, states, comparatives, conditions), each with look-alikes that
// do not conflict. The split is in halves by a hash of the pair id
// (loadHashed with every = 2); misses are printed for the tune part
// only:
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra10PrecisionRecall -v ./conflict/
func TestContra10PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra10.jsonl", "contra10", 2), "contra10", 150, []floor{{"tune", 1.00, 0.78}, {"check", 0.93, 0.67}})
}
