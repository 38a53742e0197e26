package conflict_test

import (
	"testing"
)

// TestContra14PrecisionRecall scores Judge on testdata/contra14.jsonl, a
// held-out set of 193 pairs written before the fourteenth pass over the
// rules, without reading them: contest stages that rule out later ones,
// a negated kind against an instance of it, opposite actions on one
// object, plurals in -ies and short -ing forms, short claims after a
// pronoun, changed quantities, dates, places and roles (81
// contradictions), and as many look-alikes of the same shapes and of
// the false-hint families (attributes of different kinds, a modifier
// naming another thing, two people, two times, an update that refines)
// that must not be hinted (112). The split is in halves by a hash of
// the pair id (loadHashed with every = 2); misses are printed for the
// tune part only. With main's rules (b2d7ecb), out of sample: tune
// P 0.769 R 0.465, check P 0.857 R 0.474; after the fourteenth pass,
// tune P 1.000 R 0.767, check P 0.926 R 0.658 (the floors):
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra14PrecisionRecall -v ./conflict/
func TestContra14PrecisionRecall(t *testing.T) {
	judgeSplitSet(t, loadHashed(t, "testdata/contra14.jsonl", "contra14", 2), "contra14", 190, []floor{{"tune", 1.00, 0.76}, {"check", 0.92, 0.65}})
}
