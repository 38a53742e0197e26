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
	cases := loadHashedPairs(t, "testdata/pairs25.txt")
	for _, threshold := range []float64{Threshold, 0.5} {
		type score struct{ tp, fp, fn, tn int }
		scores := map[string]*score{"tune": {}, "check": {}}
		for _, c := range cases {
			got, why := grouped(c, threshold)
			s := scores[c.part]
			switch {
			case got && c.dup:
				s.tp++
			case got:
				s.fp++
				t.Errorf("%v %s %s: grouped, but a fact differs", threshold, c.part, c.family)
			case c.dup:
				s.fn++
				if c.part == "tune" {
					t.Logf("%v tune %s: duplicate held (%s)", threshold, c.family, why)
				}
			default:
				s.tn++
			}
		}
		for _, part := range []string{"tune", "check"} {
			s := scores[part]
			t.Logf("%v %s: precision %.2f recall %.2f (tp %d fp %d fn %d tn %d)", threshold, part, ratio(s.tp, s.tp+s.fp), ratio(s.tp, s.tp+s.fn), s.tp, s.fp, s.fn, s.tn)
		}
	}
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
