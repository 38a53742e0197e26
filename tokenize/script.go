package tokenize

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// zwnj is the zero-width non-joiner, which [Normalize] removes between
// Latin letters but reads as a space beside a letter of the Arabic script
// (see [besideArabic]).
const zwnj = 0x200C

// besideArabic reports whether the zero-width non-joiner at byte i of s
// follows or precedes a letter of the Arabic script, where it ends a
// word as a space would: in Persian, Urdu, Kurdish and Pashto it parts a
// word from its prefix or suffix ("کتاب‌ها" is "کتاب" and "ها", "می‌خواهم"
// "می" and "خواهم"), and removed it would glue them into one word that
// no query for "کتاب" finds.
func besideArabic(s string, i int) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:i])
	after, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(zwnj):])
	return unicode.Is(unicode.Arabic, before) || unicode.Is(unicode.Arabic, after)
}

// folds reports whether [foldLetter] changes r.
func folds(r rune) bool {
	_, ok := foldLetter(r)
	return ok
}

// foldLetter returns what [Normalize] writes for r, and true, when r is a
// letter or mark that searchers of its script leave out or type as a
// plainer letter (docs/search.md, testdata/unicode/queries.txt):
//   - Greek letters with tonos, dialytika, the polytonic accents and
//     breathings or an iota subscript as the bare letter ("ά", "ϊ", "ἄ",
//     "ᾳ" as "α", "ι", "α", "α"), and the combining iota subscript
//     removed: capitals are written without tonos and modern spelling
//     drops the rest, as the keyword index folds Latin accents;
//   - Cyrillic "ё" (and "ѐ", "ѝ") as "е" ("и"), as most Russian text
//     writes it; "й", "ї" and "ў" are letters of their own and are kept;
//   - Hebrew points and cantillation, and Arabic vowel marks (harakat,
//     shadda, sukun, superscript alef, Quranic marks) and the tatweel
//     "ـ" removed, as most text is written without them; the alef with
//     hamza or madda ("أ", "إ", "آ", "ٱ") as "ا";
//   - the Latin letters no accent folding reaches (and their capitals)
//     as keyboards without them type them: "đ", "ð", "ø", "ł", "ħ", "ŧ"
//     as "d", "d", "o", "l", "h", "t"; "þ", "æ", "œ" as "th", "ae",
//     "oe" ("Þór" is found by "thor", "Cæsar" by "caesar").
func foldLetter(r rune) (string, bool) {
	switch {
	case r < 0x0300:
		switch r {
		case 0xD8, 0xF8:
			return "o", true
		case 0x1FE, 0x1FF: // with acute
			return "ó", true
		case 0xC6, 0xE6:
			return "ae", true
		case 0x1FC, 0x1FD: // with acute
			return "aé", true
		case 0x1E2, 0x1E3: // with macron
			return "aē", true
		case 0x152, 0x153:
			return "oe", true
		case 0xD0, 0xF0:
			return "d", true
		case 0xDE, 0xFE:
			return "th", true
		case 0x126, 0x127:
			return "h", true
		case 0x166, 0x167:
			return "t", true
		case 0x110, 0x111:
			return "d", true
		case 0x141, 0x142:
			return "l", true
		}
	case r == 0x345: // combining ypogegrammeni
		return "", true
	case r >= 0x386 && r <= 0x3D4 || r >= 0x1F00 && r <= 0x1FFF:
		return greekBase(r)
	case r < 0x500:
		switch r {
		case 0x400, 0x401, 0x450, 0x451:
			return "е", true
		case 0x40D, 0x45D:
			return "и", true
		}
	case r >= 0x591 && r <= 0x5C7 || r == 0xFB1E: // Hebrew points and cantillation
		return "", unicode.Is(unicode.Mn, r)
	case r >= 0x610 && r <= 0x8FF || r >= 0x10EFD && r <= 0x10EFF:
		return arabicFold(r)
	}
	return "", false
}

// greekBase returns the bare letter of r, a Greek letter with accents,
// breathings or an iota subscript, in NFKC, and true; false for any
// other r.
func greekBase(r rune) (string, bool) {
	if r >= 0x391 && r <= 0x3A9 || r >= 0x3B1 && r <= 0x3C9 {
		return "", false // the bare letters
	}
	var buf [utf8.UTFMax]byte
	d := norm.NFD.PropertiesString(string(buf[:utf8.EncodeRune(buf[:], r)])).Decomposition()
	base, n := utf8.DecodeRune(d)
	if n == 0 || n == len(d) || !unicode.Is(unicode.Greek, base) || !unicode.IsLetter(base) {
		return "", false
	}
	if base >= 0x391 && base <= 0x3C9 {
		return string(d[:n]), true // in NFKC: no allocation
	}
	return norm.NFKC.String(string(base)), true
}

// arabicFold is [foldLetter] of r in the Arabic blocks that hold marks.
func arabicFold(r rune) (string, bool) {
	switch {
	case r == 0x622 || r == 0x623 || r == 0x625 || r == 0x671:
		return "ا", true
	case r == 0x640: // tatweel
		return "", true
	case r >= 0x653 && r <= 0x655: // madda and hamza, which compose with letters
		return "", false
	}
	// The marks: harakat (of the script Inherited), superscript alef,
	// honorific and Quranic marks.
	return "", unicode.Is(unicode.Mn, r) && (r >= 0x64B && r <= 0x670 || unicode.Is(unicode.Arabic, r))
}
