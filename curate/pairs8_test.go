package curate

import "testing"

// TestPairs8 scores round eight's pairs (testdata/pairs8.txt).
func TestPairs8(t *testing.T) { roundPairs(t, "testdata/pairs8.txt") }

// TestPairs9 scores round nine's pairs (testdata/pairs9.txt).
func TestPairs9(t *testing.T) { roundPairs(t, "testdata/pairs9.txt") }

// roundPairs scores a round's labelled pairs, tune and check parts
// apart: a distinct pair grouped fails (a fact lost), a duplicate held
// is logged (no rule of a round was written for one).
func roundPairs(t *testing.T, name string) { scorePairs(t, loadPairsFrom(t, name), true) }

// scorePairs scores labelled pairs as roundPairs does; a check case's
// duplicate held is logged only when logCheck is set (a set whose check
// part is read by its totals alone leaves it unset).
func scorePairs(t *testing.T, cases []labelled, logCheck bool) {
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
				if c.part == "tune" || logCheck {
					t.Logf("%v %s %s: duplicate held (%s)", threshold, c.part, c.family, why)
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

// TestPairs10 scores round nine's second set (testdata/pairs10.txt).
func TestPairs10(t *testing.T) { roundPairs(t, "testdata/pairs10.txt") }

// TestPairs11 scores round ten's set (testdata/pairs11.txt).
func TestPairs11(t *testing.T) { roundPairs(t, "testdata/pairs11.txt") }

// TestPairs12 scores round ten's second set (testdata/pairs12.txt).
func TestPairs12(t *testing.T) { roundPairs(t, "testdata/pairs12.txt") }

// TestPairs13 scores round eleven's set (testdata/pairs13.txt).
func TestPairs13(t *testing.T) { roundPairs(t, "testdata/pairs13.txt") }

// TestPairs14 scores round twelve's set (testdata/pairs14.txt).
func TestPairs14(t *testing.T) { roundPairs(t, "testdata/pairs14.txt") }

// TestPairs15 scores round twelve's second set (testdata/pairs15.txt).
func TestPairs15(t *testing.T) { roundPairs(t, "testdata/pairs15.txt") }

// TestPairs16 scores round thirteen's set (testdata/pairs16.txt).
func TestPairs16(t *testing.T) { roundPairs(t, "testdata/pairs16.txt") }

// TestPairs17 scores round fourteen's set (testdata/pairs17.txt).
func TestPairs17(t *testing.T) { roundPairs(t, "testdata/pairs17.txt") }

// TestPairs18 scores lane cur15's second set (testdata/pairs18.txt).
func TestPairs18(t *testing.T) { roundPairs(t, "testdata/pairs18.txt") }

// TestPairs19 scores lane cur16's set (testdata/pairs19.txt).
func TestPairs19(t *testing.T) { roundPairs(t, "testdata/pairs19.txt") }

// TestPairs20 scores lane cur16's second set (testdata/pairs20.txt).
func TestPairs20(t *testing.T) { roundPairs(t, "testdata/pairs20.txt") }

// TestPairs21 scores lane cur16's third set (testdata/pairs21.txt),
// written after the lane's form rules to attack them.
func TestPairs21(t *testing.T) { roundPairs(t, "testdata/pairs21.txt") }

// TestPairs22 scores lane cur17's set (testdata/pairs22.txt), half of it
// written to attack cur16's form rules.
func TestPairs22(t *testing.T) { roundPairs(t, "testdata/pairs22.txt") }

// TestPairs23 scores lane cur17's second set (testdata/pairs23.txt),
// written after the lane's rules to attack them.
func TestPairs23(t *testing.T) { roundPairs(t, "testdata/pairs23.txt") }

// TestPairs24 scores lane cur18's set (testdata/pairs24.txt), half of it
// written to attack cur17's form rules.
func TestPairs24(t *testing.T) { roundPairs(t, "testdata/pairs24.txt") }
