package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsEmoji reports whether r is a pictograph that [Words] takes as a word
// of its own, as it takes a CJK character: a symbol (category So) of the
// blocks emoji are drawn from (Miscellaneous Technical, Miscellaneous
// Symbols, Dingbats, Miscellaneous Symbols and Arrows, and U+1F000 to
// U+1FAFF: "⌚", "☕", "✅", "⭐", "🚀", the regional indicators of flags).
// A skin tone (category Sk) is no word: it folds away as an accent does.
// Other symbols (arrows, box drawing, "©", "°") stay punctuation.
func IsEmoji(r rune) bool {
	switch {
	case r < 0x2300:
		return false
	case r <= 0x23FF, r >= 0x2600 && r <= 0x27BF, r >= 0x2B00 && r <= 0x2BFF, r >= 0x1F000 && r <= 0x1FAFF:
		return unicode.Is(unicode.So, r)
	}
	return false
}

// isRegional reports whether r is a regional indicator, two of which
// write a flag.
func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

// emojiLen returns the length in bytes of the emoji word s starts with,
// s starting with an emoji r of size bytes: a flag's two regional
// indicators, else r alone.
func emojiLen(s string, r rune, size int) int {
	if isRegional(r) {
		if next, n := utf8.DecodeRuneInString(s[size:]); isRegional(next) {
			return size + n
		}
	}
	return size
}

// IndexForm returns s as the keyword index holds it: each emoji as a
// character of the supplementary private use area, which the index's
// tokenizer (unicode61, categories L, N, Co and M) keeps as a word where
// it ignores symbols. "⌚" to "⯿" (U+2300 to U+2BFF) become U+F2300 to
// U+F2BFF, U+1F000 to U+1FAFF become U+FF000 to U+FFAFF; a note holding
// those private-use characters themselves matches them too. Text without
// an emoji is returned as it is.
func IndexForm(s string) string {
	if !strings.ContainsFunc(s, IsEmoji) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch {
		case !IsEmoji(r):
			return r
		case r >= 0x10000:
			return 0xF0000 + r - 0x10000
		}
		return 0xF0000 + r
	}, s)
}
