package pack

import (
	"cmp"
	"math"
	"slices"

	"github.com/memweave/memweave-go/curate"
	"github.com/memweave/memweave-go/tokenize"
)

// Dedupe returns the indices of the texts to keep when near-duplicates
// are dropped: texts are visited from the highest score down (ties by
// index), and a text is dropped when the Jaccard similarity of its token
// set with the set of a text already kept is above threshold and no
// value differs between them (curate.Differs: a number, a negation, a
// name, "to" or "from") and they do not each say a word the other lacks
// (curate.Loses both ways: consolidate holds such a pair as "words
// replaced"). Texts that differ so state two facts, and the word overlap
// alone may not hide either. The kept indices are returned in ascending
// order.
//
// Tokens are those of tokenize.Bigrams: lower-cased words, CJK runs as
// character pairs. A text without any token (blank, or punctuation only)
// is never a duplicate, whatever the threshold. A threshold of 1 or more
// keeps every text. Dedupe
// panics if texts and scores differ in length.
//
// A text is compared only with the kept texts that share one of its
// rarest tokens (prefix filtering): two sets more similar than a
// positive threshold must share one, so distinct texts cost about linear
// time where comparing every pair would cost quadratic. Nor is it
// compared with kept texts of another curate.ValueKey, which always
// differ: near-duplicates that each state another value (a templated
// log line) are kept without comparing every pair.
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
	for i, text := range texts {
		sets[i] = tokenize.SetOf(text)
	}
	// What differs is read once per text: the pairs compared may be
	// many (near-duplicates that each state their own fact are all kept).
	words := make([][]string, len(texts))
	keys := make([]string, len(texts))
	for i, text := range texts {
		words[i], keys[i] = curate.ContentWords(text), curate.ValueKey(text)
	}
	twoFacts := func(i, k int) bool {
		return eachLacks(words[i], words[k]) || keys[i] != keys[k] || valueDiffers(texts[i], texts[k])
	}
	var kept []int
	prefixes := rarestFirst(sets, threshold)

	type holder struct {
		key string // curate.ValueKey of the text
		tok uint64 // a token of its prefix
	}
	holders := make(map[holder][]int) // kept texts by their values and the tokens of their prefixes
	seen := make([]int, len(texts))   // the text last compared with each kept one, plus one
	for _, i := range order {
		dup := false
	compare:
		for _, tok := range prefixes[i] {
			for _, k := range holders[holder{keys[i], tok}] {
				if seen[k] == i+1 {
					continue
				}
				seen[k] = i + 1
				if tokenize.Jaccard(sets[i], sets[k]) > threshold && !twoFacts(i, k) {
					dup = true
					break compare
				}
			}
		}
		if !dup {
			kept = append(kept, i)
			for _, tok := range prefixes[i] {
				h := holder{keys[i], tok}
				holders[h] = append(holders[h], i)
			}
		}
	}
	slices.Sort(kept)
	return kept
}

// rarestFirst returns, for each set, the prefix of its tokens ordered by
// how few sets hold them (then by value) that any set more similar to it
// than threshold (positive) must share a token of. Such sets A and B
// share more than threshold×|A| tokens, at least floor(threshold×|A|):
// with overlap o, A's first |A|-o+1 tokens in any one order meet B's
// first |B|-o+1. Rare tokens first keep those prefixes, hence the
// comparisons, few. Under a threshold that is not positive (or NaN) two
// sets need not share a token to be similar enough: every set with a
// token gets the same one-entry prefix, so each is compared with all.
func rarestFirst(sets []tokenize.Set, threshold float64) [][]uint64 {
	out := make([][]uint64, len(sets))
	if !(threshold > 0) {
		for i, s := range sets {
			if len(s) > 0 {
				out[i] = []uint64{0}
			}
		}
		return out
	}
	held := make(map[uint64]int)
	for _, s := range sets {
		for _, tok := range s {
			held[tok]++
		}
	}
	for i, s := range sets {
		if len(s) == 0 {
			continue // shares no token: never a duplicate
		}
		p := slices.Clone(s)
		slices.SortFunc(p, func(a, b uint64) int { return cmp.Or(cmp.Compare(held[a], held[b]), cmp.Compare(a, b)) })
		overlap := max(1, int(math.Floor(threshold*float64(len(s)))))
		out[i] = p[:max(1, len(s)-overlap+1)]
	}
	return out
}

// valueDiffers reports whether curate.Differs finds a value that differs
// between a and b.
func valueDiffers(a, b string) bool {
	_, ok := curate.Differs(a, b)
	return ok
}

// eachLacks reports whether each of the sorted word lists a and b holds
// a word the other lacks.
func eachLacks(a, b []string) bool {
	return lacks(a, b) && lacks(b, a)
}

// lacks reports whether the sorted list b lacks a word of the sorted
// list a.
func lacks(a, b []string) bool {
	for _, w := range a {
		if _, ok := slices.BinarySearch(b, w); !ok {
			return true
		}
	}
	return false
}
