package curate

import (
	"hash/fnv"
	"testing"
)

// TestPairs25 scores lane cur19's set (testdata/pairs25.txt): new
// domains and phrasings, its parts fixed by a hash of each family name
// before anything was measured (loadHashedPairs). A duplicate held is
// logged for the tune part only: the check part is read by its totals.
func TestPairs25(t *testing.T) {
	scorePairs(t, loadHashedPairs(t, "testdata/pairs25.txt"), false)
}

// loadHashedPairs reads labelled pairs as loadPairsFrom does and fails
// on a case whose part is not the one its family name's FNV-1a 32-bit
// hash gives (check when divisible by 3), so that no case is moved
// between the parts by hand.
func loadHashedPairs(tb testing.TB, name string) []labelled {
	tb.Helper()
	cases := loadPairsFrom(tb, name)
	for _, c := range cases {
		h := fnv.New32a()
		h.Write([]byte(c.family))
		want := "tune"
		if h.Sum32()%3 == 0 {
			want = "check"
		}
		if c.part != want {
			tb.Fatalf("%s: %s is in part %s, want %s by the hash rule", name, c.family, c.part, want)
		}
	}
	return cases
}
