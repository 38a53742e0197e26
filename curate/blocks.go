package curate

import (
	"strings"

	"github.com/memweave/memweave-go/internal/mdfence"
)

// Blocks follows the blocks of a document, line by line, whose lines
// mean what they do only inside them: fenced code blocks, as
// supersession markers read them (a fence of three or more backticks or
// tildes, after any indentation or a list item's marker, opens a block
// that a fence of the same character, at least as long, closes; a fence
// in an indented code block is code, not a fence), and tables (a row
// holding "|" followed by a delimiter row, as [BlockChanged] reads them,
// and the rows after them holding "|"). Its zero value stands before the
// document's first line.
type Blocks struct {
	f mdfence.Fence
	// prev is the last line read when it may be a table's header;
	// head and delim are the header and delimiter rows of the table
	// whose body the lines read so far are in.
	prev, head, delim string
}

// Next reads the document's next line, with or without its line ending.
func (b *Blocks) Next(line string) {
	if b.f.Code(line) {
		b.prev, b.head, b.delim = "", "", ""
		return
	}
	switch {
	case b.head != "" && strings.Contains(line, "|"):
		return // a row of the table
	case b.prev != "" && delimiterRow(line):
		b.head, b.delim, b.prev = b.prev, line, ""
		return
	}
	b.prev, b.head, b.delim = "", "", ""
	if strings.Contains(line, "|") {
		b.prev = line
	}
}

// Open returns the line, as given to Next, that opened the fenced block
// the lines read so far leave open, or "" when none is open.
func (b *Blocks) Open() string {
	return b.f.Open()
}

// State returns the lines that, read by a zero Blocks, leave it in the
// block these lines left open, as far as Lead and Closer read it: the
// fence that opened a fenced block, the header and delimiter rows of a
// table, a row that may be a table's header; nil for none.
func (b *Blocks) State() []string {
	switch {
	case b.Open() != "":
		return []string{b.Open()}
	case b.head != "":
		return []string{b.head, b.delim}
	case b.prev != "":
		return []string{b.prev}
	}
	return nil
}

// Lead returns the lines, as given to Next, that must come before next,
// the line after those read so far, for it to mean what it does in the
// document when it is quoted from there on: the opening line of the
// fenced block it is in (unless it closes that block), the header and
// delimiter rows of the table whose body it continues, or the header of
// the table whose delimiter row it is; nil when it needs none.
func (b *Blocks) Lead(next string) []string {
	if open := b.Open(); open != "" {
		g := b.f
		if g.Code(next); g.Open() == "" {
			return nil // next closes the block: none of it follows
		}
		return []string{open}
	}
	if b.head != "" && strings.Contains(next, "|") {
		return []string{b.head, b.delim}
	}
	if b.prev != "" && delimiterRow(next) {
		return []string{b.prev}
	}
	return nil
}

// Closer returns the line that closes the fenced block left open (the
// opening fence's characters at its column, past a list item's marker
// when the fence opened on the item's line, without its info string or
// line ending), or "" when none is open.
func (b *Blocks) Closer() string {
	open := b.Open()
	if open == "" {
		return ""
	}
	c, n := b.f.Marks()
	return indentOf(open) + strings.Repeat(string(c), n)
}
