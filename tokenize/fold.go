package tokenize

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold returns w without the diacritics of its Latin letters: "café"
// becomes "cafe", "zürich" "zurich", "việt" "viet". It is what FTS5's
// unicode61 tokenizer does with remove_diacritics 2, so that the words
// memweave matches in Go (snippets, the keyword score's coverage, the
// offline embedder's features) fold as the keyword index does; and it
// folds the letters [Normalize] writes plainly for search (Greek
// accents, "ё", Hebrew and Arabic points, "đ", "ø", "þ", "æ"), so that a word
// as written (curation reads them so) folds as its normalized form does.
// Other letters that do not decompose into a letter and accents, such as
// "ß", and other scripts are kept as they are; a w without a precomposed
// Latin letter, a combining diacritic or such a letter is returned
// without allocating.
func Fold(w string) string {
	// Small enough to be inlined: ASCII words cost no call.
	for _, c := range []byte(w) {
		if c >= utf8.RuneSelf {
			return fold(w)
		}
	}
	return w
}

// fold is Fold of a w that is not all ASCII.
func fold(w string) string {
	if strings.ContainsFunc(w, folds) {
		w = plain(norm.NFC.String(w))
	}
	if !foldable(w) {
		return w
	}
	d := norm.NFD.String(w)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if r < 0x0300 || r > 0x036F { // Combining Diacritical Marks
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// foldable reports whether w holds a rune Fold may change: a precomposed
// Latin letter (Latin-1 Supplement to Latin Extended-B, Latin Extended
// Additional) or a combining diacritic.
func foldable(w string) bool {
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		if r >= 0x00C0 && r < 0x0250 || r >= 0x0300 && r < 0x0370 || r >= 0x1E00 && r < 0x1F00 {
			return true
		}
		i += size
	}
	return false
}

// plain returns w, in NFC, with each letter [foldLetter] folds written as
// it writes it.
func plain(w string) string {
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		if as, ok := foldLetter(r); ok {
			b.WriteString(as)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
