package chunker

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lines is the line table of an LF-normalised document.
//
// Line i (0-based) is s[start[i]:end[i]]; lines are separated by a single
// '\n', so the text of lines a..b inclusive is the substring
// s[start[a]:end[b]], already joined by "\n".
type lines struct {
	s     string
	start []int
	end   []int
	blank []bool
	// lastNB[j] is 1 + the index of the last non-blank line before line j,
	// or 0 if lines 0..j-1 are all blank. len(lastNB) == n+1. A chunk
	// covering lines [a, j) therefore ends, after trimming trailing blank
	// lines, at line lastNB[j]-1.
	lastNB []int
}

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

// newLines builds the line table of the LF-normalised text s. A final
// '\n' ends the last line rather than starting an empty one, so "a\n" has
// one line and "" has none.
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
		start:  make([]int, n),
		end:    make([]int, n),
		blank:  make([]bool, n),
		lastNB: make([]int, n+1),
	}
	pos := 0
	for i := 0; i < n; i++ {
		e := indexByteFrom(s, pos, '\n')
		l.start[i], l.end[i] = pos, e
		l.blank[i] = isBlank(s[pos:e])
		if l.blank[i] {
			l.lastNB[i+1] = l.lastNB[i]
		} else {
			l.lastNB[i+1] = i + 1
		}
		pos = e + 1
	}
	return l
}

// n returns the number of lines.
func (l *lines) n() int { return len(l.start) }

// lineOf returns the index of the line holding byte offset off of s.
func (l *lines) lineOf(off int) int {
	// Binary search for the last line starting at or before off.
	lo, hi := 0, len(l.start)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.start[m] <= off {
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
