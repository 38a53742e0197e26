package tokenize

import "slices"

// Set is the distinct tokens of a text as sorted 64-bit FNV-1a hashes,
// the form [Jaccard] compares. It is what near-duplicate detection (MMR,
// context packing) uses.
type Set []uint64

// SetOf returns the token set of text: the distinct tokens of [Bigrams],
// folded by [Fold], so that text in a spaceless script compares by
// character pairs and "café" is the same token as "cafe".
func SetOf(text string) Set {
	toks := Bigrams(text)
	set := make(Set, len(toks))
	for i, t := range toks {
		t = Fold(t)
		h := uint64(14695981039346656037)
		for j := 0; j < len(t); j++ {
			h ^= uint64(t[j])
			h *= 1099511628211
		}
		set[i] = h
	}
	slices.Sort(set)
	return slices.Compact(set)
}

// Jaccard returns |a∩b| / |a∪b|, 0 when either set is empty.
func Jaccard(a, b Set) float64 {
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
