package conflict_test

import (
	"testing"

	"github.com/memweave/memweave-go/conflict"
)

// TestContra2PrecisionRecall scores Judge on testdata/contra2.jsonl, a
// check-only set written before the second pass over the rules for new
// phrasings and never read while changing them: the same attribute in
// other nouns or units, two claims in one sentence, "handed X over to
// Y", switches with no subject word, the passive, numbers written as
// words, version numbers, contractions and "never", imperative policies,
// each with look-alikes that are not contradictions. Only the part's
// totals are logged, never which pairs it misses, so the set stays
// held out:
//
//	go test -tags sqlite_fts5 -count=1 -run TestContra2PrecisionRecall -v ./conflict/
func TestContra2PrecisionRecall(t *testing.T) {
	pairs := loadEvery(t, "testdata/contra2.jsonl", "contra2", 1)
	if len(pairs) < 40 {
		t.Fatalf("contra2 has %d pairs, want at least 40", len(pairs))
	}
	parts := map[string]*score{}
	for _, p := range pairs {
		_, got := conflict.Judge(p.A, p.B)
		tally(parts, "check", got, p.Label == "conflict")
	}
	logScores(t, parts)
	if s := parts["check"]; s.precision() < 1 || s.recall() < 0.52 {
		t.Errorf("contra2 check part: %v, want precision >= %.2f and recall >= %.2f", s, 1.0, 0.52)
	}
}
