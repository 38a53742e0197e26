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
	if !hasNormalizable(s) {
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

// hasNormalizable reports whether s holds a character [Normalize]
// changes. It finds the lead bytes of their UTF-8 forms with
// strings.IndexByte, which reads text without them at memory speed, then
// checks the bytes that follow: C2 AD (U+00AD), E2 80 8B (U+200B),
// E2 81 A0 (U+2060), EF AC 80-86 (U+FB00-FB06), EF BB BF (U+FEFF),
// EF BC 81 to EF BD 9E (U+FF01-FF5E).
func hasNormalizable(s string) bool {
	for _, lead := range [...]byte{0xC2, 0xE2, 0xEF} {
		for rest := s; ; {
			i := strings.IndexByte(rest, lead)
			if i < 0 {
				break
			}
			if normalizableAt(rest[i:]) {
				return true
			}
			rest = rest[i+1:]
		}
	}
	return false
}

// normalizableAt reports whether s starts with the UTF-8 form of a
// character [Normalize] changes; s starts with one of the lead bytes of
// [hasNormalizable].
func normalizableAt(s string) bool {
	if len(s) < 2 {
		return false
	}
	if s[0] == 0xC2 {
		return s[1] == 0xAD
	}
	if len(s) < 3 {
		return false
	}
	b, c := s[1], s[2]
	if s[0] == 0xE2 {
		return b == 0x80 && c == 0x8B || b == 0x81 && c == 0xA0
	}
	switch b { // s[0] == 0xEF
	case 0xAC:
		return c >= 0x80 && c <= 0x86
	case 0xBB:
		return c == 0xBF
	case 0xBC:
		return c >= 0x81
	case 0xBD:
		return c <= 0x9E
	}
	return false
}

// invisible reports whether r is a character [Normalize] removes.
func invisible(r rune) bool {
	return r == 0x00AD || r == 0x200B || r == 0x2060 || r == 0xFEFF
}
