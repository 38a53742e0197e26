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

// TestPairs27 scores lane cur20's second set (testdata/pairs27.txt),
// written after the lane's rules to attack them; every case is in the
// check part.
func TestPairs27(t *testing.T) { roundPairs(t, "testdata/pairs27.txt") }

// TestPairs28 scores lane cur21's set (testdata/pairs28.txt):
// abbreviations, day and month names, number forms and hyphenated
// compounds, and near duplicates that differ in one such value; its
// parts fixed by a hash of each family name (loadHashedPairs).
func TestPairs28(t *testing.T) {
	scorePairs(t, loadHashedPairs(t, "testdata/pairs28.txt"), true)
}

// TestPairs29 scores lane cur22's set (testdata/pairs29.txt): how often
// written as a multiple ("twice", "2x"), half a unit and metric amounts
// in another unit, "a dozen" and "a couple of", acronyms with and
// without a glossary passage, "Weds", "for instance" and a verb's
// particle written apart or hyphenated, and near duplicates that differ
// in one such value; its parts fixed by a hash of each family name
// (loadHashedPairs).
func TestPairs29(t *testing.T) {
	scorePairs(t, loadHashedPairs(t, "testdata/pairs29.txt"), true)
}
