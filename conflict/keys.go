package conflict

// This file computes the word and slot keys that [Detect] pairs claims
// by.

// prefixMin is the length of the prefix two words must share to be
// forms of one word ("allergic", "allergies"): see [related].
const prefixMin = 4

// prefixKey is a set key for the first prefixMin bytes of a long word,
// so that claims using two forms of one word ("encrypted", "encryption")
// share it and are compared.
func prefixKey(t token) (uint64, bool) {
	if t.value || t.kind != plain || len(t.w) < prefixMin {
		return 0, false
	}
	return wordKey("~" + t.w[:prefixMin]), true
}

// wordKey is the 64-bit FNV-1a hash of a claim word: sets of words are
// compared often, and integers compare faster than strings. Two distinct
// words of one comparison share a key with odds of about 2^-64.
func wordKey(w string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(w); i++ {
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	return h
}

// shared counts the words two sorted sets have in common.
func shared(a, b []uint64) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}

// slotKey is a set key shared by the claims that hold a status word, a
// value of one exclusive class, or a name after a copula; 0 for other
// words.
func slotKey(t token) uint64 {
	if t.cop && isName(t) {
		return copulaKey
	}
	return slotOf[t.w]
}

var copulaKey uint64

// durationKey is a set key shared by the claims that state a duration
// ([claim.duration]).
var durationKey uint64

// ageKey is a set key shared by the claims that give an age in years
// ([claim.age]).
var ageKey uint64

// slotOf maps status words and the values of exclusive classes to their
// slot key.
var slotOf map[string]uint64

func newSlotOf() map[string]uint64 {
	m := make(map[string]uint64)
	for w, c := range classOf {
		m[w] = wordKey("~class:" + c)
	}
	status := wordKey("~status")
	for w := range statusPhase {
		m[w] = status
	}
	return m
}
