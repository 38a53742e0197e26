package tokenize

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// wordsReference is Words without its ASCII fast path: every rune goes
// through the Unicode tables.
func wordsReference(s string) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, strings.ToLower(s[start:end]))
			start = -1
		}
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case IsCJK(r):
			flush(i)
			out = append(out, s[i:i+size])
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
		case isConnector(r) && start >= 0 && i+size < len(s):
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			if !(unicode.IsLetter(next) || unicode.IsDigit(next)) || IsCJK(next) {
				flush(i)
			}
		default:
			flush(i)
		}
		i += size
	}
	flush(len(s))
	return out
}

// TestWordsFastPathAgrees checks that the ASCII fast path of Words makes
// the decisions the Unicode path makes, on random text mixing ASCII
// letters, digits, connectors, punctuation, accents, combining marks, CJK
// and invalid UTF-8.
func TestWordsFastPathAgrees(t *testing.T) {
	pieces := []string{"a", "Z", "7", "9", "0", "A", "z", "-", ".", "_", "/", "'", ":", " ", ",", "!", "\n", "é", "É", "\u0301", "日", "本", "한", "ß", "Ω", "\xff", "v1.2", "zebra-comet", "e.g.", "a'b"}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := Words(s), wordsReference(s); !slices.Equal(got, want) {
			t.Fatalf("case %d: Words(%q) = %q, want %q", n, s, got, want)
		}
	}
}
