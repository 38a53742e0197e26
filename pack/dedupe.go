package pack

import (
	"cmp"
	"slices"

	"github.com/memweave/memweave-go/tokenize"
)

// Dedupe returns the indices of the texts to keep when near-duplicates
// are dropped: texts are visited from the highest score down (ties by
// index), and a text is dropped when the Jaccard similarity of its token
// set with the set of a text already kept is above threshold. The kept
// indices are returned in ascending order.
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
	sets := make([][]string, len(texts))
	var kept []int
	for _, i := range order {
		sets[i] = TokenSet(texts[i])
		dup := false
		for _, k := range kept {
			if Jaccard(sets[i], sets[k]) > threshold {
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

// TokenSet returns the distinct tokens of text, sorted, as [Jaccard]
// expects them.
func TokenSet(text string) []string {
	set := tokenize.Bigrams(text)
	slices.Sort(set)
	return slices.Compact(set)
}

// Jaccard returns |a∩b| / |a∪b| for two sorted sets without repeats, such
// as those of [TokenSet]; it is 0 when either set is empty.
func Jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			inter++
			i++
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}
