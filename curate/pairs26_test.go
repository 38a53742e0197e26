package curate

import "testing"

// TestPairs26 scores lane cur20's set (testdata/pairs26.txt): new
// domains, restated duplicates (reordered clauses, lists in another
// order, abbreviations spelled out, numbers written differently) and
// near duplicates that differ in one value, its parts fixed by a hash
// of each family name before anything was measured (loadHashedPairs).
func TestPairs26(t *testing.T) {
	scorePairs(t, loadHashedPairs(t, "testdata/pairs26.txt"), true)
}
