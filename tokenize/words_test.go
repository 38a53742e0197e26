package tokenize

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestWordsFastPathAgrees checks that the ASCII fast path of Words makes
// the decisions the Unicode path makes, on random text mixing ASCII
// letters, digits, connectors, punctuation, accents, combining marks, CJK
// and invalid UTF-8.
func TestWordsFastPathAgrees(t *testing.T) {
	pieces := []string{"a", "Z", "7", "9", "0", "A", "z", "-", ".", "_", "/", "'", ":", " ", ",", "!", "\n", "é", "É", "\u0301", "日", "本", "한", "ที่", "ิ", "ー", "ខ្", "ß", "Ω", "\xff", "v1.2", "zebra-comet", "e.g.", "a'b"}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		got, gotJoined := words(s, true)
		want, wantJoined := words(s, false)
		if !slices.Equal(got, want) || !slices.Equal(gotJoined, wantJoined) {
			t.Fatalf("case %d: Words(%q) = %q, want %q", n, s, got, want)
		}
	}
}
