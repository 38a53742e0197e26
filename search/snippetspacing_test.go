package search

import (
	"strings"
	"testing"
)

// TestSnippetKeepsSaraAmWithItsConsonant: Thai SARA AM (U+0E33) and Lao
// AM (U+0EB3) are letters by category but vowel signs on screen, written
// after the consonant they sit on ("ทำ", do; "น้ำ", water): Unicode's
// grapheme rule GB9a lists them as spacing marks, so a character never
// starts at one. Nor does one start after a prepended mark (GB9b: the
// Arabic number sign U+0600 goes before the digits it stands over). A
// snippet cut at one leaves a bare vowel sign at its edge.
func TestSnippetKeepsSaraAmWithItsConsonant(t *testing.T) {
	for _, char := range []string{
		"\u0E17\u0E33",       // ทำ: consonant, SARA AM
		"\u0E84\u0EB3",       // ຄຳ: Lao consonant, AM
		"\u0E19\u0E49\u0E33", // น้ำ: consonant, tone mark, SARA AM (check)
		"\u0600\u0661",       // Arabic number sign over the digit 1 (check)
	} {
		text := strings.Repeat(char, 400) + "gnu" + strings.Repeat(char, 400)
		for max := 40; max < 120; max++ {
			got := Snippet(text, QueryTerms("gnu"), max)
			inner := strings.TrimSuffix(strings.TrimPrefix(got, ellipsis), ellipsis)
			if len(got) > max || strings.ReplaceAll(inner, char, "") != "gnu" {
				t.Fatalf("Snippet(%q x 400 gnu ..., max %d) = %q: want whole %q around gnu, at most %d bytes", char, max, got, char, max)
			}
		}
	}
}
