package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalize returns s as every reader of words in memweave reads it
// (the keyword index through [Segment], queries, [Words] and so the
// offline embedder, snippets, curation and contradiction hints), so that
// two spellings of one word Unicode calls equivalent are one word:
//   - the default-ignorable code points removed: soft hyphen, zero-width
//     space, joiners and non-joiners, word joiner, direction marks and
//     controls, variation selectors, BOM and the like, so that
//     "kuber\u200dnetes" and "rein\u00addeer" are "kubernetes" and
//     "reindeer";
//   - compatibility forms as their plain letters (NFKC): mathematical
//     bold or italic letters, fullwidth "ＡＰＩ", ligatures "ﬁ", "Ĳ", "ǆ",
//     Roman numerals, halfwidth Katakana, and decomposed accents composed
//     ("e\u0301" is "é"); but superscripts, subscripts and the other
//     numbers and modifier letters are kept ("10⁶" is not "106"), and a
//     symbol whose compatibility form holds letters or digits ("™", "№",
//     "㎏") becomes that form as a word of its own, "Acme™" "acme tm",
//     "5㎏" "5 kg" (in place, it would join the word before it);
//   - full case folding: "ß" and "ẞ" are "ss", final "ς" is "σ", "İ" is
//     "i" with a dot above, which is then removed (below);
//   - dotless "ı" as "i", so a Turkish word typed on a keyboard without
//     it is found, as accents are folded;
//   - a combining diacritical mark that composes with no letter removed
//     (see [isDiacritic]).
//
// Normalize is NFKC_Casefold with those exceptions. Letters whose folding
// is their lower case may be left as they are (every reader lower-cases,
// the keyword index too), and so may a character whose compatibility form
// holds no letter, digit or connector ("…", a no-break space: it ends a
// word either way); text in which nothing else changes, all-ASCII text in
// particular, is returned as it is, without allocating. Look-alike
// letters of other scripts (Cyrillic "а", Greek "ο") are other letters
// and stay so.
func Normalize(s string) string {
	// Fields (runs between ASCII spaces and control characters) never
	// compose or fold across their ends, so only those with a character
	// that changes are rewritten; ASCII is skipped eight bytes at a time.
	for i := asciiPrefix(s); i < len(s); {
		if s[i] < utf8.RuneSelf {
			i += asciiPrefix(s[i:])
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if isCommonCJK(r) {
			i += n
			continue
		}
		c := class(r, s[i:i+n])
		if c == stable {
			i += n
			continue
		}
		start, end := fieldStart(s, i), fieldEnd(s, i)
		if c == changes || fieldChanges(s[start:end]) {
			return s[:start] + normalizeFrom(s[start:], end-start)
		}
		i = end
	}
	return s
}

// The classes of a non-ASCII character for [Normalize].
const (
	stable  = iota // in NFKC and folded as lower case whatever surrounds it
	changes        // changed by Normalize
	maybe          // a mark or a compatibility character: its field may not be in NFKC
)

// class returns the class of r, which is written as c.
func class(r rune, c string) int {
	switch {
	case r >= 0xC0 && r <= 0xFF && r != 0xDF && !folds(r), r >= 0x2010 && r <= 0x2023 && r != 0x2017, isCommonCJK(r):
		return stable // Latin-1 letters, dashes and quotes; TestClass
	case ignorable(r) || r == 'ı' || foldApart(r) || folds(r) || isDiacritic(r):
		return changes
	case keptForm(r):
		return stable
	}
	p := norm.NFKC.PropertiesString(c)
	if d := p.Decomposition(); !p.BoundaryBefore() || d != nil && wordly(d) && norm.NFKC.QuickSpanString(c) < len(c) {
		return maybe
	}
	return stable
}

// normalizeFrom is [Normalize] of s, whose first field, of n bytes, is
// one it changes.
func normalizeFrom(s string, n int) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(normalizeField(s[:n]))
	for i := n; i < len(s); {
		j := nextField(s, i)
		b.WriteString(s[i:j]) // spaces and controls
		if j == len(s) {
			break
		}
		i = fieldEnd(s, j)
		if f := s[j:i]; fieldChanges(f) {
			b.WriteString(normalizeField(f))
		} else {
			b.WriteString(f)
		}
	}
	return b.String()
}

// asciiPrefix returns the length of the longest prefix of s that is
// ASCII, eight bytes at a time.
func asciiPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8] // of known length: the eight loads combine into one
		v := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if v&0x8080808080808080 != 0 {
			break
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// isBreak reports whether c, an ASCII space or control character, ends
// a field.
func isBreak(c byte) bool { return c <= ' ' }

// fieldStart returns the start of the field holding byte i of s.
func fieldStart(s string, i int) int {
	for i > 0 && !isBreak(s[i-1]) {
		i--
	}
	return i
}

// fieldEnd returns the end of the field starting at byte i of s.
func fieldEnd(s string, i int) int {
	for i < len(s) && !isBreak(s[i]) {
		i++
	}
	return i
}

// nextField returns the start of the first field at or after byte i.
func nextField(s string, i int) int {
	for i < len(s) && isBreak(s[i]) {
		i++
	}
	return i
}

// fieldChanges reports whether [Normalize] changes the words of field
// beyond lower case.
func fieldChanges(field string) bool {
	mayNot := false // whether field may not be in NFKC
	for i := 0; i < len(field); {
		if field[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(field[i:])
		switch class(r, field[i:i+n]) {
		case changes:
			return true
		case maybe:
			mayNot = true
		}
		i += n
	}
	// Most fields are in NFKC, which the quick check shows; the full
	// check (which allocates) only runs on the others.
	return mayNot && norm.NFKC.QuickSpanString(field) < len(field) && !norm.NFKC.IsNormalString(field)
}

// wordly reports whether the UTF-8 text d holds a letter, number or mark
// or a connector that joins words ("-", "."; see [Words]): whether it can
// be part of a word. A character whose compatibility form holds none
// ("…" for "...", "！" for "!", a no-break space for a space) ends a
// word either way, and [Normalize] leaves it as written.
func wordly(d []byte) bool {
	if len(d) == 1 && isConnector(rune(d[0])) {
		return true // "․" is "."
	}
	for _, r := range string(d) {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) {
			return true
		}
	}
	return false
}

// normalizeField is [Normalize] of one field that it changes.
func normalizeField(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	from := 0 // start of the text not yet written
	for i, r := range s {
		if r < utf8.RuneSelf {
			continue
		}
		var as string // r as written instead
		letter, folded := foldLetter(r)
		switch {
		case folded:
			as = letter
		case r == zwnj && besideArabic(s, i):
			as = " "
		case ignorable(r):
		case r == 'ı':
			as = "i"
		case foldApart(r): // full case folding that is not lower case
			as = foldRune(r)
		case keptSymbol(r): // as the word(s) it stands for
			as = " " + norm.NFKC.String(string(r)) + " "
		case keptForm(r):
			as = string(r)
		default:
			continue
		}
		b.WriteString(nfkc(s[from:i]))
		b.WriteString(as)
		from = i + utf8.RuneLen(r)
	}
	b.WriteString(nfkc(s[from:]))
	out := b.String()
	if strings.ContainsFunc(out, isDiacritic) {
		out = strings.Map(func(r rune) rune {
			if isDiacritic(r) {
				return -1
			}
			return r
		}, out)
	}
	return out
}

// isDiacritic reports whether r is in the Combining Diacritical Marks
// block (U+0300 to U+036F). [Normalize] removes those that stand alone
// once the text is composed: an accent no letter composes with ("n̈",
// the stress mark of "моло́ко", the overlays of "c̷o̷n̷f̷i̷g̷") folds away as
// composed accents fold in the keyword index, which removes only some of
// them.
func isDiacritic(r rune) bool { return r >= 0x300 && r <= 0x36F }

// nfkc returns s in NFKC; s holds no character [normalizeField] writes
// itself, but its NFKC may (then written as normalizeField writes it).
func nfkc(s string) string {
	if norm.NFKC.QuickSpanString(s) == len(s) {
		return s
	}
	t := norm.NFKC.String(s)
	if t != s && fieldChanges(t) { // "ͺ" is " \u0345", mathematical "𝚤" is "ı"
		return normalizeField(t)
	}
	return t // a mark left alone is removed by the caller, normalizeField
}

// keptForm reports whether r is a character [Normalize] keeps although
// NFKC changes it: the other numbers (superscript and subscript digits,
// circled numbers, fractions) and the modifier letters (superscript
// letters, "ª", "º"), which differ in meaning from the plain ones when
// they follow a word or number ("10⁶" is not "106", "1º" not "1o"; the
// keyword index keeps "10⁶" as one word, and [Words] as "10"), but for
// the halfwidth forms (U+FF00 to U+FFEF: "ﾞ" is the voiced mark of "ｶﾞ").
func keptForm(r rune) bool {
	return (r == 0xAA || r == 0xBA || unicode.In(r, unicode.No, unicode.Lm)) && (r < 0xFF00 || r > 0xFFEF)
}

// keptSymbol reports whether r is a symbol whose compatibility form holds
// a letter or digit ("™" is "TM"), which [Normalize] writes as a word of
// its own.
func keptSymbol(r rune) bool {
	if r < 0x20A8 || !unicode.IsSymbol(r) { // the first is "₨", "Rs"
		return false
	}
	var buf [utf8.UTFMax]byte
	d := norm.NFKC.PropertiesString(string(buf[:utf8.EncodeRune(buf[:], r)])).Decomposition()
	for _, c := range string(d) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			return true
		}
	}
	return false
}

// ignorable reports whether r is a default-ignorable code point (the
// Unicode 15 property Default_Ignorable_Code_Point, which the unicode
// package has only in part, as Other_Default_Ignorable_Code_Point);
// [Normalize] removes them. TestIgnorable holds it to the list of
// DerivedCoreProperties.txt.
func ignorable(r rune) bool {
	switch {
	case r < 0x2000:
		return r == 0xAD || r == 0x34F || r == 0x61C || r == 0x115F || r == 0x1160 ||
			r == 0x17B4 || r == 0x17B5 || r >= 0x180B && r <= 0x180F
	case r < 0x3000:
		return r >= 0x200B && r <= 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2060 && r <= 0x206F
	case r < 0xFE00:
		return r == 0x3164
	case r < 0x10000:
		return r <= 0xFE0F || r == 0xFEFF || r == 0xFFA0 || r >= 0xFFF0 && r <= 0xFFF8
	}
	return r >= 0x1BCA0 && r <= 0x1BCA3 || r >= 0x1D173 && r <= 0x1D17A || r >= 0xE0000 && r <= 0xE0FFF
}

// foldApart reports whether r is one of foldsApart.
func foldApart(r rune) bool {
	return r == 0xDF || r == 0x130 || r == 0x345 || r == 0x3C2 ||
		r >= 0x1C80 && r <= 0x1FFC && unicode.Is(foldsApart, r)
}

// foldRune returns the full case folding, in NFKC, of r, one of
// foldsApart. The x/text cases package would do it, at a cost to every
// process's start (its and the language tags' initialisation: see
// docs/performance.md); TestFoldsApart holds foldRune to it.
func foldRune(r rune) string {
	switch r {
	case 0xDF, 0x1E9E:
		return "ss"
	case 0x130:
		return "i\u0307"
	case 0x345:
		return "ι"
	case 0x3C2:
		return "σ"
	}
	if r <= 0x1C88 { // the old forms of Cyrillic letters
		return [...]string{"в", "д", "о", "с", "т", "т", "ъ", "ѣ", "ꙋ"}[r-0x1C80]
	}
	// Greek with ypogegrammeni or prosgegrammeni: the letter and its
	// other marks in lower case, then iota.
	d := strings.ReplaceAll(norm.NFD.String(string(r)), "\u0345", "")
	return norm.NFC.String(strings.ToLower(d)) + "ι"
}

// foldsApart are the characters in NFKC whose full case folding is not
// their lower case: "ß", "ẞ", "İ", the iota subscript, final sigma, the
// Cyrillic old forms and the Greek letters with ypogegrammeni.
// TestFoldsApart derives it again from the Unicode tables.
var foldsApart = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00DF, 0x00DF, 1}, {0x0130, 0x0130, 1}, {0x0345, 0x0345, 1},
		{0x03C2, 0x03C2, 1}, {0x1C80, 0x1C88, 1}, {0x1E9E, 0x1E9E, 1},
		{0x1F80, 0x1FAF, 1}, {0x1FB2, 0x1FB4, 1}, {0x1FB7, 0x1FB7, 1},
		{0x1FBC, 0x1FBC, 1}, {0x1FC2, 0x1FC4, 1}, {0x1FC7, 0x1FC7, 1},
		{0x1FCC, 0x1FCC, 1}, {0x1FF2, 0x1FF4, 1}, {0x1FF7, 0x1FF7, 1},
		{0x1FFC, 0x1FFC, 1},
	},
}
