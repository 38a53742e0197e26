package chunker

import (
	"strings"
	"unicode/utf8"
)

// The parse budget. goldmark's block parser takes super-linear time on
// some line shapes (hundreds of list markers on one line, thousands of
// "[a](" in a heading, thousands of levels of nested indentation), so
// Split never lets it see them: a line over any of these limits is
// hostile, and the region around it, the maximal run of non-blank lines
// holding it, is chunked by lines alone (see [maskHostile]). Its link
// reference definition parser takes time proportional to the definitions
// of a paragraph times the paragraph's lines, so a run of lines goldmark
// could read as one paragraph with more than maxLinkRefs lines that could
// open a definition is chunked by lines alone too.
const (
	// maxLineBytes is the longest line goldmark parses.
	maxLineBytes = 8 << 10
	// maxMarkers is the most block markers ("- ", "* ", "+ ", "1. ",
	// "1) ", ">") a line may open with.
	maxMarkers = 16
	// maxIndent is the most columns of indentation and block markers a
	// line may open with; a tab advances to the next multiple of 4.
	maxIndent = 64
	// maxBrackets is the most '[' and '(' a line may hold.
	maxBrackets = 256
	// maxLinkRefs is the most lines that open with '[' after their block
	// markers (see [opensBracket]) that a run of lines without a line
	// goldmark takes as blank may hold.
	maxLinkRefs = 128
)

// Bounds on heading paths, which every chunk of a section carries (and
// the index stores and embeds once per chunk).
const (
	// maxHeadingBytes caps a heading's text; a longer one is cut at a rune
	// boundary and ends in "…".
	maxHeadingBytes = 200
	// maxHeadingLevels is the most headings in a path: the innermost ones.
	maxHeadingLevels = 3
	// maxHeadingSource caps the heading markup parsed for its text, which
	// bounds the inline parser's work on a long (setext) heading.
	maxHeadingSource = 1 << 10
)

// hostile reports whether line s exceeds the parse budget.
func hostile(s string) bool {
	if len(s) > maxLineBytes {
		return true
	}
	col, markers := 0, 0
	i := 0
	for i < len(s) && col <= maxIndent && markers <= maxMarkers {
		switch c := s[i]; {
		case c == ' ':
			col++
		case c == '\t':
			col += 4 - col%4
		case c == '>':
			markers++
			col++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t'):
			markers++
			col++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && j-i < 9 && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j+1 >= len(s) || (s[j] != '.' && s[j] != ')') || (s[j+1] != ' ' && s[j+1] != '\t') {
				return col > maxIndent || markers > maxMarkers || brackets(s[i:]) > maxBrackets
			}
			markers++
			col += j + 1 - i
			i = j
		default:
			return brackets(s[i:]) > maxBrackets
		}
		i++
	}
	return col > maxIndent || markers > maxMarkers || brackets(s[i:]) > maxBrackets
}

// brackets returns the number of '[' and '(' in s.
func brackets(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '[' || s[i] == '(' {
			n++
		}
	}
	return n
}

// opensBracket reports whether line s opens with '[' after any white
// space, block quote markers and list markers: whether a link reference
// definition could start on it, in whatever container.
func opensBracket(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ', c == '\t', c == '>':
		case (c == '-' || c == '*' || c == '+') && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '\t'):
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && j-i < 9 && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j+1 >= len(s) || (s[j] != '.' && s[j] != ')') || (s[j+1] != ' ' && s[j+1] != '\t') {
				return false
			}
			i = j
		default:
			return c == '['
		}
	}
	return false
}

// gapLine reports whether line s is blank to goldmark: spaces and tabs
// only. Every such line is blank to [isBlank] too, not the reverse.
func gapLine(s string) bool {
	return strings.Trim(s, " \t") == ""
}

// maskHostile returns a copy of the LF-normalised document whose line
// table is l, with each hostile region blanked for the block parser: every byte of
// its lines but the line feeds becomes a space, so byte offsets and line
// numbers stay those of the document, and cuts inside the region are ranked by
// blank lines alone. A region is the maximal run of non-blank lines around
// a hostile line, or a maximal run of lines that goldmark does not take as
// blank (see [gapLine]) holding more than maxLinkRefs lines that could
// open a link reference definition (see [opensBracket]). Lines of a region
// that are not hostile and open a fence ("```", "~~~") or are an ATX
// heading ("# "), indented less than four columns, stay: a fence opened or
// closed there still pairs up as in src, and a heading still starts a
// section. It returns nil when no region is found. masked[j] reports
// whether line j was blanked; it is nil when out is.
func maskHostile(l *lines) (out []byte, masked []bool) {
	mask := func(a, b int) {
		if masked == nil {
			out, masked = []byte(l.s), make([]bool, l.n())
		}
		for j := a; j <= b; j++ {
			if s := l.line(j); masked[j] || keep(s) && !hostile(s) {
				continue
			}
			masked[j] = true
			for k := l.start(j); k < l.end(j); k++ {
				out[k] = ' '
			}
		}
	}
	for i := 0; i < l.n(); i++ {
		if !hostile(l.line(i)) {
			continue
		}
		a, b := i, i
		for a > 0 && !l.blank(a-1) {
			a--
		}
		for b+1 < l.n() && !l.blank(b+1) {
			b++
		}
		mask(a, b)
		i = b
	}
	for a := 0; a < l.n(); {
		if gapLine(l.line(a)) {
			a++
			continue
		}
		b, refs := a, 0
		for ; b < l.n() && !gapLine(l.line(b)); b++ {
			if opensBracket(l.line(b)) {
				refs++
			}
		}
		if refs > maxLinkRefs {
			mask(a, b-1)
		}
		a = b
	}
	return out, masked
}

// keep reports whether line s could open or close a fenced code block or
// be an ATX heading.
func keep(s string) bool {
	i := 0
	for i < len(s) && i < 3 && s[i] == ' ' {
		i++
	}
	rest := s[i:]
	if len(rest) >= 3 && (rest[:3] == "```" || rest[:3] == "~~~") {
		return true
	}
	h := 0
	for h < len(rest) && h < 7 && rest[h] == '#' {
		h++
	}
	return h >= 1 && h <= 6 && (h == len(rest) || rest[h] == ' ' || rest[h] == '\t')
}

// capHeading returns heading text s cut to at most maxHeadingBytes bytes
// at a rune boundary, followed by "…" when cut.
func capHeading(s string) string {
	if len(s) <= maxHeadingBytes {
		return s
	}
	return s[:runeCut(s, maxHeadingBytes)] + "…"
}

// runeCut returns the largest n <= max such that s[:n] does not end
// inside a UTF-8 sequence of s; invalid bytes count as runes.
func runeCut(s string, max int) int {
	if max >= len(s) {
		return len(s)
	}
	for n := max; n > 0 && max-n < utf8.UTFMax; n-- {
		if utf8.RuneStart(s[n]) {
			return n
		}
	}
	return max
}
