package pack

import (
	"cmp"
	"slices"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/tokenize"
)

// Dedupe returns the indices of the texts to keep when near-duplicates
// are dropped: texts are visited from the highest score down (ties by
// index), and a text is dropped when the Jaccard similarity of its token
// set with the set of a text already kept is above threshold and no
// value differs between them (curate.Differs: a number, a negation, a
// name, "to" or "from"): two such texts state two facts, and the word
// overlap alone may not hide either. The kept indices are returned in
// ascending order.
//
// Tokens are those of tokenize.Bigrams: lower-cased words, CJK runs as
// character pairs. A text without any token (blank, or punctuation only)
// is never a duplicate. A threshold of 1 or more keeps every text. Dedupe
// panics if texts and scores differ in length.
func Dedupe(texts []string, scores []float64, threshold float64) []int {
	if len(texts) != len(scores) {
		panic("pack: Dedupe: texts and scores differ in length")
	}
	order := make([]int, len(texts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
	sets := make([]tokenize.Set, len(texts))
	var kept []int
	for _, i := range order {
		sets[i] = tokenize.SetOf(texts[i])
		dup := false
		for _, k := range kept {
			if tokenize.Jaccard(sets[i], sets[k]) > threshold && !differs(texts[i], texts[k]) {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, i)
		}
	}
	slices.Sort(kept)
	return kept
}

// differs reports whether a value differs between two texts, so that
// neither is a near-duplicate of the other.
func differs(a, b string) bool {
	_, ok := curate.Differs(a, b)
	return ok
}
