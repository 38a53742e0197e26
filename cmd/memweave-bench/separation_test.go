package main

import (
	"encoding/json"
	"testing"
)

// TestSeparation checks the separation report on rankings built by hand:
// only answers in a top 3 count, a negative's highest value counts (0
// with no hits), ties count half in the AUC, and the threshold keeping
// 80% of the answers is the fourth of five.
func TestSeparation(t *testing.T) {
	cos := func(c float64) *float64 { return &c }
	rk := func(hits ...hit) ranking { return ranking{hits: hits} }
	for _, cosine := range []bool{false, true} {
		s := newSeparation(cosine)
		for i, v := range []float64{0.9, 0.8, 0.7, 0.6, 0.5} {
			// The answer a is second, behind a distractor, each time.
			s.answer(paraphraseHalf(i), "a", rk(hit{doc: "d", score: 1, cos: cos(1)}, hit{doc: "a", score: v, cos: cos(v)}))
		}
		// Fourth: not found, so not counted.
		s.answer("check", "a", rk(hit{doc: "x", score: 1, cos: cos(1)}, hit{doc: "y", score: 1, cos: cos(1)},
			hit{doc: "z", score: 1, cos: cos(1)}, hit{doc: "a", score: 0.99, cos: cos(0.99)}))
		s.negative("tune", rk(hit{doc: "x", score: 0.4, cos: cos(0.4)}, hit{doc: "y", score: 0.65, cos: cos(0.65)}))
		s.negative("check", rk(hit{doc: "x", score: 0.4, cos: cos(0.4)}))
		s.negative("check", rk())
		got, err := json.Marshal(s.object())
		if err != nil {
			t.Fatal(err)
		}
		// All: answers .9 .8 .7 .6 .5 against negatives .65 .4 0: AUC
		// (3+5+5)/15; threshold .6 (the 4th), leaving .4 and 0 empty.
		// Check: .8 .6 against .4 0; tune: .9 .7 .5 against .65.
		want := `{"answers":5,"auc":0.8667,"threshold_keeping":0.6,"empty_at_it":0.6667,"keep":0.8,"halves":{` +
			`"check":{"answers":2,"auc":1,"threshold_keeping":0.6,"empty_at_it":1},` +
			`"tune":{"answers":3,"auc":0.6667,"threshold_keeping":0.5,"empty_at_it":0}}}`
		if string(got) != want {
			t.Errorf("cosine %v:\n got %s\nwant %s", cosine, got, want)
		}
	}
}

// TestSeparationTiesAndGaps checks that a tie counts half and stays
// above the threshold, and that hits without a cosine are left out of a
// cosine separation.
func TestSeparationTiesAndGaps(t *testing.T) {
	s := newSeparation(false)
	s.answer("tune", "a", ranking{hits: []hit{{doc: "a", score: 0.5}}})
	s.negative("tune", ranking{hits: []hit{{doc: "b", score: 0.5}}})
	if got, _ := json.Marshal(separationFields(s.answers["tune"], s.negatives["tune"])); string(got) != `{"answers":1,"auc":0.5,"threshold_keeping":0.5,"empty_at_it":0}` {
		t.Errorf("tie: %s", got)
	}
	c := newSeparation(true)
	c.answer("tune", "a", ranking{hits: []hit{{doc: "a", score: 0.5}}})
	if len(c.answers["tune"]) != 0 {
		t.Errorf("an answer without a cosine was counted: %v", c.answers)
	}
}
