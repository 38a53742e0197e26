// Package mdfence follows the code blocks of a Markdown document line by
// line ([Fence]), as CommonMark reads them closely enough for what
// memweave does with a line: a supersession marker, a link, a claim or
// a value quoted in code is an example, not a statement. It is the one
// place that decides what a fence is; curate (markers, removals, the
// form of copies) and conflict (claims) use it.
package mdfence

import (
	"regexp"
	"strings"
	"sync"
)

// Fence follows the code blocks of a document, line by line: fenced
// blocks, and indented ones (a line four columns past the enclosing
// list item's content, after a blank line, and the lines that follow it
// so indented), as CommonMark reads them closely enough for markers: a
// marker quoted in either is an example, not a resolution. Its zero
// value stands before the document's first line.
type Fence struct {
	char byte // '`' or '~' while in a fenced block, else 0
	n    int  // the length of the opening fence
	// indented is set while in an indented block, blank after a blank
	// line; lists holds the content columns of the open list items,
	// innermost last. The first line is not taken to follow a blank
	// one: a passage's text starts where the note's context is unknown
	// (the superseded lines of a nested list item, kept apart, start
	// indented), and only the note's own context makes an indented
	// line code.
	indented, blank bool
	lists           []int
	// open is the line that opened the fenced block, while in one.
	open string
}

// Code reports whether line, the next line of the document, is code: a
// fence that opens or closes a block (three or more backticks or
// tildes, after any indentation), a line inside one, or a line of an
// indented code block.
func (f *Fence) Code(line string) bool {
	t := strings.TrimLeft(line, " \t")
	c, n := fenceOf(t)
	if c == 0 && f.char == 0 {
		// A fence may open on a list item's line: "- ```bash".
		if item := ListItem().FindString(line); item != "" {
			c, n = fenceOf(line[len(item):])
		}
	}
	switch {
	case f.char != 0 && c == f.char && n >= f.n && strings.TrimSpace(t[n:]) == "":
		f.char = 0
		return true
	case f.char != 0:
		return true
	}
	afterBlank := f.blank
	if strings.TrimSpace(line) == "" {
		f.blank = true
		return false // a blank line keeps an indented block open, but is no marker
	}
	f.blank = false
	col := columns(line[:len(line)-len(t)])
	base := 0
	if k := len(f.lists); k > 0 {
		base = f.lists[k-1]
	}
	if col >= base+4 && (f.indented || afterBlank) {
		f.indented = true
		return true
	}
	f.indented = false
	if c != 0 {
		f.char, f.n, f.open = c, n, line
		return true
	}
	item := ListItem().FindString(line)
	if afterBlank || item != "" {
		for len(f.lists) > 0 && f.lists[len(f.lists)-1] > col {
			f.lists = f.lists[:len(f.lists)-1]
		}
	}
	if item != "" {
		f.lists = append(f.lists, columns(item))
	}
	return false
}

// Step reads line, the next line of the document, as [Fence.Code]
// does, and reports whether it is a fence that opens or closes a fenced
// block (fence) or a line inside one (inside); a line of an indented
// block is neither.
func (f *Fence) Step(line string) (fence, inside bool) {
	was := f.char
	f.Code(line)
	switch {
	case (was == 0) != (f.char == 0):
		return true, false
	case was != 0:
		return false, true
	}
	return false, false
}

// fenceOf returns the character and length of the code fence t starts
// with (three or more backticks, without one in its info string, or
// tildes), or 0, 0 when t starts with none.
func fenceOf(t string) (byte, int) {
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return 0, 0
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	if n < 3 || t[0] == '`' && strings.Contains(t[n:], "`") {
		return 0, 0
	}
	return t[0], n
}

// columns is the width of the white space and list marker s, a tab
// reaching the next multiple of four.
func columns(s string) int {
	col := 0
	for _, r := range s {
		if r == '\t' {
			col += 4 - col%4
		} else {
			col++
		}
	}
	return col
}

// Open returns the line that opened the fenced block the lines read so
// far leave open, or "" when none is open.
func (f *Fence) Open() string {
	if f.char == 0 {
		return ""
	}
	return f.open
}

// Marks returns the character and the length of the fence that opened
// the fenced block the lines read so far leave open; 0, 0 when none is.
func (f *Fence) Marks() (byte, int) {
	if f.char == 0 {
		return 0, 0
	}
	return f.char, f.n
}

// ListItem matches the marker of a list item at the start of a line,
// with the white space before and after it: "- ", "  * ", "1. ", "2)".
var ListItem = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[ \t]*(?:[-*+]|[0-9]{1,9}[.)])(?:[ \t]+|$)`)
})
