package main

import (
	"math"
	"slices"
)

// keepShare is the share of the answers found that the threshold of a
// separation report keeps.
const keepShare = 0.8

// A separation measures whether any threshold could do what a search's
// threshold is asked to: keep the answers the ranking puts in its top
// 3 and return nothing for questions no note answers. It holds, by
// half, the value of each answer found in a top 3 and the highest value
// among the hits of each negative question, where a hit's value is its
// final score, or its raw cosine (see [newSeparation]).
type separation struct {
	value              func(hit) (float64, bool)
	answers, negatives map[string][]float64
}

// newSeparation returns a separation of the hits' final scores, or of
// their raw cosines when cosine is true (hits without one are left out).
func newSeparation(cosine bool) *separation {
	value := func(h hit) (float64, bool) { return h.score, true }
	if cosine {
		value = func(h hit) (float64, bool) {
			if h.cos == nil {
				return 0, false
			}
			return *h.cos, true
		}
	}
	return &separation{value: value, answers: map[string][]float64{}, negatives: map[string][]float64{}}
}

// answer records the score of gold, the answer of a question of half,
// when rk has it in its top 3.
func (s *separation) answer(half, gold string, rk ranking) {
	if i := slices.Index(rk.docs(), gold); i < 0 || i >= 3 {
		return
	}
	best, found := 0.0, false
	for _, h := range rk.hits {
		if v, ok := s.value(h); ok && h.doc == gold && (!found || v > best) {
			best, found = v, true
		}
	}
	if found {
		s.answers[half] = append(s.answers[half], best)
	}
}

// negative records the highest value of the hits of a negative
// question of half (0 when it has none).
func (s *separation) negative(half string, rk ranking) {
	best := 0.0
	for _, h := range rk.hits {
		if v, ok := s.value(h); ok && v > best {
			best = v
		}
	}
	s.negatives[half] = append(s.negatives[half], best)
}

// object reports, for both halves together and for each: the answers
// found; auc, the chance that a found answer scores above a negative's
// best; threshold_keeping, the highest threshold that keeps keepShare
// of the found answers; and empty_at_it, the share of negatives that
// threshold would leave with nothing.
func (s *separation) object() object {
	var all [2][]float64
	halves := object{}
	for _, half := range []string{"check", "tune"} {
		a, n := s.answers[half], s.negatives[half]
		all[0], all[1] = append(all[0], a...), append(all[1], n...)
		halves = halves.add(half, separationFields(a, n))
	}
	return separationFields(all[0], all[1]).add("keep", keepShare).add("halves", halves)
}

func separationFields(answers, negatives []float64) object {
	o := object{}.add("answers", len(answers))
	if len(answers) == 0 || len(negatives) == 0 {
		return o
	}
	var wins float64
	for _, a := range answers {
		for _, n := range negatives {
			switch {
			case a > n:
				wins++
			case a == n:
				wins += 0.5
			}
		}
	}
	sorted := slices.Clone(answers)
	slices.Sort(sorted)
	slices.Reverse(sorted)
	t := sorted[int(math.Ceil(keepShare*float64(len(sorted))))-1]
	empty := 0
	for _, n := range negatives {
		if n < t {
			empty++
		}
	}
	return o.add("auc", round(wins/float64(len(answers)*len(negatives)))).
		add("threshold_keeping", round(t)).
		add("empty_at_it", round(float64(empty)/float64(len(negatives))))
}
