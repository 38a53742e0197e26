package search

import (
	"strings"
	"testing"
)

// TestSnippetKeepsEmojiWhole: an emoji written as several code points (a
// family joined by zero-width joiners, a flag of two regional indicators,
// a thumb with a skin tone, a heart with its variation selector) is one
// character on screen. A snippet cut out of a long run of them must not
// cut one apart: a lone joiner, half a flag (which pairs with the next
// half into another country's flag) or a bare thumb is not what the note
// says.
func TestSnippetKeepsEmojiWhole(t *testing.T) {
	for _, emoji := range []string{
		"\U0001F468\u200D\U0001F469\u200D\U0001F467", // family
		"\U0001F1EB\U0001F1F7",                       // flag of France
		"\U0001F44D\U0001F3FD",                       // thumbs up, medium skin tone
		"\u2764\uFE0F",                               // red heart
	} {
		text := strings.Repeat(emoji, 400) + "gnu" + strings.Repeat(emoji, 400)
		for max := 40; max < 120; max++ {
			got := Snippet(text, QueryTerms("gnu"), max)
			inner := strings.TrimSuffix(strings.TrimPrefix(got, ellipsis), ellipsis)
			if len(got) > max || strings.ReplaceAll(inner, emoji, "") != "gnu" {
				t.Fatalf("Snippet(%q x 400 gnu ..., max %d) = %q: want whole %q around gnu, at most %d bytes", emoji, max, got, emoji, max)
			}
		}
	}
}

// TestSnippetKeepsHangulSyllablesWhole: Korean written decomposed (NFD,
// as macOS file names and some editors store it) spells each syllable
// as two or three conjoining jamo, one character on screen; a cut after
// the leading consonant or the vowel leaves half a syllable, which
// renders as a lone letter, at the snippet's edge. A conjunct of Indic
// scripts (a consonant, a virama, a consonant: Unicode 15.1's rule GB9c)
// is one character too, and a zero-width non-joiner stays with the
// letter before it.
func TestSnippetKeepsHangulSyllablesWhole(t *testing.T) {
	for _, syllable := range []string{
		"\u1112\u1161\u11AB", // 한: L V T
		"\u1100\u116E",       // 구: L V
		"\uAC00\u11A8",       // 각: LV T
		"\u1100\uD7B0\uD7CB", // L and extended V and T
		"\u0645\u200C",       // a letter and the non-joiner after it
		"\u0915\u094D\u0937", // क्ष: a Devanagari conjunct, consonant virama consonant
		"\u0C15\u0C4D\u0C37", // the same in Telugu
	} {
		text := strings.Repeat(syllable, 400) + "gnu" + strings.Repeat(syllable, 400)
		for max := 40; max < 120; max++ {
			got := Snippet(text, QueryTerms("gnu"), max)
			inner := strings.TrimSuffix(strings.TrimPrefix(got, ellipsis), ellipsis)
			if len(got) > max || strings.ReplaceAll(inner, syllable, "") != "gnu" {
				t.Fatalf("Snippet(%q x 400 gnu ..., max %d) = %q: want whole %q around gnu, at most %d bytes", syllable, max, got, syllable, max)
			}
		}
	}
}
