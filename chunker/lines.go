package chunker

import (
	"bytes"
	"math"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lines is the line table of an LF-normalised document.
//
// Line i (0-based) is s[start(i):end(i)]; lines are separated by a single
// '\n', so the text of lines a..b inclusive is the substring
// s[start(a):end(b)], already joined by "\n". The table takes a little
// over four bytes a line, an offset as a uint32 and a bit: a document of
// one-character lines is two bytes a line.
type lines struct {
	s string
	// off[i] is the offset of line i in s; off[n] is the end of the last
	// line plus one, so that line i ends at off[i+1]-1.
	off []uint32
	// blanks has bit i%64 of word i/64 set when line i is blank.
	blanks []uint64
	// nbWord[k] is lastNB(64k), for the lines of word k of blanks.
	nbWord []uint32
}

// maxLinesBytes is the longest text a line table holds: offsets up to
// one past its end fit in a uint32 (and in an int on 32-bit systems).
const maxLinesBytes = min(math.MaxUint32-1, math.MaxInt)

// start returns the offset in s of line i.
func (l *lines) start(i int) int { return int(l.off[i]) }

// end returns the offset in s of the end of line i, its '\n' or the end
// of s.
func (l *lines) end(i int) int { return int(l.off[i+1]) - 1 }

// line returns the text of line i, without its '\n'.
func (l *lines) line(i int) string { return l.s[l.off[i] : l.off[i+1]-1] }

// lastNB returns 1 + the index of the last non-blank line before line j
// (0 <= j <= n), or 0 if there is none. A chunk covering lines [a, j)
// therefore ends, after trimming trailing blank lines, at line
// lastNB(j)-1.
func (l *lines) lastNB(j int) int {
	k := j >> 6
	if w := ^l.blanks[k] & (1<<(j&63) - 1); w != 0 {
		return k<<6 + 64 - bits.LeadingZeros64(w)
	}
	return int(l.nbWord[k])
}

// blank reports whether line i holds only white space.
func (l *lines) blank(i int) bool { return l.blanks[i>>6]&(1<<(i&63)) != 0 }

// normalize returns src with "\r\n" and lone "\r" replaced by "\n". It
// returns src itself when there is no '\r'.
func normalize(src []byte) []byte {
	i := bytes.IndexByte(src, '\r')
	if i < 0 {
		return src
	}
	out := make([]byte, i, len(src))
	copy(out, src[:i])
	for ; i < len(src); i++ {
		c := src[i]
		if c != '\r' {
			out = append(out, c)
			continue
		}
		out = append(out, '\n')
		if i+1 < len(src) && src[i+1] == '\n' {
			i++
		}
	}
	return out
}

// newLines builds the line table of the LF-normalised text s, of at
// most maxLinesBytes bytes. A final '\n' ends the last line rather than
// starting an empty one, so "a\n" has one line and "" has none.
func newLines(s string) *lines {
	n := 0
	if len(s) > 0 {
		n = 1 + strings.Count(s, "\n")
		if s[len(s)-1] == '\n' {
			n--
		}
	}
	l := &lines{
		s:      s,
		off:    make([]uint32, n+1),
		blanks: make([]uint64, n/64+1),
		nbWord: make([]uint32, n/64+1),
	}
	pos, nb := 0, 0
	for i := 0; i < n; i++ {
		if i&63 == 0 {
			l.nbWord[i>>6] = uint32(nb)
		}
		e := indexByteFrom(s, pos, '\n')
		l.off[i] = uint32(pos)
		if isBlank(s[pos:e]) {
			l.blanks[i>>6] |= 1 << (i & 63)
		} else {
			nb = i + 1
		}
		pos = e + 1
	}
	if n&63 == 0 {
		l.nbWord[n>>6] = uint32(nb)
	}
	l.off[n] = uint32(pos)
	return l
}

// n returns the number of lines.
func (l *lines) n() int { return len(l.off) - 1 }

// lineOf returns the index of the line holding byte offset off of s.
func (l *lines) lineOf(off int) int {
	// Binary search for the last line starting at or before off.
	lo, hi := 0, l.n()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.start(m) <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return 0
	}
	return lo - 1
}

// isBlank reports whether s holds only white space. Invalid UTF-8 is not
// white space.
func isBlank(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != ' ' && c != '\t' && c != '\v' && c != '\f' && c != '\r' {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			return false
		}
		i += size
	}
	return true
}

// indexByteFrom returns the index of the first c in s at or after from, or
// len(s) if there is none.
func indexByteFrom(s string, from int, c byte) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return len(s)
}
