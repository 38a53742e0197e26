// Package tokenize splits text into lower-cased Unicode word tokens.
//
// It is the one tokenizer shared by the offline embedder, keyword query
// planning, MMR diversity and snippet selection, so that "a word" means the
// same thing everywhere in memweave. It also holds the one English stop
// list, [IsStopWord], and its function-word subset, [IsFunctionWord].
package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words returns the lower-cased word tokens of s in order.
//
// A word is a maximal run of letters and digits, joined across single
// inner connectors (hyphen, dot, underscore, slash, apostrophe, colon) when both sides are
// letters or digits, so "ZEBRA-COMET-2026", "v1.2.3" and "pkg/foo.go" each
// stay one token. Han, Hiragana, Katakana and Hangul characters are emitted
// one rune per token, because those scripts do not separate words with
// spaces; [Bigrams] turns such runs into overlapping pairs.
func Words(s string) []string { return words(s, true) }

// words is Words; with fast false every rune goes through the Unicode
// tables, which TestWordsFastPathAgrees holds the ASCII fast path to.
func words(s string, fast bool) []string {
	var out []string
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, strings.ToLower(s[start:end]))
			start = -1
		}
	}
	for i := 0; i < len(s); {
		if c := s[i]; fast && c < utf8.RuneSelf && !isConnector(rune(c)) {
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

// Parts splits a compound token such as "zebra-comet-2026" or "v1.2.3" at
// its connectors. A token without connectors is returned alone.
func Parts(tok string) []string {
	parts := strings.FieldsFunc(tok, isConnector)
	if len(parts) == 0 {
		return []string{tok}
	}
	return parts
}

// Bigrams returns the tokens of [Words] with every run of consecutive CJK
// characters replaced by its overlapping character pairs; a lone CJK
// character stays as it is. Latin tokens pass through unchanged.
func Bigrams(s string) []string {
	words := Words(s)
	out := make([]string, 0, len(words))
	for i := 0; i < len(words); i++ {
		r, _ := utf8.DecodeRuneInString(words[i])
		if !IsCJK(r) {
			out = append(out, words[i])
			continue
		}
		j := i
		for j+1 < len(words) && isCJKToken(words[j+1]) {
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

func isCJKToken(w string) bool {
	r, size := utf8.DecodeRuneInString(w)
	return size == len(w) && IsCJK(r)
}

// IsCJK reports whether r belongs to a script written without spaces
// between words: Han, Hiragana, Katakana or Hangul.
func IsCJK(r rune) bool {
	if r < 0x1100 { // below Hangul Jamo, the first CJK block
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

func isConnector(r rune) bool {
	switch r {
	case '-', '.', '_', '/', '\'', ':':
		return true
	}
	return false
}
