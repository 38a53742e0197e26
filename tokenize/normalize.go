package tokenize

import "strings"

// Normalize returns s with the characters that only look like a plain
// word's written as that word, so that a word pasted from a PDF or a web
// page, or typed on a fullwidth keyboard, is the word a query types:
//   - the Latin ligatures U+FB00 to U+FB06 ("ﬁ", "ﬀ", "ﬃ", ...) as their
//     letters, "ﬁnance" "finance";
//   - the fullwidth forms of ASCII (U+FF01 to U+FF5E) as ASCII,
//     "ＡＰＩ" "API";
//   - the invisible characters that break or join a word without showing
//     (soft hyphen U+00AD, zero-width space U+200B, word joiner U+2060,
//     zero-width no-break space U+FEFF) removed, "rein\u00addeer"
//     "reindeer".
//
// Every other character is kept, the joiners that shape words (U+200C,
// U+200D) included. It is applied to the text the keyword index holds
// ([Segment]) and to queries, so both sides read a word alike. A string
// without such characters is returned as is, without allocating.
func Normalize(s string) string {
	if !strings.ContainsFunc(s, normalizes) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			b.WriteRune(r - 0xFF01 + '!')
		case r >= 0xFB00 && r <= 0xFB06:
			b.WriteString(ligatures[r-0xFB00])
		case invisible(r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ligatures are the letters of the Latin ligatures U+FB00 to U+FB06.
var ligatures = [...]string{"ff", "fi", "fl", "ffi", "ffl", "st", "st"}

// normalizes reports whether [Normalize] changes r.
func normalizes(r rune) bool {
	return r >= 0xFF01 && r <= 0xFF5E || r >= 0xFB00 && r <= 0xFB06 || invisible(r)
}

// invisible reports whether r is a character [Normalize] removes.
func invisible(r rune) bool {
	return r == 0x00AD || r == 0x200B || r == 0x2060 || r == 0xFEFF
}
