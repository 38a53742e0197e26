// Package tokenize splits text into lower-cased Unicode word tokens.
//
// It is the one tokenizer shared by the keyword index (the text FTS5 is
// given, [Segment]), keyword query planning, the offline embedder, MMR
// diversity and snippet selection, so that "a word" means the same thing
// everywhere in memweave: in every script, the scripts written without
// spaces between words ([IsSpaceless]) being taken character by
// character and pair by pair ([Bigrams]), an emoji being a word of its
// own ([IsEmoji], held by the keyword index in its [IndexForm]), and with
// accents folded as the keyword index folds them ([Fold]). It also holds the one English stop
// list, [IsStopWord], and its function-word subset, [FunctionWords].
package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words returns the lower-cased word tokens of s, [Normalize]d, in order.
//
// A word is a maximal run of letters, digits and combining marks, joined
// across single inner connectors (hyphen, dot, underscore, slash,
// apostrophe, colon) when both sides are letters or digits, and across a
// comma between two ASCII digits, so "ZEBRA-COMET-2026", "v1.2.3",
// "pkg/foo.go" and "1,000" each stay one token. The
// characters of the scripts written without spaces between words (see
// [IsSpaceless]) are emitted one character per token, a character being
// a rune with the combining marks that follow it (a Thai consonant and its
// vowel and tone marks); [Bigrams] turns such runs into overlapping pairs.
// A word therefore ends where such a script starts: "Kubernetes集群" is
// "kubernetes", "集", "群". An emoji ([IsEmoji]) is a word of its own, a
// flag's two regional indicators one word: "deploy🚀now" is "deploy",
// "🚀", "now"; a joined sequence ("👩‍💻", whose joiner [Normalize]
// removes) is its pictographs, "👩", "💻".
func Words(s string) []string {
	out, _ := words(Normalize(s), true)
	return out
}

// WordsJoined returns the tokens of [Words] and, when s holds a character
// of a spaceless script (see [IsSpaceless]), whether each token is such a
// character written right after another one, which makes the two a pair
// of [Bigrams]; joined is nil when there is none.
func WordsJoined(s string) (tokens []string, joined []bool) {
	return words(Normalize(s), true)
}

// words is WordsJoined; with fast false every rune goes through the
// Unicode tables, which TestWordsFastPathAgrees holds the ASCII fast path
// to.
func words(s string, fast bool) (out []string, joined []bool) {
	start := -1
	lastEnd := -1 // end of the last character of a spaceless script
	flush := func(end int) {
		if start >= 0 {
			out = append(out, strings.ToLower(s[start:end]))
			if joined != nil {
				joined = append(joined, false)
			}
			start = -1
		}
	}
	for i := 0; i < len(s); {
		if c := s[i]; fast && c < utf8.RuneSelf && !isConnector(rune(c)) && c != ',' {
			// ASCII fast path: the same decisions as below, without
			// decoding or Unicode tables.
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				if start < 0 {
					start = i
				}
			} else {
				flush(i)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case IsEmoji(r):
			flush(i)
			end := i + emojiLen(s[i:], r, size)
			out = append(out, s[i:end])
			if joined != nil {
				joined = append(joined, false)
			}
			i = end
			continue
		case IsSpaceless(r):
			flush(i)
			end := i + size + marks(s[i+size:])
			if joined == nil {
				joined = make([]bool, len(out), len(out)+8)
			}
			joined = append(joined, i == lastEnd)
			out = append(out, s[i:end])
			i, lastEnd = end, end
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || isMark(r):
			if start < 0 {
				start = i
			}
		case isConnector(r) && start >= 0 && i+size < len(s):
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			if !(unicode.IsLetter(next) || unicode.IsDigit(next)) || IsSpaceless(next) {
				flush(i)
			}
		case r == ',' && start >= 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]):
			// A digit group separator: "1,000" is one number, as "1.000".
		default:
			flush(i)
		}
		i += size
	}
	flush(len(s))
	return out, joined
}

// Parts splits a compound token such as "zebra-comet-2026", "v1.2.3" or
// "1,000" at its connectors (and the commas between digits). A token
// without connectors is returned alone.
func Parts(tok string) []string {
	parts := strings.FieldsFunc(tok, isPartBreak)
	if len(parts) == 0 {
		return []string{tok}
	}
	return parts
}

// IsCompound reports whether tok holds a connector, the characters
// [Parts] splits at: whether Parts can return more than tok itself.
func IsCompound(tok string) bool { return strings.IndexFunc(tok, isPartBreak) >= 0 }

// isPartBreak reports whether r is a character [Parts] splits a token of
// [Words] at: a connector, or a comma, which a token holds only between
// digits.
func isPartBreak(r rune) bool { return isConnector(r) || r == ',' }

// isDigit reports whether c is an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// Bigrams returns the tokens of [Words] with every run of consecutive
// characters of a spaceless script (see [IsSpaceless]) replaced by its
// overlapping character pairs (characters written one after the other,
// with nothing between them); a lone such character stays as it is.
// Other tokens pass through unchanged.
func Bigrams(s string) []string {
	words, joined := WordsJoined(s)
	if joined == nil {
		return words
	}
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		j := i
		for j+1 < len(words) && joined[j+1] {
			j++
		}
		if j == i {
			out = append(out, words[i])
			continue
		}
		for k := i; k < j; k++ {
			out = append(out, words[k]+words[k+1])
		}
		i = j
	}
	return out
}

// Segment returns s as memweave's FTS5 table is given it: every run of
// characters of a spaceless script (see [IsSpaceless]) is replaced by its
// overlapping character pairs and then its last character, each a
// separate word, "…系统上线…" becoming " 系统 统上 上线 线 ". FTS5's
// unicode61 tokenizer keeps such a run, a whole clause, as one token;
// segmented, a word of two or more characters anywhere in it is the
// phrase of its pairs (the pairs of [Bigrams]), and a single character
// the prefix query of its pairs and the run's last character. Each emoji
// word of [Words] is written apart in its [IndexForm]. The text is first
// [Normalize]d. Text without such characters is returned unchanged.
func Segment(s string) string {
	s = Normalize(s)
	i := firstSpaceless(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) * 3)
	for i >= 0 {
		b.WriteString(s[:i])
		s = s[i:]
		if r, size := utf8.DecodeRuneInString(s); IsEmoji(r) {
			n := emojiLen(s, r, size)
			b.WriteByte(' ')
			b.WriteString(IndexForm(s[:n]))
			b.WriteByte(' ')
			s = s[n:]
			i = firstSpaceless(s)
			continue
		}
		// Each character of the run, as [Words] cuts them, closes the
		// pair that the previous one opened.
		b.WriteByte(' ')
		prev := ""
		for len(s) > 0 {
			r, size := utf8.DecodeRuneInString(s)
			if !IsSpaceless(r) {
				break
			}
			n := size + marks(s[size:])
			if prev != "" {
				b.WriteString(prev)
				b.WriteString(s[:n])
				b.WriteByte(' ')
			}
			prev, s = s[:n], s[n:]
		}
		b.WriteString(prev)
		b.WriteByte(' ')
		i = firstSpaceless(s)
	}
	b.WriteString(s)
	return b.String()
}

// firstSpaceless returns the byte offset of the first rune of s that
// [IsSpaceless] or [IsEmoji] accepts, -1 when there is none. Such runes
// take three or four bytes in UTF-8, so the scan skips every byte below
// 0xE0 without decoding.
func firstSpaceless(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] < 0xE0 {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(s[i:]); IsSpaceless(r) || IsEmoji(r) {
			return i
		}
	}
	return -1
}

// marks returns the length in bytes of the combining marks s starts with.
func marks(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if !isMark(r) {
			break
		}
		n += size
	}
	return n
}

// isMark reports whether r is a combining mark (categories Mn, Mc, Me):
// an accent, or a vowel or tone sign of an Indic or Southeast Asian
// script.
func isMark(r rune) bool {
	if r < 0x0300 || isCommonCJK(r) {
		return false
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me)
}

// isCommonCJK reports whether r is a CJK Unified Ideograph of the main
// block or a Hangul syllable, most of the characters of Chinese,
// Japanese and Korean text, answered without the Unicode tables.
func isCommonCJK(r rune) bool {
	return 0x4E00 <= r && r <= 0x9FFF || 0xAC00 <= r && r <= 0xD7A3
}

// IsSpacelessToken reports whether w, a token of [Words] or [Bigrams],
// is a character or pair of characters of a spaceless script.
func IsSpacelessToken(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return IsSpaceless(r)
}

// IsSpaceless reports whether r belongs to a script written without
// spaces between words: Han, Hiragana, Katakana, Hangul (Korean separates
// words but attaches particles to them), Thai, Lao, Khmer or Myanmar. The
// Katakana-Hiragana prolonged sound mark (ー, and its half-width form)
// counts as Katakana.
func IsSpaceless(r rune) bool {
	if r < 0x0E00 { // below Thai, the first such block
		return false
	}
	if r == 0x30FC || r == 0xFF70 || isCommonCJK(r) ||
		r <= 0x0EFF && r != 0x0E3F || 0x1000 <= r && r <= 0x109F || 0x1780 <= r && r <= 0x17FF {
		// The Thai, Lao, Myanmar and Khmer blocks, but for the baht sign.
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
		unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

func isConnector(r rune) bool {
	switch r {
	case '-', '.', '_', '/', '\'', ':':
		return true
	}
	return false
}
