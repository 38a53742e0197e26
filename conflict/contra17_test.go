package conflict_test

import (
	"testing"
)

// TestContra17PrecisionRecall scores Judge on testdata/contra17.jsonl, a
// set of 182 pairs written and committed before the seventeenth pass
// over the rules, by family: a liking beside owning none ("adores cats",
// "doesn't own a cat"), a city beside a country or a city-state, marital
// status and kin counts in new words, activities stopped, comparatives,
// units of speed, length and mass, roles named two ways, birthdays and
// ages, diets, employment, scoped and hedged claims, counts, schedules,
// and pairs about other subjects. The split is in halves by a hash of
// the pair id (loadHashed with every = 2); misses are printed for the
// tune part only. With main's rules (c76e4914): tune P 0.840 R 0.583,
// check P 0.871 R 0.628; after the seventeenth pass, tune P 1.000
// R 0.944, check P 0.917 R 0.767; after the eighteenth pass, tune
// P 1.000 R 0.972, check P 1.000 R 0.837 (the floors; its check false
// hints and misses the brief of that pass named were read):
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra17PrecisionRecall -v ./conflict/
func TestContra17PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra17.jsonl", "contra17", 2), "contra17", 180, []floor{{"tune", 1.00, 0.97}, {"check", 1.00, 0.83}})
}
