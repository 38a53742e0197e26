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
