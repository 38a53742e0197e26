package conflict_test

import (
	"strings"
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestPhrasingPrecisionRecall scores Judge on testdata/phrasing.jsonl:
// changes said in words the other fixtures use little ("moved from X to
// Y", "Y replaced X", "is now", "we stopped", "switched off", a value
// in other units, a date moved, the subject after a time phrase), and
// look-alikes that are not contradictions (two regions or plans with
// their own values, a history line "moved from X to Y" next to "is Y",
// the same value in other units, differently numbered things). The
// pairs were written and split (member rule) before the rules were run
// on them, and no rule was changed for them; the floors are the figures
// measured after the rules of the new phrasing round
// (newphrasing_test.go), which were tuned on other pairs.
func TestPhrasingPrecisionRecall(t *testing.T) {
	pairs := loadMembers(t, "testdata/phrasing.jsonl", "phrasing")
	parts := map[string]*score{}
	for _, p := range pairs {
		v, got := conflict.Judge(p.A, p.B)
		want := p.Label == "conflict"
		part := strings.TrimPrefix(p.Split, "phrasing-")
		tally(parts, part, got, want)
		if got != want && part == "tune" {
			t.Logf("miss %d [%s] Judge = %v %q, want %v\n  a: %s\n  b: %s", p.ID, p.Kind, got, v.Reason, want, p.A, p.B)
		}
	}
	logScores(t, parts)
	for _, c := range []struct {
		part              string
		precision, recall float64
	}{
		{"tune", 1, 0.9},
		{"check", 1, 0.8},
	} {
		if s := parts[c.part]; s.precision() < c.precision || s.recall() < c.recall {
			t.Errorf("phrasing %s part: %v, want precision >= %.2f and recall >= %.2f", c.part, s, c.precision, c.recall)
		}
	}
}
